package remote

import (
	"fmt"
	"net/http"

	"github.com/arbitergate/arbiter/judge"
)

// New returns the HTTP backend a spec names.
func New(s judge.Spec, client *http.Client) (judge.Backend, error) {
	if client == nil {
		client = &http.Client{}
	}
	switch s.Backend {
	case "systemone":
		return &SystemOne{BaseURL: s.URL, Key: s.Key, Model: s.Model, Client: client}, nil
	case "openai":
		return &OpenAI{BaseURL: s.URL, Key: s.Key, Model: s.Model, Client: client}, nil
	}
	return nil, fmt.Errorf("unknown judge backend %q (want systemone or openai)", s.Backend)
}
