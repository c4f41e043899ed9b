package judge

import "context"

// Backend answers the questions about a state.
type Backend interface {
	// Ask returns an answer per question and the model that answered.
	Ask(ctx context.Context, st State, qs []Question) (Answers, string, error)
	// Name identifies the backend and its model, for cache keys and logs.
	Name() string
}
