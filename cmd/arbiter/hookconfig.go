package main

import (
	"fmt"
	"io"

	"github.com/arbitergate/arbiter/config"
)

// reportTo prints every configuration problem, for the commands a person
// runs (the hooks print each at most once a day).
func reportTo(w io.Writer, cmd string) func(config.Problem) {
	return func(p config.Problem) {
		switch p.Effect {
		case config.FileIgnored:
			fmt.Fprintf(w, "%s: configuration problem: %v; deciding with the static policy, and nothing it would allow is allowed\n", cmd, p)
		default:
			fmt.Fprintf(w, "%s: configuration problem: %v\n", cmd, p)
		}
	}
}
