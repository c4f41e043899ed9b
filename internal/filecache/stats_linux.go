//go:build linux && (amd64 || arm64 || riscv64 || loong64)

package filecache

import (
	"os"
	"path/filepath"
	"syscall"
)

// Stat stats p.
func (s *Stats) Stat(p string) Found {
	dir, name := filepath.Split(p)
	if !filepath.IsAbs(p) || name == "" || name == "." || name == ".." {
		return FoundOf(os.Stat(p))
	}
	fd, ok := s.dir(dir)
	if !ok {
		return FoundOf(os.Stat(p))
	}
	var st syscall.Stat_t
	for {
		err := fstatat(fd, name, &st)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.ENOENT:
			return Found{}
		case err != nil:
			// Whatever else the system says, os.Stat says too.
			return FoundOf(os.Stat(p))
		}
		break
	}
	f := Found{Exists: true, Dir: st.Mode&syscall.S_IFMT == syscall.S_IFDIR}
	if f.Dir || st.Mode&syscall.S_IFMT == syscall.S_IFREG {
		f.ID = ID{Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size, Mtime: st.Mtim.Nano(), Ctime: ctimeOf(&st)}
		f.Known = true
	}
	return f
}

// oPath is O_PATH, which the standard library does not export: a
// descriptor of a folder to look names up from, no read permission needed.
const oPath = 0x200000

// dir returns an open descriptor of folder dir; false when it cannot be
// opened (its paths are then stated whole).
func (s *Stats) dir(dir string) (int, bool) {
	if fd, ok := s.dirs[dir]; ok {
		return fd, fd >= 0
	}
	if s.dirs == nil {
		s.dirs = map[string]int{}
	}
	fd, err := syscall.Open(dir, oPath|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		fd = -1
	}
	s.dirs[dir] = fd
	return fd, fd >= 0
}

// Close closes the folders opened.
func (s *Stats) Close() {
	for _, fd := range s.dirs {
		if fd >= 0 {
			syscall.Close(fd)
		}
	}
	s.dirs = nil
}
