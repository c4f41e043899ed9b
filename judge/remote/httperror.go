package remote

import (
	"fmt"
	"net/http"
	"strings"
)

// HTTPError is a response other than 200 from a judge server.
type HTTPError struct {
	Status     int
	RetryAfter string
	Body       string
}

func (e *HTTPError) Error() string {
	var what string
	switch {
	case e.Status == 400 || e.Status == 422:
		what = "the server rejected the request as invalid"
	case e.Status == 401 || e.Status == 403:
		what = "the key was refused; check TYPESAFE_API_KEY"
	case e.Status == 404:
		what = "the server does not know the model; check ARBITER_JUDGE_MODEL"
	case e.Status == 413:
		what = "the request was too large"
	case e.Status == 429 || e.Status == 529:
		what = "the server is rate-limiting or overloaded"
		if e.RetryAfter != "" {
			what += " (retry after " + e.RetryAfter + "s)"
		}
	case e.Status >= 500:
		what = "the server failed"
	default:
		what = "unexpected response"
	}
	body := strings.TrimSpace(e.Body)
	if len(body) > 200 {
		body = body[:200] + "…"
	}
	if body != "" {
		return fmt.Sprintf("judge: HTTP %d: %s: %s", e.Status, what, body)
	}
	return fmt.Sprintf("judge: HTTP %d: %s", e.Status, what)
}

// httpError reads a failed response into an HTTPError.
func httpError(resp *http.Response, body []byte) error {
	return &HTTPError{Status: resp.StatusCode, RetryAfter: resp.Header.Get("Retry-After"), Body: string(body)}
}
