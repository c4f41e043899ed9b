package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/audit"
)

// stats summarises the decision log.
func stats(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	path := audit.DefaultPath(os.Getenv)
	if fs.NArg() > 0 {
		path = fs.Arg(0)
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter stats: %v (the hooks write it unless ARBITER_LOG=off; see README)\n", err)
		return 1
	}
	defer f.Close()
	s, err := audit.Summarise(f)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter stats:", err)
		return 1
	}
	if *asJSON {
		b, _ := json.MarshalIndent(s, "", "  ")
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	s.Write(stdout)
	return 0
}
