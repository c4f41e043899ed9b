package code

import (
	"regexp"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// cargo test runs the code blocks of a library's documentation as doc
// tests: each one rustdoc takes for Rust is compiled, wrapped in fn main
// when it has none, and run. RustDocTests finds them so they are read as
// the crate's own code is.

// RustDoc is what a Rust file's documentation holds for cargo test.
type RustDoc struct {
	Tests []string // the doc tests' code, each a program of its own
	// Includes are the files #[doc = include_str!("…")] puts in the
	// documentation (a README), relative to the file.
	Includes []string
	// Unread names a doc attribute whose text arbiter does not take
	// apart (#[doc = …] other than include_str!).
	Unread string
}

// Doc attributes, compiled on first use.
var (
	rustDocInclude = lazy.New(func() *regexp.Regexp {
		return regexp.MustCompile(`#!?\[\s*doc\s*=\s*include_str!\s*\(\s*"([^"\\]+)"\s*\)\s*\]`)
	})
	rustDocAttr = lazy.New(func() *regexp.Regexp { return regexp.MustCompile(`#!?\[\s*doc\s*=`) })
)

// RustDocTests returns the doc tests of a Rust file: the code blocks of
// its /// and //! comments and /** */ and /*! */ blocks, and what its doc
// attributes bring in.
func RustDocTests(text string) RustDoc {
	var doc RustDoc
	for _, m := range rustDocInclude.Get().FindAllStringSubmatch(text, -1) {
		doc.Includes = append(doc.Includes, m[1])
	}
	if n := len(rustDocAttr.Get().FindAllStringIndex(text, -1)); n > len(doc.Includes) {
		doc.Unread = "a #[doc = …] attribute that is not include_str! of a file"
	}
	doc.Tests = MarkdownRustBlocks(rustDocText(text))
	return doc
}

// rustDocText joins the text of a Rust file's doc comments, a line each.
// A line that only opens a comment block is taken for its text too; the
// blocks' leading " * " is dropped.
func rustDocText(text string) string {
	var b strings.Builder
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case inBlock:
			if i := strings.Index(t, "*/"); i >= 0 {
				t, inBlock = t[:i], false
			}
			t = strings.TrimPrefix(strings.TrimPrefix(t, "*"), " ")
		case strings.HasPrefix(t, "///") && !strings.HasPrefix(t, "////"), strings.HasPrefix(t, "//!"):
			t = strings.TrimPrefix(t[3:], " ")
		case strings.HasPrefix(t, "/**") && !strings.HasPrefix(t, "/***"), strings.HasPrefix(t, "/*!"):
			t, inBlock = strings.TrimSpace(t[3:]), true
			if i := strings.Index(t, "*/"); i >= 0 {
				t, inBlock = t[:i], false
			}
		default:
			b.WriteString("\n") // a line of code ends any fence's paragraph
			continue
		}
		b.WriteString(t)
		b.WriteString("\n")
	}
	return b.String()
}

// MarkdownRustBlocks returns the fenced code blocks of Markdown text that
// rustdoc compiles and runs as doc tests: those whose info string is
// empty or names only rust and the attributes that still run it. A
// block's hidden lines ("# code") are code; a block without fn main is
// wrapped in one, as rustdoc does.
func MarkdownRustBlocks(text string) []string {
	var out []string
	var body []string
	fence, runs := "", false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if fence == "" {
			if f := fenceOf(t); f != "" {
				fence, runs, body = f, docTestRuns(strings.TrimSpace(strings.TrimLeft(t, f[:1]))), nil
			}
			continue
		}
		if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
			if runs {
				out = append(out, docTestProgram(body))
			}
			fence = ""
			continue
		}
		body = append(body, hiddenLine(line))
	}
	if fence != "" && runs {
		out = append(out, docTestProgram(body)) // an unclosed fence runs to the end
	}
	return out
}

// fenceOf returns the fence a line opens (``` or ~~~, or longer), or "".
func fenceOf(t string) string {
	for _, c := range []string{"`", "~"} {
		n := len(t) - len(strings.TrimLeft(t, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// docTestRuns reports whether rustdoc runs a block with this info string.
func docTestRuns(info string) bool {
	for _, w := range strings.FieldsFunc(info, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '{' || r == '}' }) {
		switch {
		case w == "rust" || w == "should_panic" || w == "test_harness" || strings.HasPrefix(w, "edition"):
		default:
			return false // another language, or ignore, no_run, compile_fail
		}
	}
	return true
}

// hiddenLine is a doc test line with rustdoc's "# " hiding taken off.
func hiddenLine(line string) string {
	t := strings.TrimLeft(line, " ")
	if t == "#" || strings.HasPrefix(t, "# ") {
		return strings.TrimPrefix(strings.TrimPrefix(t, "#"), " ")
	}
	return line
}

// docTestProgram is a doc test's code as rustdoc compiles it.
func docTestProgram(body []string) string {
	src := strings.Join(body, "\n") + "\n"
	if strings.Contains(src, "fn main") {
		return src
	}
	return "fn main() {\n" + src + "}\n"
}
