package policy

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/project"
)

// An existing build folder's CMakeCache.txt holds the settings a
// configure and a build start from, as if given with -D: the files cmake
// loads as CMake code, the programs it runs, the options it passes. They
// are judged as the same settings on the command line or in the project's
// CMake code.

// cmakeEntry is one NAME:TYPE=VALUE line of a CMake cache.
type cmakeEntry struct{ name, value string }

// cmakeLoadsFile matches the cache entries that name a file cmake reads as
// CMake code (or a folder it finds modules in), which arbiter does not
// follow from the cache.
var cmakeLoadsFile = lazyregexp.New(`^CMAKE_(?:PROJECT_INCLUDE(?:_BEFORE)?|PROJECT_.+_INCLUDE(?:_BEFORE)?|PROJECT_TOP_LEVEL_INCLUDES|TOOLCHAIN_FILE|USER_MAKE_RULES_OVERRIDE(?:_[A-Za-z]+)?|MODULE_PATH)$`)

// systemProgramDirs are the folders of the system's own programs: a
// compiler or make cmake found there is the system's, not the project's.
var systemProgramDirs = lazy.New(func() []string {
	return []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/lib/ccache", "/opt/homebrew/bin", "/usr/libexec"}
})

// cmakeTools are the other programs a cache names that only build,
// inspect or wrap a compiler (with makeTools: cc, ar, ld, …).
var cmakeTools = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(`make gmake ninja ninja-build samu nm objcopy objdump strip readelf addr2line dlltool tapi
		ccache sccache distcc clang-tidy cppcheck cpplint include-what-you-use iwyu windres rc mt llvm-nm llvm-objcopy llvm-objdump
		llvm-strip llvm-readelf llvm-ranlib llvm-addr2line llvm-dlltool lld-link llvm-rc llvm-mt`) {
		out[w] = true
	}
	return out
})

// readCMakeCache reads the cache of the build folder; ok is false when it
// settled the call (a cache arbiter cannot read). None is no entries.
func (j *judgement) readCMakeCache(build, subj string) ([]cmakeEntry, bool) {
	f, err := j.read(filepath.Join(build, "CMakeCache.txt"))
	switch {
	case project.IsNotExist(err):
		return nil, true
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, subj, "cmake starts from the cache "+j.shownPath(filepath.Join(build, "CMakeCache.txt"))+", which arbiter cannot read: "+err.Error())
		return nil, false
	}
	var out []cmakeEntry
	for _, line := range strings.Split(f.Text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "//") {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		if k := strings.LastIndexByte(key, ':'); k >= 0 {
			key = key[:k]
		}
		out = append(out, cmakeEntry{name: strings.Trim(key, `"`), value: strings.TrimSpace(value)})
	}
	return out, true
}

// cmakeCacheValue is the value of one entry, "" when unset.
func cmakeCacheValue(entries []cmakeEntry, name string) string {
	for _, e := range entries {
		if e.name == name {
			return e.value
		}
	}
	return ""
}

// cmakeCache judges the entries of a build folder's cache; false when it
// settled the call.
func (j *judgement) cmakeCache(t cmakeTree, entries []cmakeEntry, root, subj string) bool {
	where := j.shownPath(filepath.Join(t.build, "CMakeCache.txt"))
	for _, e := range entries {
		if e.value == "" || strings.HasSuffix(e.value, "-NOTFOUND") {
			continue
		}
		switch {
		case cmakeLoadsFile.MatchString(e.name):
			j.fireWith(catalog.UUnknownOption, subj, where+" sets "+e.name+" to "+clipText(e.value, 60)+", a file cmake loads as CMake code, which arbiter does not follow from the cache (as -D"+e.name+"=… would not be)")
			return false
		case cmakeProgramVar.MatchString(e.name):
			if !systemProgram(e.value, root) {
				j.fireWith(catalog.URunsAProgram, subj, where+" sets "+e.name+" to "+clipText(e.value, 60)+", a program that is not one of the system's, which arbiter did not check")
				return false
			}
		case cmakeFlagsVar.MatchString(e.name):
			var flags []string
			for _, f := range strings.Fields(e.value) {
				if strings.HasPrefix(f, "-") {
					flags = append(flags, f)
				}
			}
			if len(flags) > 0 {
				j.shellText(quoteWords(append(append([]string{"cc"}, flags...), "-c", "/dev/null")), t.build, where+" ("+e.name+")")
			}
		}
	}
	return true
}

// systemProgram reports a known build program (cmakeTools, makeTools)
// named by its bare name (found on PATH) or by a path in one of the
// system's program folders outside the project; a list (a;b), shell
// syntax or another program (sh, python3) is none.
func systemProgram(v, root string) bool {
	if strings.ContainsAny(v, makeShellSyntax+" \t") {
		return false
	}
	if base := filepath.Base(v); !cmakeTools.Get()[base] && !knownMakeTool(base) {
		return false
	}
	if !strings.Contains(v, "/") {
		return true
	}
	p := filepath.Clean(v)
	if !filepath.IsAbs(v) || under(p, root) {
		return false
	}
	for _, d := range systemProgramDirs.Get() {
		if filepath.Dir(p) == d {
			return true
		}
	}
	return false
}

// cmakeGenerated judges the build files cmake --build hands to the build
// program: they, not the CMakeLists.txt arbiter reads, say what runs, and
// nothing ties them to it. A generated Makefile is read as make would
// read it; other generators' files (Ninja, Xcode, Visual Studio) are not
// read, so a build with them defers. False when it settled the call.
func (j *judgement) cmakeGenerated(targets []string, t cmakeTree, entries []cmakeEntry, subj string) bool {
	gen := cmakeCacheValue(entries, "CMAKE_GENERATOR")
	switch {
	case gen == "" || gen == "Unix Makefiles":
		mk := filepath.Join(t.build, "Makefile")
		if _, err := j.read(mk); project.IsNotExist(err) {
			return true // make finds nothing to build
		}
		j.shellText(quoteWords(append([]string{"make", "-C", t.build}, targets...)), t.build, subj+" (the generated "+j.shownPath(mk)+")")
		return true
	case strings.HasPrefix(gen, "Ninja"):
		if _, err := j.read(filepath.Join(t.build, "build.ninja")); project.IsNotExist(err) {
			return true // ninja finds nothing to build
		}
	}
	j.fireWith(catalog.UUnreadableConfig, subj, "cmake --build runs the "+gen+" build files in "+j.shownPath(t.build)+", which arbiter does not read")
	return false
}

// cmakeTargets are the targets of cmake --build (--target a b, -t a).
func cmakeTargets(args []string) []string {
	var out []string
	for k := 0; k < len(args); k++ {
		switch a := args[k]; {
		case a == "--target" || a == "-t":
			for k+1 < len(args) && !strings.HasPrefix(args[k+1], "-") {
				k++
				out = append(out, args[k])
			}
		case strings.HasPrefix(a, "--target="):
			out = append(out, strings.Split(a[len("--target="):], ",")...)
		}
	}
	return out
}
