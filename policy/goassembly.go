package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// goForeignFiles are the files, by extension, that the go command builds
// into a package beside its .go files and that arbiter cannot read as Go:
// assembly (.s; .S and .sx through the C preprocessor, with cgo) and
// object files linked as they are (.syso). A function they implement
// can make any system call, as cgo's C can.
var goForeignFiles = lazy.New(func() map[string]string {
	return map[string]string{".s": "assembly", ".S": "assembly", ".sx": "assembly", ".syso": "an object file"}
})

// goForeign defers a package folder that holds a file goForeignFiles
// names: the code built from it is not code arbiter read. Files go
// ignores (a name starting with "_" or ".") are left out; build
// constraints are not evaluated, which only makes the answer stricter.
func (rd *sourceReading) goForeign(dir string) {
	if rd.failed || rd.seen[dir+"/"] {
		return
	}
	rd.seen[dir+"/"] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		rd.fail(catalog.UCompiledSource, "arbiter cannot list the files of the Go package in "+rd.j.shownPath(dir)+" ("+err.Error()+")")
		return
	}
	for _, e := range entries {
		name := e.Name()
		kind, ok := goForeignFiles.Get()[path.Ext(name)]
		if !ok || e.IsDir() || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") {
			continue
		}
		rd.fail(catalog.UCompiledSource, "the Go package in "+rd.j.shownPath(dir)+" is built with "+name+", "+kind+" arbiter cannot read, so what its functions do is not known")
		return
	}
}
