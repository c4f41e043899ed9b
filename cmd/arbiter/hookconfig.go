package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
)

// setupError is the configuration problem the hook answers as such: a
// file that could not be used (its rules are missing, so nothing the
// static policy would allow is let through), and, when failing closed,
// any problem at all, a wrong judge setting included. A wrong judge
// setting alone only switches the judge off.
func setupError(g *gate.Gate, err error, failClosed bool) error {
	if broken := g.Broken(); len(broken) > 0 {
		return fmt.Errorf("the configuration cannot be used: %w", broken)
	}
	if failClosed && err != nil {
		return fmt.Errorf("the configuration has a problem: %w", err)
	}
	return nil
}

// quietAbout drops the lines that only repeat a configuration problem the
// gate has already reported today.
func quietAbout(w io.Writer, g *gate.Gate, setup error) io.Writer {
	var known [][]byte
	for _, p := range g.Problems {
		known = append(known, []byte(p.Error()))
	}
	if setup != nil {
		known = append(known, []byte(setup.Error()))
	}
	return &quietWriter{w: w, known: known, projects: g.Projects}
}

type quietWriter struct {
	w        io.Writer
	known    [][]byte
	projects *gate.Projects // problems of project files, found as calls come
}

func (q *quietWriter) Write(b []byte) (int, error) {
	for _, k := range q.known {
		if bytes.Contains(b, k) {
			return len(b), nil
		}
	}
	if q.projects != nil && q.projects.Mentions(b) {
		return len(b), nil
	}
	return q.w.Write(b)
}

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
