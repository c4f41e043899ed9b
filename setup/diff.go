package setup

import (
	"strings"
)

// diff shows how b differs from a, line by line: removed lines start
// with "-", added lines with "+", and unchanged lines are elided to the
// two around each change.
func diff(a, b []byte) string {
	x := strings.SplitAfter(string(a), "\n")
	y := strings.SplitAfter(string(b), "\n")
	if len(x) > 0 && x[len(x)-1] == "" {
		x = x[:len(x)-1]
	}
	if len(y) > 0 && y[len(y)-1] == "" {
		y = y[:len(y)-1]
	}
	// Longest common subsequence over lines; settings files are small.
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte
		text string
	}
	var lines []line
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			lines = append(lines, line{' ', x[i]})
			i++
			j++
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			lines = append(lines, line{'+', y[j]})
			j++
		default:
			lines = append(lines, line{'-', x[i]})
			i++
		}
	}
	var out strings.Builder
	const context = 2
	skipped := false
	for k, l := range lines {
		near := false
		for d := -context; d <= context; d++ {
			if k+d >= 0 && k+d < len(lines) && lines[k+d].op != ' ' {
				near = true
				break
			}
		}
		if l.op == ' ' && !near {
			if !skipped {
				out.WriteString("  …\n")
				skipped = true
			}
			continue
		}
		skipped = false
		out.WriteByte(l.op)
		out.WriteByte(' ')
		out.WriteString(strings.TrimSuffix(l.text, "\n"))
		out.WriteByte('\n')
	}
	return out.String()
}
