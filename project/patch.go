package project

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode"
)

// ErrPatchUnread marks a patch whose files cannot all be named: a format
// other than unified or git diffs (an ed script, which GNU patch hands to
// ed; a normal or context diff), a quoted or spaced name, a symbolic link,
// a submodule or a copy, or a text with no file headers at all.
var ErrPatchUnread = errors.New("the patch's files cannot all be named")

func patchUnread(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrPatchUnread, fmt.Sprintf(format, args...))
}

// maxPatchTargets bounds the names one patch may give.
const maxPatchTargets = 4096

// PatchTarget is one file a patch writes, creates or deletes, named as
// its headers name it.
type PatchTarget struct {
	Name string
	// Prefixed is set for names from ---/+++, "diff --git" and "Index:"
	// lines, which patch -pN strips by N components; git's rename lines
	// carry no a/ or b/ and lose one fewer.
	Prefixed bool
	// Delete and Create say that the patch removes or makes the file (a
	// reversed patch does the opposite).
	Delete, Create bool
}

// ParsePatch lists every name a unified or git diff may write or delete.
// A name is listed under each reading a tool may give it (the old and the
// new header, the Index: line), so the list may hold more than the tool
// touches, never less. Text outside the file headers (commit messages,
// hunks) is skipped, as git apply and GNU patch skip it.
func ParsePatch(text string) ([]PatchTarget, error) {
	if len(text) > MaxManifest {
		return nil, patchUnread("the patch is over the %d bytes read", MaxManifest)
	}
	var p patchReader
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		next := ""
		if i+1 < len(lines) {
			next = strings.TrimSuffix(lines[i+1], "\r")
		}
		used, err := p.line(strings.TrimSuffix(lines[i], "\r"), next)
		if err != nil {
			return nil, err
		}
		if used {
			i++
		}
		if len(p.out) > maxPatchTargets {
			return nil, patchUnread("it names more than %d files", maxPatchTargets)
		}
	}
	p.flush()
	if len(p.out) == 0 {
		return nil, patchUnread("it has no unified or git diff headers")
	}
	return p.out, nil
}

// patchSection is one file's headers.
type patchSection struct {
	git              bool // began with diff --git
	headers          bool // its ---/+++ lines were read
	names            []string
	renameFrom       string
	renameTo         string
	created, deleted bool
}

type patchReader struct {
	out   []PatchTarget
	cur   *patchSection
	index string
}

// line reads one line; used reports that it also read next (the +++ line
// after a --- line).
func (p *patchReader) line(line, next string) (used bool, err error) {
	line, next = patchIndent(line), patchIndent(next)
	switch {
	case strings.HasPrefix(line, "diff --git "):
		p.flush()
		p.cur = &patchSection{git: true}
		return false, p.gitNames(strings.TrimPrefix(line, "diff --git "))
	case strings.HasPrefix(line, "Index:"):
		p.index = strings.TrimSpace(strings.TrimPrefix(line, "Index:"))
	case oldHeader(line) != "" && strings.HasPrefix(next, "+++ "):
		return true, p.headers(oldHeader(line), next[4:])
	case strings.HasPrefix(line, "+++ ") && oldHeader(next) != "":
		// GNU patch takes the two in either order.
		return true, p.headers(oldHeader(next), line[4:])
	case oldHeader(line) != "":
		return false, p.lone(oldHeader(line))
	case strings.HasPrefix(line, "+++ "):
		return false, p.lone(line[4:])
	case strings.HasPrefix(line, "*** ") && strings.HasPrefix(next, "--- "), strings.HasPrefix(line, "***************"):
		return false, patchUnread("it holds a context diff, which is not read")
	case otherDiffCommand(line):
		return false, patchUnread("it holds an ed script or a normal diff (%q), which GNU patch may hand to ed", clip(line))
	case p.cur != nil && p.cur.git && !p.cur.headers:
		return false, p.extended(line)
	}
	return false, nil
}

// gitNames reads the names of a "diff --git a/x b/x" line, which stand
// alone for a change of mode or a binary file; a name with a space cannot
// be split from the other.
func (p *patchReader) gitNames(rest string) error {
	if strings.HasPrefix(rest, "\"") || strings.Count(rest, " ") != 1 {
		return patchUnread("the file names of %q", clip("diff --git "+rest))
	}
	a, b, _ := strings.Cut(rest, " ")
	if a == "" || b == "" || !plainPatchName(a) || !plainPatchName(b) {
		return patchUnread("the file names of %q", clip("diff --git "+rest))
	}
	p.cur.names = append(p.cur.names, a, b)
	return nil
}

func (p *patchReader) headers(oldH, newH string) error {
	old, err := headerName(oldH)
	if err != nil {
		return err
	}
	nw, err := headerName(newH)
	if err != nil {
		return err
	}
	if p.cur == nil || !p.cur.git || p.cur.headers {
		p.flush()
		p.cur = &patchSection{}
	}
	s := p.cur
	s.headers = true
	s.names = append(s.names, old, nw)
	s.created = s.created || old == "/dev/null"
	s.deleted = s.deleted || nw == "/dev/null"
	if p.index != "" {
		s.names = append(s.names, p.index)
		p.index = ""
	}
	return nil
}

// patchIndent drops what GNU patch skips before a header: the spaces,
// tabs and X's of an indented or quoted patch.
func patchIndent(line string) string {
	return strings.TrimLeft(line, " \tX")
}

// oldHeader returns the text after a --- header, which GNU patch also
// reads behind "# " and RFC 934's "- "; "" when line is none.
func oldHeader(line string) string {
	for strings.HasPrefix(line, "# ") || strings.HasPrefix(line, "- ") {
		line = line[2:]
	}
	if h, ok := strings.CutPrefix(line, "--- "); ok && h != "" {
		return h
	}
	return ""
}

// lone reads a --- or +++ header without its partner, which GNU patch
// applies alone; the name may be either side's.
func (p *patchReader) lone(h string) error {
	name, err := headerName(h)
	if err != nil {
		return err
	}
	p.flush()
	p.cur = &patchSection{headers: true, names: []string{name, name}}
	if p.index != "" {
		p.cur.names = append(p.cur.names, p.index)
		p.index = ""
	}
	return nil
}

// extended reads git's extended headers, between diff --git and ---.
func (p *patchReader) extended(line string) error {
	s := p.cur
	switch {
	case strings.HasPrefix(line, "rename from "), strings.HasPrefix(line, "rename to "):
		dir, name, _ := strings.Cut(strings.TrimPrefix(line, "rename "), " ")
		if name == "" || strings.HasPrefix(name, "\"") || !plainPatchName(name) {
			return patchUnread("the file name of %q", clip(line))
		}
		if dir == "from" {
			s.renameFrom = name
		} else {
			s.renameTo = name
		}
	case strings.HasPrefix(line, "copy from "), strings.HasPrefix(line, "copy to "):
		return patchUnread("it copies a file (%q), reading one the headers do not judge", clip(line))
	case strings.Contains(line, " 120000"), strings.Contains(line, " 160000"):
		if strings.HasPrefix(line, "index ") || strings.HasSuffix(line, "mode 120000") || strings.HasSuffix(line, "mode 160000") {
			return patchUnread("it makes or changes a symbolic link or a submodule (%q)", clip(line))
		}
	case strings.HasPrefix(line, "new file mode "):
		s.created = true
	case strings.HasPrefix(line, "deleted file mode "):
		s.deleted = true
	}
	return nil
}

// flush turns the section read into targets.
func (p *patchReader) flush() {
	s := p.cur
	p.cur = nil
	if s == nil {
		return
	}
	for k, n := range s.names {
		if n == "/dev/null" {
			continue
		}
		// Names come in pairs, old then new; the Index: name and the
		// names of a section with only a diff --git line may be either.
		either := k >= 2 && !s.git || s.git && !s.headers
		old, nw := k%2 == 0 || either, k%2 == 1 || either
		p.out = append(p.out, PatchTarget{Name: n, Prefixed: true, Delete: s.deleted && old, Create: s.created && nw})
	}
	if s.renameFrom != "" {
		p.out = append(p.out, PatchTarget{Name: s.renameFrom, Delete: true})
	}
	if s.renameTo != "" {
		p.out = append(p.out, PatchTarget{Name: s.renameTo, Create: true})
	}
}

// headerName takes the name from a ---/+++ header, which a tab and a
// date may follow.
func headerName(h string) (string, error) {
	name, _, _ := strings.Cut(h, "\t")
	name = strings.TrimRight(name, " ")
	if strings.HasPrefix(name, "\"") {
		return "", patchUnread("the quoted file name %q", clip(name))
	}
	if name == "" || !plainPatchName(name) {
		return "", patchUnread("the file name in %q", clip(h))
	}
	return name, nil
}

// plainPatchName reports whether a name holds no space or control
// character: GNU patch ends a name at any of them (a vertical tab, a form
// feed), so a name holding one may not be the name it writes.
func plainPatchName(name string) bool {
	return !strings.ContainsFunc(name, func(r rune) bool {
		return r <= ' ' || r == 0x7f || unicode.IsSpace(r) || unicode.IsControl(r)
	})
}

// otherDiffCommand reports whether a line is an ed command (5a, 3,7c, 12d)
// or a normal diff's change line (5c5, 3,4d2): GNU patch hands the first to
// ed, and applies the second to a file no header names.
func otherDiffCommand(line string) bool {
	k := digitsAndCommas(line, 0)
	if k == 0 || k >= len(line) || !strings.ContainsRune("acdis", rune(line[k])) {
		return false
	}
	if k == len(line)-1 {
		return true
	}
	return digitsAndCommas(line, k+1) == len(line)
}

func digitsAndCommas(s string, k int) int {
	for k < len(s) && (s[k] >= '0' && s[k] <= '9' || s[k] == ',') {
		k++
	}
	return k
}

// StripPatchName removes n leading components from a header name, as
// patch -pN does; ok is false when it has fewer than n+1.
func StripPatchName(name string, n int) (string, bool) {
	for k := 0; k < n; k++ {
		_, rest, ok := strings.Cut(name, "/")
		if !ok {
			return "", false
		}
		name = strings.TrimLeft(rest, "/") // a//b is one separator
	}
	if strings.Trim(name, "/") == "" {
		return "", false
	}
	return path.Clean(name), true
}
