// Command hooktime times hook commands as whole processes: start, read the
// payload on stdin, answer, exit. It runs the commands interleaved so that
// machine noise falls on both alike, and prints the median and p90 wall
// time of each and its ratio to the first command: the median of the
// ratios of runs made one after the other, which the machine's drifting
// speed moves far less than a ratio of two medians. It prints the same
// for each run's CPU time (the child's user and system time, as the
// kernel accounts it), which on a loaded machine moves less than the wall
// time: a run that waits for a core is not charged for the wait.
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
	cpus := make([][]time.Duration, len(cmds))
	for i := 0; i < *n+10; i++ {
		for c, argv := range cmds {
			d, cpu, err := once(argv, payload)
			if err != nil {
				fmt.Fprintf(os.Stderr, "hooktime: %s: %v\n", strings.Join(argv, " "), err)
				os.Exit(1)
			}
			if i >= 10 { // the first runs warm the page cache
				times[c] = append(times[c], d)
				cpus[c] = append(cpus[c], cpu)
			}
		}
	}
	for c, argv := range cmds {
		fmt.Printf("%-45s %s  cpu %s\n", strings.Join(argv, " "), summary(times[c], times[0]), summary(cpus[c], cpus[0]))
	}
}

// summary is the median and p90 of runs and the median of their ratios to
// the first command's runs of the same rounds.
func summary(runs, first []time.Duration) string {
	ratios := make([]float64, len(runs))
	for i, d := range runs {
		ratios[i] = float64(d) / float64(max(first[i], time.Microsecond))
	}
	sort.Float64s(ratios)
	sorted := slices.Clone(runs)
	slices.Sort(sorted)
	med := sorted[len(sorted)/2]
	p90 := sorted[len(sorted)*9/10]
	return fmt.Sprintf("median %7.2f ms  p90 %7.2f ms  %.2f× the first",
		float64(med.Microseconds())/1000, float64(p90.Microseconds())/1000, ratios[len(ratios)/2])
}

func once(argv []string, payload []byte) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(payload)
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if err == nil && out.Len() == 0 {
		err = fmt.Errorf("no answer")
	}
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return wall, cpu, err
}
