package journal

import (
	"bytes"
	"encoding/hex"
	"path/filepath"
	"strconv"
	"strings"
)

// A compile whose every input arbiter read is recorded besides the "u1"
// line of its output, so that a later call that runs the output can be
// judged by those inputs. Its line is "c1", the time, the call's id, the
// compiler, the output, then one field per include folder ("I" and the
// folder) and per file read ("S" for a source the compile named, "R" for
// one found through it, then the language, "=", the sum in hex, "=", the
// path), and last "." so that no lookup of a file takes it for that
// file's entry. A reader that does not know "c1" lines skips them and
// still finds the output's "u1" line, which the compile's line precedes:
// the output stays a program of unknown origin to it.
const (
	buildLine = "c1"
	buildEnd  = "."
)

// Build is what a compile read (see arbiter.CompiledBuild): the record of
// the call with ID that wrote Output at Time.
type Build struct {
	Time     int64
	ID       string
	Compiler string
	Output   string
	Includes []string
	Files    []BuildFile
}

// BuildFile is one file a compile read, with the hex sum it held.
type BuildFile struct {
	Path, Lang, Sum string
	Given           bool
}

// encodeBuild writes the line of a compile.
func encodeBuild(buf *bytes.Buffer, b *Build) {
	fields := []string{strconv.FormatInt(b.Time, 10), b.ID, b.Compiler, b.Output}
	for _, inc := range b.Includes {
		fields = append(fields, "I"+inc)
	}
	for _, f := range b.Files {
		kind := "R"
		if f.Given {
			kind = "S"
		}
		fields = append(fields, kind+f.Lang+"="+f.Sum+"="+f.Path)
	}
	writeLine(buf, buildLine, append(fields, buildEnd)...)
}

// decodeBuild reads a "c1" line; false for any other or a malformed one.
func decodeBuild(line []byte) (Build, bool) {
	f := strings.Split(string(line), "\t")
	if len(f) < 7 || f[0] != buildLine || f[len(f)-1] != buildEnd {
		return Build{}, false
	}
	t, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return Build{}, false
	}
	b := Build{Time: t, ID: f[2], Compiler: f[3], Output: f[4]}
	for _, field := range f[5 : len(f)-1] {
		switch {
		case strings.HasPrefix(field, "I"):
			b.Includes = append(b.Includes, field[1:])
		case strings.HasPrefix(field, "S") || strings.HasPrefix(field, "R"):
			parts := strings.SplitN(field[1:], "=", 3)
			if len(parts) != 3 {
				return Build{}, false
			}
			b.Files = append(b.Files, BuildFile{Lang: parts[0], Sum: parts[1], Path: parts[2], Given: field[0] == 'S'})
		default:
			return Build{}, false
		}
	}
	return b, b.valid()
}

// valid reports a compile arbiter could have recorded: its call and
// compiler named, clean absolute paths, whole sums, at least one source
// named, and no field that would split its line.
func (b *Build) valid() bool {
	if b.ID == "" || b.Compiler == "" || !cleanAbs(b.Output) || buildEnd == b.Output {
		return false
	}
	plain := []string{b.ID, b.Compiler, b.Output}
	for _, inc := range b.Includes {
		if !cleanAbs(inc) {
			return false
		}
		plain = append(plain, inc)
	}
	given := false
	for _, f := range b.Files {
		sum, err := hex.DecodeString(f.Sum)
		if err != nil || len(sum) != 16 || !cleanAbs(f.Path) || f.Lang == "" || strings.Contains(f.Lang, "=") {
			return false
		}
		given = given || f.Given
		plain = append(plain, f.Path, f.Lang)
	}
	for _, s := range plain {
		if strings.ContainsAny(s, "\t\n\r\x00") {
			return false
		}
	}
	return given
}

// cleanAbs reports a clean absolute path.
func cleanAbs(p string) bool { return filepath.IsAbs(p) && filepath.Clean(p) == p }

// Build returns the newest record of a compile by the call id that wrote
// output; false when there is none or it cannot be read.
func (j *Journal) Build(id, output string) (Build, bool) {
	if j == nil || id == "" || output == "" {
		return Build{}, false
	}
	if err := j.load(); err != nil {
		j.err = err
		return Build{}, false
	}
	var found Build
	ok := false
	prefix := buildLine + "\t"
	for data := j.data; len(data) > 0; {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			break
		}
		if line := data[:end]; bytes.HasPrefix(line, []byte(prefix)) {
			if b, good := decodeBuild(line); good && b.ID == id && b.Output == output {
				found, ok = b, true
			}
		}
		data = data[end+1:]
	}
	return found, ok
}
