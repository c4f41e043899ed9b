// Package paths resolves the paths a tool call names and says where they
// fall: inside the project, in a temp directory, in the home directory, in
// an operating system tree, on a device.
//
// Resolution follows symbolic links the way the kernel would, on the
// longest prefix of the path that exists, using only lstat and readlink
// (nothing is ever executed, and at most 40 links are followed), and it
// follows the links the command itself creates (ln -s ~ h; echo x >
// h/.bashrc). A path none of whose components exist resolves lexically,
// so the same call gets the same answer on every machine. On a
// case-insensitive filesystem the names the policy protects (.git, .ssh,
// .claude, …) are matched whatever their case.
package paths
