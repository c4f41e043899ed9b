package code

import (
	"fmt"
	"strconv"
	"strings"
)

// goDirectives finds the //go:generate lines as go generate does: by
// line, wherever they are (in a raw string too: go generate is not a Go
// parser).
func goDirectives(src string) []Directive {
	var out []Directive
	for n, line := range strings.Split(src, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if rest, ok := strings.CutPrefix(line, "//go:generate"); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\t")) {
			out = append(out, Directive{Line: n + 1, Text: rest})
		}
	}
	return out
}

// GoGenerateWords splits a //go:generate directive into words the way go
// generate does: blanks separate words, a double-quoted word is a Go
// string literal. It does not expand variables.
func GoGenerateWords(text string) ([]string, error) {
	var words []string
	line := text
	for {
		line = strings.TrimLeft(line, " \t")
		if line == "" {
			return words, nil
		}
		if line[0] != '"' {
			i := strings.IndexAny(line, " \t")
			if i < 0 {
				i = len(line)
			}
			words = append(words, line[:i])
			line = line[i:]
			continue
		}
		end := -1
		for i := 1; i < len(line); i++ {
			if line[i] == '\\' {
				i++
				continue
			}
			if line[i] == '"' {
				end = i
				break
			}
		}
		if end < 0 {
			return nil, fmt.Errorf("mismatched quoted string in %q", text)
		}
		w, err := strconv.Unquote(line[:end+1])
		if err != nil {
			return nil, fmt.Errorf("bad quoted string in %q", text)
		}
		words = append(words, w)
		line = line[end+1:]
		if line != "" && line[0] != ' ' && line[0] != '\t' {
			return nil, fmt.Errorf("no space after a quoted argument in %q", text)
		}
	}
}
