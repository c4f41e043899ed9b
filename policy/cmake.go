package policy

import (
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// cmake configures a build by running the project's CMake code and builds
// it by running the custom commands that code defines. Both are judged by
// what they run: each execute_process command (and, for a build, each
// custom command) as a command line, each file() write or removal as one,
// and what arbiter does not follow (a download, a command built from a
// variable, a program the build makes and runs) defers.

// cmakeRuns are the commands that run or fetch something arbiter does not
// read: CMake's own and those of the modules that download.
var cmakeRuns = lazy.New(func() map[string]string {
	return map[string]string{
		"exec_program": "runs a program", "try_run": "compiles and runs a program of the project", "load_command": "loads a compiled command",
		"cmake_language": "runs code it builds", "variable_watch": "runs a command when a variable is read", "include_external_msproject": "adds an external project",
		"fetchcontent_declare": "downloads code", "fetchcontent_makeavailable": "downloads code", "fetchcontent_populate": "downloads code",
		"externalproject_add": "downloads and builds code", "cpmaddpackage": "downloads code", "externaldata_add_target": "downloads data",
	}
})

// cmakeBuildRuns are those of a build (not a configure).
var cmakeBuildRuns = lazy.New(func() map[string]string {
	return map[string]string{"gtest_discover_tests": "runs the test program it builds to list its tests"}
})

// cmakeProcessWords are execute_process's keywords, which end a COMMAND's
// words.
var cmakeProcessWords = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(`COMMAND WORKING_DIRECTORY TIMEOUT RESULT_VARIABLE RESULTS_VARIABLE OUTPUT_VARIABLE ERROR_VARIABLE
		INPUT_FILE OUTPUT_FILE ERROR_FILE OUTPUT_QUIET ERROR_QUIET COMMAND_ECHO OUTPUT_STRIP_TRAILING_WHITESPACE
		ERROR_STRIP_TRAILING_WHITESPACE ENCODING ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE COMMAND_ERROR_IS_FATAL
		OUTPUT DEPENDS BYPRODUCTS COMMENT VERBATIM USES_TERMINAL MAIN_DEPENDENCY IMPLICIT_DEPENDS DEPFILE JOB_POOL
		JOB_SERVER_AWARE APPEND COMMAND_EXPAND_LISTS CODEGEN SOURCES ALL DEPENDS_EXPLICIT_ONLY PRE_BUILD PRE_LINK POST_BUILD TARGET`) {
		out[w] = true
	}
	return out
})

// cmakeProgramVar matches the variables that name a program the
// configure or the build runs (a compiler, a launcher, a checker, an
// emulator); cmakeFlagsVar those holding compiler or linker options.
var (
	cmakeProgramVar = lazyregexp.New(`^CMAKE_(?:[A-Za-z]+_(?:COMPILER|COMPILER_LAUNCHER|LINKER_LAUNCHER|CLANG_TIDY|CPPCHECK|CPPLINT|INCLUDE_WHAT_YOU_USE|ICSTAT)|LINKER|AR|RANLIB|NM|OBJCOPY|OBJDUMP|STRIP|READELF|ADDR2LINE|DLLTOOL|MAKE_PROGRAM|CROSSCOMPILING_EMULATOR|TEST_LAUNCHER|[A-Za-z]+_COMPILER_AR|[A-Za-z]+_COMPILER_RANLIB)$`)
	cmakeFlagsVar   = lazyregexp.New(`^CMAKE_(?:[A-Za-z]+_FLAGS|EXE_LINKER_FLAGS|SHARED_LINKER_FLAGS|MODULE_LINKER_FLAGS|STATIC_LINKER_FLAGS)(?:_[A-Z]+)?(?:_INIT)?$`)
	// cmakeRunProperty matches the target and global properties that do.
	cmakeRunProperty = lazyregexp.New(`^(?:[A-Z]+_(?:COMPILER_LAUNCHER|LINKER_LAUNCHER|CLANG_TIDY|CPPCHECK|CPPLINT|INCLUDE_WHAT_YOU_USE|ICSTAT)|RULE_LAUNCH_[A-Z]+|COMPILE_OPTIONS|COMPILE_FLAGS|LINK_FLAGS|LINK_OPTIONS|STATIC_LIBRARY_OPTIONS|STATIC_LIBRARY_FLAGS|CROSSCOMPILING_EMULATOR|TEST_LAUNCHER|COMPILE_DEFINITIONS|LINK_LIBRARIES|INTERFACE_COMPILE_OPTIONS|INTERFACE_LINK_OPTIONS|INTERFACE_LINK_LIBRARIES)$`)
)

// cmakeSet judges set() of a variable that names a program or options.
func (j *judgement) cmakeSet(t cmakeTree, cmd project.CMakeCommand, where, subj string) {
	if len(cmd.Args) < 2 {
		return
	}
	name := cmd.Args[0].Text
	values := cmd.Args[1:]
	for k, a := range values {
		if !a.Quoted && (a.Text == "CACHE" || a.Text == "PARENT_SCOPE") {
			values = values[:k]
			break
		}
	}
	switch {
	case cmakeProgramVar.MatchString(name):
		var words []string
		for _, a := range values {
			v, ok := cmakeValue(t, cmd, a.Text)
			if !ok {
				j.fireWith(catalog.UDynamicCode, subj, where+": "+name+" names a program only known when cmake runs")
				return
			}
			words = append(words, v)
		}
		if len(words) > 0 {
			j.shellText(quoteWords(words), t.build, where+" ("+name+")")
		}
	case cmakeFlagsVar.MatchString(name):
		var split []project.CMakeArg
		for _, a := range values {
			for _, f := range strings.Fields(strings.ReplaceAll(a.Text, "${"+name+"}", "")) {
				split = append(split, project.CMakeArg{Text: f})
			}
		}
		j.cmakeFlags(t, cmd, split, where, subj)
	}
}

// cmakeFlags judges compiler and linker options as cc's, the way CFLAGS
// is (a plugin or a specs file loads code); keywords, target names,
// libraries and definitions without a dash are not options.
func (j *judgement) cmakeFlags(t cmakeTree, cmd project.CMakeCommand, args []project.CMakeArg, where, subj string) {
	var flags []string
	for _, a := range args {
		v, ok := cmakeValue(t, cmd, a.Text)
		if !ok {
			j.fireWith(catalog.UDynamicCode, subj, where+": "+cmd.Name+" passes options built from "+clipText(a.Text, 40)+", which are only known when cmake runs")
			return
		}
		for _, f := range strings.Fields(v) {
			if strings.HasPrefix(f, "-") {
				flags = append(flags, f)
			}
		}
	}
	if len(flags) > 0 {
		j.shellText(quoteWords(append(append([]string{"cc"}, flags...), "-c", "/dev/null")), t.build, where)
	}
}

// cmakeTree is where one cmake command works.
type cmakeTree struct {
	src, build string
	building   bool // cmake --build: the custom commands run
}

// cmakeBuild judges cmake by the CMake code it runs; true when it settled
// the call.
func (j *judgement) cmakeBuild(c *shell.Command, subj string) bool {
	if hasFlag(c, 0, "--preset", "--workflow") {
		j.fireWith(catalog.UUnreadableConfig, subj, "cmake takes its settings from the project's presets (toolchains, cache variables, environment), which arbiter does not read")
		return true
	}
	dir, root, ok := j.buildDirs(c, subj)
	if !ok {
		return true
	}
	t, ok := j.cmakeTree(c, dir, subj)
	if !ok {
		return true
	}
	entries, ok := j.readCMakeCache(t.build, subj)
	if !ok || !j.cmakeCache(t, entries, root, subj) {
		return true
	}
	if t.building && len(entries) > 0 && !j.cmakeGenerated(cmakeTargets(c.ArgTexts()), t, entries, subj) {
		return true
	}
	if !under(t.src, root) {
		j.fireWith(catalog.CRunOutsideCode, subj, "cmake runs the CMake code of "+j.shownPath(t.src)+", outside the project")
		return true
	}
	read, err := project.ReadCMake(t.src, root)
	switch {
	case project.IsNotExist(err) && len(read.Files) == 0:
		return false // no CMakeLists.txt: cmake stops without running anything
	case err != nil:
		j.fireWith(catalog.UUnreadableCode, subj, "cmake runs CMake code arbiter cannot follow: "+err.Error())
		return true
	}
	for _, cmd := range read.Commands {
		j.cmakeCommand(c, t, cmd, subj)
	}
	return false
}

// cmakeTree finds the source and build folders of a cmake command.
func (j *judgement) cmakeTree(c *shell.Command, dir, subj string) (cmakeTree, bool) {
	abs := func(p string) string { return j.res.Resolve(p, c.Dir) }
	if b, ok := optionValue(c.Args, "--build"); ok {
		t := cmakeTree{build: abs(b), building: true}
		cache, err := j.read(filepath.Join(t.build, "CMakeCache.txt"))
		switch {
		case err == nil:
			for _, line := range strings.Split(cache.Text, "\n") {
				if v, ok := strings.CutPrefix(line, "CMAKE_HOME_DIRECTORY:INTERNAL="); ok {
					t.src = filepath.Clean(strings.TrimSpace(v))
				}
			}
			if t.src == "" {
				j.fireWith(catalog.UUnreadableConfig, subj, "cmake builds "+j.shownPath(t.build)+", whose cache does not name its source folder")
				return t, false
			}
		case project.IsNotExist(err):
			t.src = dir // not configured yet: the source is taken to be here
		default:
			j.fireWith(catalog.UUnreadableConfig, subj, "cmake builds from a cache arbiter cannot read: "+err.Error())
			return t, false
		}
		return t, true
	}
	t := cmakeTree{src: dir, build: dir}
	if s, ok := optionValue(c.Args, "-S"); ok {
		t.src = abs(s)
	}
	if b, ok := optionValue(c.Args, "-B"); ok {
		t.build = abs(b)
	}
	for _, o := range operands(c, "-S", "-B", "-G", "-D", "-U", "--target", "-t", "-j", "--parallel", "--config", "--install", "--prefix", "--log-level") {
		if o.Dynamic {
			j.fireWith(catalog.UDynamicPath, subj, "cmake works on a folder only known at run time")
			return t, false
		}
		p := abs(o.Text)
		if f, err := j.read(filepath.Join(p, "CMakeCache.txt")); err == nil {
			for _, line := range strings.Split(f.Text, "\n") {
				if v, ok := strings.CutPrefix(line, "CMAKE_HOME_DIRECTORY:INTERNAL="); ok {
					t.src, t.build = filepath.Clean(strings.TrimSpace(v)), p
				}
			}
			continue
		}
		t.src = p // cmake PATH: a source folder
	}
	return t, true
}

// cmakeCommand judges one command of the project's CMake code.
func (j *judgement) cmakeCommand(c *shell.Command, t cmakeTree, cmd project.CMakeCommand, subj string) {
	where := j.shownPath(cmd.File) + " line " + strconv.Itoa(cmd.Line)
	if why, ok := cmakeRuns.Get()[cmd.Name]; ok {
		j.fireWith(catalog.UUnreadableCode, subj, where+": "+cmd.Name+" "+why+", which arbiter does not follow")
		return
	}
	if why, ok := cmakeBuildRuns.Get()[cmd.Name]; ok && t.building {
		j.fireWith(catalog.UUnreadableCode, subj, where+": "+cmd.Name+" "+why)
		return
	}
	switch cmd.Name {
	case "set":
		j.cmakeSet(t, cmd, where, subj)
	case "add_compile_options", "add_link_options", "add_definitions", "target_compile_options", "target_link_options", "target_compile_definitions", "target_link_libraries", "link_libraries":
		j.cmakeFlags(t, cmd, cmd.Args, where, subj)
	case "set_target_properties", "set_property", "set_source_files_properties", "set_directory_properties", "set_tests_properties":
		for _, a := range cmd.Args {
			if cmakeRunProperty.MatchString(a.Text) {
				j.fireWith(catalog.UUnreadableCode, subj, where+": "+cmd.Name+" sets "+a.Text+", a program or options the build runs, which arbiter does not follow there")
				return
			}
		}
	case "execute_process":
		j.cmakeCommands(t, cmd, t.build, where, subj)
	case "add_custom_command", "add_custom_target":
		if t.building {
			j.cmakeCommands(t, cmd, t.build, where, subj)
		}
	case "file":
		j.cmakeFile(c, t, cmd, where, subj)
	case "configure_file":
		if len(cmd.Args) > 1 {
			j.cmakeWrite(t, cmd, cmd.Args[1].Text, t.build, where, subj)
		}
	}
}

// cmakeValue expands the variables arbiter knows in a CMake argument; ok
// is false when another is left.
func cmakeValue(t cmakeTree, cmd project.CMakeCommand, s string) (string, bool) {
	s = project.CMakeSourceVars(s, t.src, cmd.Dir, filepath.Dir(cmd.File))
	s = strings.NewReplacer(
		"${CMAKE_BINARY_DIR}", t.build, "${PROJECT_BINARY_DIR}", t.build, "${CMAKE_CURRENT_BINARY_DIR}", t.build,
		"${CMAKE_COMMAND}", "cmake", "${CMAKE_CTEST_COMMAND}", "ctest", "${GIT_EXECUTABLE}", "git",
	).Replace(s)
	return s, !strings.Contains(s, "${") && !strings.Contains(s, "$ENV{") && !strings.Contains(s, "$CACHE{") && !strings.Contains(s, "$<") && !strings.Contains(s, `\;`)
}

// cmakeCommands judges the COMMAND lists of execute_process or a custom
// command, each as the command line its words make.
func (j *judgement) cmakeCommands(t cmakeTree, cmd project.CMakeCommand, dir, where, subj string) {
	var words []string
	inCommand := false
	flush := func() {
		if inCommand && len(words) > 0 {
			j.shellText(quoteWords(words), dir, where)
		}
		words = nil
	}
	for k, a := range cmd.Args {
		if a.Paren {
			j.fireWith(catalog.UUnreadableCode, subj, where+": "+cmd.Name+" has parentheses arbiter does not read")
			return
		}
		if !a.Quoted && cmakeProcessWords.Get()[a.Text] {
			flush()
			inCommand = a.Text == "COMMAND" || cmd.Name == "add_custom_target" && k == 0
			if (a.Text == "WORKING_DIRECTORY" || a.Text == "OUTPUT_FILE" || a.Text == "ERROR_FILE") && k+1 < len(cmd.Args) {
				if a.Text == "WORKING_DIRECTORY" {
					if v, ok := cmakeValue(t, cmd, cmd.Args[k+1].Text); ok {
						dir = filepath.Join(cmd.Dir, v)
						if filepath.IsAbs(v) {
							dir = v
						}
					}
				} else {
					j.cmakeWrite(t, cmd, cmd.Args[k+1].Text, t.build, where, subj)
				}
			}
			continue
		}
		if !inCommand {
			continue
		}
		v, ok := cmakeValue(t, cmd, a.Text)
		if !ok {
			j.fireWith(catalog.UDynamicCode, subj, where+": "+cmd.Name+" runs a command built from "+clipText(a.Text, 40)+", which is only known when cmake runs")
			return
		}
		words = append(words, v)
	}
	flush()
}

// cmakeFileWrites are file() subcommands and the index of the first path
// they write (every later path too for the ones marked many).
var cmakeFileWrites = lazy.New(func() map[string]struct {
	first int
	many  bool
} {
	type w = struct {
		first int
		many  bool
	}
	return map[string]w{"WRITE": {1, false}, "APPEND": {1, false}, "TOUCH": {1, true}, "TOUCH_NOCREATE": {1, true}, "MAKE_DIRECTORY": {1, true},
		"RENAME": {2, false}, "COPY_FILE": {2, false}, "CREATE_LINK": {2, false}, "CHMOD": {1, true}, "CHMOD_RECURSE": {1, true}}
})

// cmakeFile judges file(): a removal as rm, a write as a write, a download
// as unread.
func (j *judgement) cmakeFile(c *shell.Command, t cmakeTree, cmd project.CMakeCommand, where, subj string) {
	if len(cmd.Args) == 0 {
		return
	}
	sub := cmd.Args[0].Text
	switch sub {
	case "DOWNLOAD", "UPLOAD":
		j.fireWith(catalog.UUnreadableCode, subj, where+": file("+sub+") transfers a file over the network, which arbiter does not follow")
		return
	case "REMOVE", "REMOVE_RECURSE":
		for _, a := range cmd.Args[1:] {
			v, ok := cmakeValue(t, cmd, a.Text)
			if !ok {
				j.fireWith(catalog.UDynamicPath, subj, where+": file("+sub+") removes a path only known when cmake runs")
				return
			}
			if !path.IsAbs(v) {
				v = filepath.Join(cmd.Dir, v)
			}
			j.remove(c, shell.Word{Text: v}, sub == "REMOVE_RECURSE")
		}
		return
	case "COPY", "INSTALL":
		for k, a := range cmd.Args {
			if a.Text == "DESTINATION" && k+1 < len(cmd.Args) {
				j.cmakeWrite(t, cmd, cmd.Args[k+1].Text, t.build, where, subj)
			}
		}
		return
	case "GENERATE", "CONFIGURE":
		for k, a := range cmd.Args {
			if a.Text == "OUTPUT" && k+1 < len(cmd.Args) {
				j.cmakeWrite(t, cmd, cmd.Args[k+1].Text, t.build, where, subj)
			}
		}
		return
	}
	w, ok := cmakeFileWrites.Get()[sub]
	if !ok {
		return // READ, STRINGS, GLOB, the path and hash functions
	}
	for k := w.first; k < len(cmd.Args); k++ {
		j.cmakeWrite(t, cmd, cmd.Args[k].Text, cmd.Dir, where, subj)
		if !w.many {
			return
		}
	}
}

// cmakeWrite judges a path CMake code writes; a relative one is taken
// from base.
func (j *judgement) cmakeWrite(t cmakeTree, cmd project.CMakeCommand, p, base, where, subj string) {
	v, ok := cmakeValue(t, cmd, p)
	if !ok {
		j.fireWith(catalog.UDynamicPath, subj, where+": "+cmd.Name+" writes a path only known when cmake runs")
		return
	}
	if !path.IsAbs(v) {
		v = filepath.Join(base, v)
	}
	j.write(filepath.Clean(v), false, where+": "+p, "cmake")
}
