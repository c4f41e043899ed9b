package filecache

import (
	"io/fs"
	"os"
)

// Found is what a stat says of one path: whether it exists (false only
// when the system says it does not), and, for a regular file or a folder
// with an inode, its identity (Known).
type Found struct {
	Exists, Known, Dir bool
	ID                 ID
}

// FoundOf reads os.Stat's answer.
func FoundOf(info fs.FileInfo, err error) Found {
	switch {
	case os.IsNotExist(err):
		return Found{}
	case err != nil:
		return Found{Exists: true}
	}
	f := Found{Exists: true, Dir: info.IsDir()}
	if info.Mode().IsRegular() || f.Dir {
		f.ID, f.Known = Identify(info)
	}
	return f
}

// Stats stats many paths as os.Stat would (links followed), for a check
// of a whole tree's identities: on Linux each parent folder is opened
// once and the names in it stated from there, which spares the system a
// walk of every path from the root and spares the program an allocation
// per path. Close it after use.
type Stats struct{ dirs map[string]int }
