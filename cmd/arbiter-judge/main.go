// Command arbiter-judge is the part of arbiter that talks to a judge
// server. arbiter runs it only for a call the static policy deferred, with
// a judge configured, and only after the call passed the privacy checks:
// `arbiter-judge ask` reads {spec, state, questions} on stdin, asks the
// server once, and writes {answers, model} or {error} on stdout.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/judge/remote"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] != "ask" {
		fmt.Fprintln(stderr, "usage: arbiter-judge ask < request.json (arbiter runs this; see README)")
		return 2
	}
	resp := ask(stdin)
	if err := json.NewEncoder(stdout).Encode(resp); err != nil {
		fmt.Fprintln(stderr, "arbiter-judge: writing the answer:", err)
		return 1
	}
	return 0
}

func ask(stdin io.Reader) judge.HelperResponse {
	var req judge.HelperRequest
	if err := json.NewDecoder(io.LimitReader(stdin, 16<<20)).Decode(&req); err != nil {
		return judge.HelperResponse{Error: "arbiter-judge: the request is not valid JSON: " + err.Error()}
	}
	b, err := remote.New(req.Spec, nil)
	if err != nil {
		return judge.HelperResponse{Error: "arbiter-judge: " + err.Error()}
	}
	ctx := context.Background()
	if req.Spec.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, req.Spec.Timeout)
		defer cancel()
	}
	a, model, err := b.Ask(ctx, req.State, req.Questions)
	if err != nil {
		return judge.HelperResponse{Model: model, Error: err.Error()}
	}
	return judge.HelperResponse{Answers: a, Model: model}
}
