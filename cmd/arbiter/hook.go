package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/judge"
)

func hookCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("hook", stderr)
	failClosed := fs.Bool("fail-closed", false, "answer unreadable input with the runtime's deny instead of defer")
	if len(args) > 0 && isHelp(args[0]) {
		status, _ := parseFlags(fs, args[:1])
		return status
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "arbiter hook: name the runtime: %s\n", strings.Join(hook.Runtimes(), ", "))
		return 2
	}
	runtime := args[0]
	if status, done := parseFlags(fs, args[1:]); done {
		return status
	}
	g, cfg, err := gate.FromConfig(gate.Options{Log: stderr})
	opt := hook.Options{FailClosed: *failClosed, Setup: setupError(g, err, *failClosed)}
	// The gate reports each configuration problem once a day; the hook
	// would repeat it on every call.
	stderr = quietAbout(stderr, g, opt.Setup)
	shadow := g.Judge != nil && g.Judge.Mode() == judge.Shadow
	if p := audit.PathFor(cfg.Get("ARBITER_LOG"), shadow, os.Getenv); p != "" {
		log := &audit.Log{Path: p}
		opt.Record = func(call arbiter.Call, d arbiter.Decision) {
			if err := log.Write(runtime, call, d); err != nil {
				fmt.Fprintln(stderr, "arbiter hook:", err)
			}
		}
	}
	return hook.Run(context.Background(), runtime, stdin, stdout, stderr, g, opt)
}
