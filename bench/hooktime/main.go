// Command hooktime times hook commands as whole processes: start, read the
// payload on stdin, answer, exit. It runs the commands interleaved so that
// machine noise falls on both alike, and prints the median and p90 wall
// time of each and its ratio to the first command: the median of the
// ratios of runs made one after the other, which the machine's drifting
// speed moves far less than a ratio of two medians.
//
//	hooktime -n 400 -payload p.json -- ./floor -- ./arbiter hook claude
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
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
	for c, argv := range cmds {
		ratios := make([]float64, len(times[c]))
		for i, d := range times[c] {
			ratios[i] = float64(d) / float64(times[0][i])
		}
		sort.Float64s(ratios)
		sorted := slices.Clone(times[c])
		slices.Sort(sorted)
		med := sorted[len(sorted)/2]
		p90 := sorted[len(sorted)*9/10]
		fmt.Printf("%-45s median %7.2f ms  p90 %7.2f ms  %.2f× the first\n", strings.Join(argv, " "),
			float64(med.Microseconds())/1000, float64(p90.Microseconds())/1000, ratios[len(ratios)/2])
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
