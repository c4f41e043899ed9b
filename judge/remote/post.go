package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// maxResponse bounds what is read from a judge server.
const maxResponse = 1 << 20

// postJSON sends v as JSON to url, with a bearer key when one is given,
// and returns the body of a 200 response; any other status is an
// *HTTPError. It never retries: the decision's time is short.
func postJSON(ctx context.Context, client *http.Client, url, key string, v any) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("judge: encoding the request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("judge: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("judge: %w", err)
	}
	defer resp.Body.Close()
	rb, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return nil, fmt.Errorf("judge: reading the response: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, httpError(resp, rb)
	}
	return rb, nil
}
