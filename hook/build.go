package hook

import (
	"encoding/hex"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/journal"
)

// journalBuild is the record's form of the compile that wrote w, in the
// call of entry e.
func journalBuild(w arbiter.FileWrite, e journal.Entry) *journal.Build {
	b := &journal.Build{Time: e.Time, ID: e.ID, Compiler: w.By, Output: w.Path, Includes: w.Build.Includes}
	for _, f := range w.Build.Files {
		b.Files = append(b.Files, journal.BuildFile{Path: f.Path, Lang: f.Lang, Sum: hex.EncodeToString(f.Sum[:]), Given: f.Given})
	}
	return b
}

// compiledBuild is what the record says a compile read; nil when a sum
// in it cannot be read (the record is then of no use, never of more).
func compiledBuild(b journal.Build) *arbiter.CompiledBuild {
	out := &arbiter.CompiledBuild{Compiler: b.Compiler, Includes: b.Includes}
	for _, f := range b.Files {
		sum, err := hex.DecodeString(f.Sum)
		if err != nil || len(sum) != 16 {
			return nil
		}
		bf := arbiter.BuiltFile{Path: f.Path, Lang: f.Lang, Given: f.Given}
		copy(bf.Sum[:], sum)
		out.Files = append(out.Files, bf)
	}
	return out
}
