package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/report"
)

// reportCmd writes the HTML report of a decision log or a replay.
func reportCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var logs fileList
	fs.Var(&logs, "log", "a decision log to report on, or a file the Collector's file exporter wrote; give it again for more (a team's), shown per user and project (default: the log the hooks write)")
	fromReplay := fs.Bool("replay", false, "report on a replay of sessions (the PATHs, or every session under your home)")
	out := fs.String("o", "report.html", "the HTML file to write")
	var rf replayFlags
	rf.register(fs)
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *fromReplay && len(logs) > 0 {
		fmt.Fprintln(stderr, "arbiter report: give --log or --replay, not both")
		return 2
	}
	if !*fromReplay && len(paths) > 0 {
		fmt.Fprintln(stderr, "arbiter report: session paths go with --replay")
		return 2
	}
	var data report.Data
	if *fromReplay {
		res, code := rf.run(paths, stderr)
		if code != 0 {
			return code
		}
		data = report.FromReplay(res, "replay of your sessions")
	} else {
		if len(logs) == 0 {
			logs = fileList{audit.DefaultPath(os.Getenv)}
		}
		var code int
		if data, code = readLogs(logs, stderr); code != 0 {
			return code
		}
	}
	if err := writePrivate(*out, func(w io.Writer) error { return report.Write(w, data, time.Now()) }); err != nil {
		fmt.Fprintln(stderr, "arbiter report:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%d calls); it holds commands from your sessions, so it is readable only by you (mode 0600)\n", *out, len(data.Entries))
	return 0
}

// fileList is a flag given once per file.
type fileList []string

func (l *fileList) String() string     { return strings.Join(*l, ", ") }
func (l *fileList) Set(s string) error { *l = append(*l, s); return nil }

// readLogs reads every log into one report; a log that cannot be read
// fails the report, naming it.
func readLogs(logs fileList, stderr io.Writer) (report.Data, int) {
	var parts []report.Data
	for _, p := range logs {
		f, err := os.Open(p)
		if err != nil {
			fmt.Fprintf(stderr, "arbiter report: %v (the hooks write it unless ARBITER_LOG=off; or report on your sessions with --replay)\n", err)
			return report.Data{}, 1
		}
		d, err := report.FromLog(f, p)
		f.Close()
		if err != nil {
			fmt.Fprintln(stderr, "arbiter report:", err)
			return report.Data{}, 1
		}
		parts = append(parts, d)
	}
	if len(parts) == 1 {
		parts[0].Source = "decision log " + logs[0]
		return parts[0], 0
	}
	return report.Merge(fmt.Sprintf("%d decision logs (%s)", len(logs), strings.Join(logs, ", ")), parts...), 0
}

// writePrivate writes a file created 0600: to a temporary file beside
// it (CreateTemp makes it 0600), renamed into place when complete, so
// that no one else can read it even for a moment, whatever was there.
func writePrivate(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
