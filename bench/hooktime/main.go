// Command hooktime times hook commands as whole processes: start, read the
// payload on stdin, answer, exit. It runs the commands interleaved so that
// machine noise falls on both alike, and prints the median and p90 wall
// time of each and their ratio.
//
//	hooktime -n 400 -payload p.json -- ./floor -- ./arbiter hook claude
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 300, "runs of each command")
	payloadFile := flag.String("payload", "", "the hook payload to send on stdin")
	flag.Parse()
	payload, err := os.ReadFile(*payloadFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hooktime:", err)
		os.Exit(1)
	}
	var cmds [][]string
	var cur []string
	for _, a := range flag.Args() {
		if a == "--" {
			if len(cur) > 0 {
				cmds = append(cmds, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, a)
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	if len(cmds) == 0 {
		fmt.Fprintln(os.Stderr, "hooktime: give commands separated by --")
		os.Exit(2)
	}
	times := make([][]time.Duration, len(cmds))
	for i := 0; i < *n+10; i++ {
		for c, argv := range cmds {
			d, err := once(argv, payload)
			if err != nil {
				fmt.Fprintf(os.Stderr, "hooktime: %s: %v\n", strings.Join(argv, " "), err)
				os.Exit(1)
			}
			if i >= 10 { // the first runs warm the page cache
				times[c] = append(times[c], d)
			}
		}
	}
	var base time.Duration
	for c, argv := range cmds {
		sort.Slice(times[c], func(i, j int) bool { return times[c][i] < times[c][j] })
		med := times[c][len(times[c])/2]
		p90 := times[c][len(times[c])*9/10]
		if c == 0 {
			base = med
		}
		fmt.Printf("%-45s median %7.2f ms  p90 %7.2f ms  %.2f× the first\n", strings.Join(argv, " "),
			float64(med.Microseconds())/1000, float64(p90.Microseconds())/1000, float64(med)/float64(base))
	}
}

func once(argv []string, payload []byte) (time.Duration, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(payload)
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err == nil && out.Len() == 0 {
		err = fmt.Errorf("no answer")
	}
	return d, err
}
