//go:build linux || solaris || illumos || openbsd || dragonfly

package filecache

import "syscall"

func ctimeOf(st *syscall.Stat_t) int64 { return st.Ctim.Nano() }
