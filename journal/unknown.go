package journal

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
)

// A shell write whose content the analysis does not know to the byte (a
// copy, a download, an archive unpacked, a compiler's output) is recorded
// too, without a sum: what it says is who wrote the file and from what,
// so that a later call that runs it is not taken for the project's build
// output. Its line is "u1" (a file) or "t1" (a folder and all under it),
// then the time, tool, decision, program, source, call id and path.
const (
	unknownFile = "u1"
	unknownTree = "t1"
)

// encodeUnknown writes the line of a write of unknown content.
func encodeUnknown(buf *bytes.Buffer, e Entry) {
	kind := unknownFile
	if e.Tree {
		kind = unknownTree
	}
	writeLine(buf, kind, strconv.FormatInt(e.Time, 10), e.Tool, e.Decision, e.By, e.From, e.ID, e.Path)
}

// decodeUnknown reads a "u1" or "t1" line; false for any other.
func decodeUnknown(line []byte) (Entry, bool) {
	if !bytes.HasPrefix(line, []byte(unknownFile+"\t")) && !bytes.HasPrefix(line, []byte(unknownTree+"\t")) {
		return Entry{}, false // a v1 line, decoded without a copy made here
	}
	kind, rest, _ := strings.Cut(string(line), "\t")
	f := strings.SplitN(rest, "\t", 7)
	if len(f) != 7 {
		return Entry{}, false
	}
	t, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return Entry{}, false
	}
	e := Entry{Time: t, Tool: f[1], Decision: f[2], By: f[3], From: f[4], ID: f[5], Path: f[6], Tree: kind == unknownTree}
	return e, validUnknown(e)
}

// validUnknown reports a write of unknown content arbiter could have
// recorded: the program that wrote it named, a clean absolute path, and a
// source that is one too when there is one.
func validUnknown(e Entry) bool {
	switch {
	case e.Sum != "" || e.Tool == "" || e.By == "":
		return false
	case !filepath.IsAbs(e.Path) || filepath.Clean(e.Path) != e.Path:
		return false
	case e.From != "" && (!filepath.IsAbs(e.From) || filepath.Clean(e.From) != e.From):
		return false
	}
	return plainFields(e)
}

// holds reports a "t1" line whose folder holds abs.
func holds(line []byte, abs string) bool {
	if !bytes.HasPrefix(line, []byte(unknownTree+"\t")) {
		return false
	}
	dir := line[bytes.LastIndexByte(line, '\t')+1:]
	// Compared in place: a record may hold many such lines.
	return string(dir) == "/" || len(abs) > len(dir) && abs[len(dir)] == '/' && abs[:len(dir)] == string(dir)
}

// Under returns the newest entry of a file under the folder dir, or of a
// folder a write filled that holds dir: what a lookup of a package's folder
// needs, whose files the loader picks. It scans the record as Lookup does.
func (j *Journal) Under(dir string) (Entry, bool) {
	if j == nil || dir == "" {
		return Entry{}, false
	}
	if err := j.load(); err != nil {
		j.err = err
		return Entry{}, false
	}
	var newest []byte
	for data := j.data; len(data) > 0; {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			break
		}
		line := data[:end]
		p := line[bytes.LastIndexByte(line, '\t')+1:]
		if len(p) > len(dir) && p[len(dir)] == '/' && string(p[:len(dir)]) == dir || holds(line, dir) {
			newest = line
		}
		data = data[end+1:]
	}
	if newest == nil {
		return Entry{}, false
	}
	return decode(newest)
}
