package policy

import (
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// globFiles returns the files a pattern (an absolute path holding *, ?
// or [) may expand to, each resolved through its links as a plain path
// is: the files on disk that match it now (the first globMatches), and
// the files and links the same command line creates, matched by name. A
// link the line creates is followed to its target. It returns nil when
// nothing matches: the shell then passes the pattern itself, which is
// judged as it is written.
func (j *judgement) globFiles(pattern string) []string {
	var out []string
	add := func(match string) {
		if !globShows(pattern, match) {
			return
		}
		if abs := j.res.Resolve(match, ""); abs != "" && !slices.Contains(out, abs) {
			out = append(out, abs)
		}
	}
	if scannable(pattern) {
		matches, _ := filepath.Glob(pattern) // a malformed pattern matches nothing
		for k, m := range matches {
			if k >= globMatches {
				break
			}
			add(filepath.ToSlash(m))
		}
	}
	for _, l := range j.res.NewLinks() {
		add(l)
		for _, f := range j.throughNewFolder(pattern, l) {
			add(f)
		}
	}
	for _, f := range slices.Sorted(maps.Keys(j.written)) {
		if !strings.HasSuffix(f, "/") { // a folder unpacked into: its files are not named
			add(f)
		}
	}
	return out
}

// globShows reports whether the shell expands pattern to match: the
// names match, and a hidden file is only matched by a pattern that
// starts with a dot, as Bash does without dotglob.
func globShows(pattern, match string) bool {
	if ok, err := path.Match(pattern, match); err != nil || !ok {
		return false
	}
	return !strings.HasPrefix(path.Base(match), ".") || strings.HasPrefix(path.Base(pattern), ".")
}

// throughNewFolder returns the paths a pattern may name below a link the
// line creates that one of its folders matches (ln -s ~ hh; echo x >>
// h*/.bashrc): the link's path joined with the rest of the pattern, the
// rest expanded on disk where the link leads when it is a pattern too.
// The shell would match the files once the link exists; they are named
// through the link, so that add resolves them to where they land.
func (j *judgement) throughNewFolder(pattern, link string) []string {
	depth := strings.Count(link, "/")
	parts := strings.Split(pattern, "/")
	if len(parts) <= depth+1 {
		return nil
	}
	head, rest := strings.Join(parts[:depth+1], "/"), strings.Join(parts[depth+1:], "/")
	if ok, err := path.Match(head, link); err != nil || !ok || head == link {
		return nil // a folder named plainly was resolved through the link already
	}
	if !strings.ContainsAny(rest, "*?[") {
		return []string{path.Join(link, rest)}
	}
	target := j.res.Resolve(link, "")
	matches, _ := filepath.Glob(path.Join(target, rest))
	out := make([]string, 0, len(matches))
	for k, m := range matches {
		if k >= globMatches {
			break
		}
		out = append(out, path.Join(link, strings.TrimPrefix(filepath.ToSlash(m), target+"/")))
	}
	return out
}
