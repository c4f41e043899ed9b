//go:build linux && (arm64 || riscv64 || loong64)

package filecache

import "syscall"

// fstatat is fstatat(2) with no flags (links followed).
func fstatat(dirfd int, name string, st *syscall.Stat_t) error {
	return syscall.Fstatat(dirfd, name, st, 0)
}
