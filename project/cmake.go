package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// CMake runs the project's CMakeLists.txt, and the files it includes and
// the folders it adds, when it configures a build; the build then runs
// the commands its custom commands and targets give. ReadCMake reads that
// code into its commands, for the policy to judge what runs
// (execute_process, file(REMOVE …), downloads, custom commands).

// Bounds on one project's CMake code.
const (
	maxCMakeFiles    = 256
	maxCMakeBytes    = 4 << 20
	maxCMakeCommands = 1 << 16
)

// CMakeArg is one argument as written: variable references (${X},
// $ENV{X}) and generator expressions ($<…>) are left in Text.
type CMakeArg struct {
	Text   string
	Quoted bool // a quoted or bracket argument: never split on ;
	Paren  bool // a ( or ) of a nested group (if((A) OR B))
}

// CMakeCommand is one command invocation.
type CMakeCommand struct {
	File string
	Line int
	Name string // lower case: CMake's command names are
	Args []CMakeArg
	// Dir is the source folder of the file's directory scope (relative
	// paths in most commands are taken from it).
	Dir string
}

// ParseCMake reads CMake code into its commands.
func ParseCMake(text string) ([]CMakeCommand, error) {
	p := cmakeParser{s: text, line: 1}
	var out []CMakeCommand
	for {
		p.skipBlank()
		if p.i >= len(p.s) {
			return out, nil
		}
		c, err := p.command()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
		if len(out) > maxCMakeCommands {
			return nil, fmt.Errorf("CMake code of more than %d commands", maxCMakeCommands)
		}
	}
}

type cmakeParser struct {
	s    string
	i    int
	line int
}

func (p *cmakeParser) errorf(format string, args ...any) error {
	return fmt.Errorf("CMake line %d: %s", p.line, fmt.Sprintf(format, args...))
}

func (p *cmakeParser) advance(n int) {
	p.line += strings.Count(p.s[p.i:p.i+n], "\n")
	p.i += n
}

// skipBlank skips white space, newlines and comments.
func (p *cmakeParser) skipBlank() {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.advance(1)
		case c == '#':
			if n := bracketLen(p.s[p.i+1:]); n > 0 {
				p.advance(1 + n)
				continue
			}
			k := strings.IndexByte(p.s[p.i:], '\n')
			if k < 0 {
				k = len(p.s) - p.i
			}
			p.advance(k)
		default:
			return
		}
	}
}

// bracketLen returns the length of a bracket argument or comment body at
// the start of s ([[…]], [==[…]==]), or 0 (-1 when unclosed).
func bracketLen(s string) int {
	if !strings.HasPrefix(s, "[") {
		return 0
	}
	k := 1
	for k < len(s) && s[k] == '=' {
		k++
	}
	if k >= len(s) || s[k] != '[' {
		return 0
	}
	end := "]" + strings.Repeat("=", k-1) + "]"
	e := strings.Index(s[k+1:], end)
	if e < 0 {
		return -1
	}
	return k + 1 + e + len(end)
}

func (p *cmakeParser) command() (CMakeCommand, error) {
	start := p.i
	for p.i < len(p.s) && (isIdentByte(p.s[p.i])) {
		p.i++
	}
	if p.i == start {
		return CMakeCommand{}, p.errorf("a command name was expected, not %q", clip(p.s[p.i:]))
	}
	c := CMakeCommand{Line: p.line, Name: strings.ToLower(p.s[start:p.i])}
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
	if p.i >= len(p.s) || p.s[p.i] != '(' {
		return CMakeCommand{}, p.errorf("%s is not followed by (", c.Name)
	}
	p.i++
	depth := 0
	for {
		p.skipBlank()
		if p.i >= len(p.s) {
			return CMakeCommand{}, p.errorf("%s( is not closed", c.Name)
		}
		switch ch := p.s[p.i]; ch {
		case ')':
			p.i++
			if depth == 0 {
				return c, nil
			}
			depth--
			c.Args = append(c.Args, CMakeArg{Text: ")", Paren: true})
		case '(':
			p.i++
			depth++
			c.Args = append(c.Args, CMakeArg{Text: "(", Paren: true})
		case '"':
			a, err := p.quoted()
			if err != nil {
				return CMakeCommand{}, err
			}
			c.Args = append(c.Args, a)
		case '[':
			if n := bracketLen(p.s[p.i:]); n != 0 {
				if n < 0 {
					return CMakeCommand{}, p.errorf("an unclosed bracket argument")
				}
				body := p.s[p.i : p.i+n]
				open := strings.IndexByte(body[1:], '[') + 2
				text := strings.TrimPrefix(body[open:len(body)-open], "\n")
				c.Args = append(c.Args, CMakeArg{Text: text, Quoted: true})
				p.advance(n)
				continue
			}
			fallthrough
		default:
			args, err := p.unquoted()
			if err != nil {
				return CMakeCommand{}, err
			}
			c.Args = append(c.Args, args...)
		}
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// quoted reads a quoted argument.
func (p *cmakeParser) quoted() (CMakeArg, error) {
	var b strings.Builder
	k := p.i + 1
	for k < len(p.s) {
		switch c := p.s[k]; c {
		case '"':
			p.advance(k + 1 - p.i)
			return CMakeArg{Text: b.String(), Quoted: true}, nil
		case '\\':
			if k+1 >= len(p.s) {
				return CMakeArg{}, p.errorf("a quoted argument ends in \\")
			}
			if p.s[k+1] == '\n' {
				k += 2 // a line continuation
				continue
			}
			b.WriteString(cmakeEscape(p.s[k+1]))
			k += 2
		default:
			b.WriteByte(c)
			k++
		}
	}
	return CMakeArg{}, p.errorf("an unclosed quoted argument")
}

// unquoted reads an unquoted argument, split on ; into the list elements
// CMake passes as separate arguments.
func (p *cmakeParser) unquoted() ([]CMakeArg, error) {
	var out []CMakeArg
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, CMakeArg{Text: b.String()})
			b.Reset()
		}
	}
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == '#':
			flush()
			return out, nil
		case c == '"':
			return nil, p.errorf("a quote inside an unquoted argument, which arbiter does not read")
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return nil, p.errorf("an argument ends in \\")
			}
			b.WriteString(cmakeEscape(p.s[p.i+1]))
			p.advance(2)
		case c == ';':
			flush()
			p.i++
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	flush()
	return out, nil
}

// cmakeEscape decodes \c: \n, \t and \r are control characters, \; stays
// as written (a ; that is not a separator), any other is the character.
func cmakeEscape(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case ';':
		return `\;`
	}
	return string(c)
}

// CMakeRead is the CMake code of a project.
type CMakeRead struct {
	Commands []CMakeCommand
	Files    []string
}

// cmakeModules are CMake's own modules that only check, define or print:
// include() of one runs CMake's code, not the project's.
var cmakeModules = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, m := range strings.Fields(`GNUInstallDirs CTest CTestUseLaunchers CPack CMakePackageConfigHelpers CMakeDependentOption
		CMakePrintHelpers CMakePushCheckState CheckCCompilerFlag CheckCXXCompilerFlag CheckCompilerFlag CheckCSourceCompiles
		CheckCXXSourceCompiles CheckSourceCompiles CheckCSourceRuns CheckCXXSourceRuns CheckFunctionExists CheckIncludeFile
		CheckIncludeFileCXX CheckIncludeFiles CheckLibraryExists CheckSymbolExists CheckCXXSymbolExists CheckStructHasMember
		CheckTypeSize CheckVariableExists CheckLanguage CheckIPOSupported CheckPIESupported CheckLinkerFlag TestBigEndian
		FeatureSummary FindPackageHandleStandardArgs FindPackageMessage GenerateExportHeader WriteCompilerDetectionHeader
		SelectLibraryConfigurations CMakeParseArguments ProcessorCount GoogleTest`) {
		out[m] = true
	}
	return out
})

// ReadCMake reads the CMake code a configure of src runs: CMakeLists.txt,
// each folder add_subdirectory adds, each file include() names, and the
// Find modules of the project's module path that find_package would
// load. A path built from a variable arbiter does not know, or a module
// it cannot place, is an error.
func ReadCMake(src, root string) (CMakeRead, error) {
	r := cmakeReader{root: filepath.Clean(root), src: filepath.Clean(src), seen: map[string]bool{}}
	err := r.file(filepath.Join(r.src, "CMakeLists.txt"), r.src)
	return r.out, err
}

type cmakeReader struct {
	root, src  string
	seen       map[string]bool
	bytes      int
	modulePath []string
	out        CMakeRead
}

func (r *cmakeReader) file(file, dir string) error {
	file = filepath.Clean(file)
	if !within(filepath.Dir(file), r.root) {
		return fmt.Errorf("the CMake code includes %s, outside the project", file)
	}
	if r.seen[file] {
		return nil // include guards and repeated includes
	}
	r.seen[file] = true
	if len(r.seen) > maxCMakeFiles {
		return fmt.Errorf("the CMake code spans more than %d files", maxCMakeFiles)
	}
	data, size, err := readBounded(file, MaxManifest)
	if err != nil {
		return err
	}
	if r.bytes += int(size); size > MaxManifest || r.bytes > maxCMakeBytes {
		return fmt.Errorf("the CMake code is over the %d bytes read", maxCMakeBytes)
	}
	cmds, err := ParseCMake(string(data))
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	r.out.Files = append(r.out.Files, file)
	for _, c := range cmds {
		c.File, c.Dir = file, dir
		r.out.Commands = append(r.out.Commands, c)
		if err := r.follow(c, file); err != nil {
			return err
		}
	}
	return nil
}

// follow reads what one command brings in.
func (r *cmakeReader) follow(c CMakeCommand, file string) error {
	listDir := filepath.Dir(file)
	arg := func(k int) (string, error) {
		if k >= len(c.Args) {
			return "", fmt.Errorf("%s line %d: %s( needs an argument", file, c.Line, c.Name)
		}
		return r.path(c.Args[k].Text, c.Dir, listDir)
	}
	switch c.Name {
	case "add_subdirectory", "subdirs":
		d, err := arg(0)
		if err != nil {
			return err
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(c.Dir, d)
		}
		return r.file(filepath.Join(d, "CMakeLists.txt"), d)
	case "include":
		if len(c.Args) == 0 {
			return nil
		}
		name := c.Args[0].Text
		if !strings.ContainsAny(name, "/$.") {
			return r.module(name, c.Dir, file, c.Line)
		}
		p, err := arg(0)
		if err != nil {
			return err
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.Dir, p)
		}
		return r.file(p, c.Dir)
	case "find_package":
		if len(c.Args) == 0 {
			return nil
		}
		for _, d := range r.modulePath {
			p := filepath.Join(d, "Find"+c.Args[0].Text+".cmake")
			if _, err := os.Lstat(p); err == nil {
				return r.file(p, c.Dir)
			}
		}
	case "set", "list":
		r.noteModulePath(c, listDir)
		if c.Name == "set" && len(c.Args) > 1 && projectInclude(c.Args[0].Text) {
			// project() runs this file (a toolchain, an include).
			p, err := arg(1)
			if err != nil {
				return err
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(c.Dir, p)
			}
			return r.file(p, c.Dir)
		}
	}
	return nil
}

// projectInclude reports whether a variable names a file project() or
// the first language it enables runs.
func projectInclude(name string) bool {
	switch name {
	case "CMAKE_TOOLCHAIN_FILE", "CMAKE_PROJECT_INCLUDE", "CMAKE_PROJECT_INCLUDE_BEFORE", "CMAKE_PROJECT_TOP_LEVEL_INCLUDES", "CMAKE_USER_MAKE_RULES_OVERRIDE":
		return true
	}
	return strings.HasPrefix(name, "CMAKE_PROJECT_") && strings.HasSuffix(name, "_INCLUDE") ||
		strings.HasPrefix(name, "CMAKE_USER_MAKE_RULES_OVERRIDE_")
}

// module reads include(Name): a file Name.cmake of the project's module
// path, else one of CMake's own modules.
func (r *cmakeReader) module(name, dir, file string, line int) error {
	for _, d := range r.modulePath {
		p := filepath.Join(d, name+".cmake")
		if _, err := os.Lstat(p); err == nil {
			return r.file(p, dir)
		}
	}
	if cmakeModules.Get()[name] {
		return nil
	}
	return fmt.Errorf("%s line %d: include(%s) loads a module arbiter does not know", file, line, name)
}

// noteModulePath follows set(CMAKE_MODULE_PATH …) and list(APPEND
// CMAKE_MODULE_PATH …) with paths arbiter can place.
func (r *cmakeReader) noteModulePath(c CMakeCommand, listDir string) {
	var values []CMakeArg
	switch {
	case c.Name == "set" && len(c.Args) > 0 && c.Args[0].Text == "CMAKE_MODULE_PATH":
		r.modulePath = nil
		values = c.Args[1:]
	case c.Name == "list" && len(c.Args) > 1 && (c.Args[0].Text == "APPEND" || c.Args[0].Text == "PREPEND") && c.Args[1].Text == "CMAKE_MODULE_PATH":
		values = c.Args[2:]
	default:
		return
	}
	for _, v := range values {
		if v.Text == "${CMAKE_MODULE_PATH}" {
			continue
		}
		if p, err := r.path(v.Text, c.Dir, listDir); err == nil {
			if !filepath.IsAbs(p) {
				p = filepath.Join(c.Dir, p)
			}
			r.modulePath = append(r.modulePath, p)
		}
	}
}

// path expands the variables of a path that name the source folders.
func (r *cmakeReader) path(s, dir, listDir string) (string, error) {
	out := CMakeSourceVars(s, r.src, dir, listDir)
	if strings.Contains(out, "${") || strings.Contains(out, "$ENV{") || strings.Contains(out, "$<") || strings.Contains(out, "$CACHE{") {
		return "", fmt.Errorf("the path %q is built from variables arbiter does not know", clip(s))
	}
	return out, nil
}

// CMakeSourceVars replaces the variables naming source folders in s: the
// top source folder, the current one, and the current list file's.
func CMakeSourceVars(s, top, dir, listDir string) string {
	return strings.NewReplacer(
		"${CMAKE_SOURCE_DIR}", top, "${PROJECT_SOURCE_DIR}", top, "${CMAKE_HOME_DIRECTORY}", top,
		"${CMAKE_CURRENT_SOURCE_DIR}", dir, "${CMAKE_CURRENT_LIST_DIR}", listDir,
	).Replace(s)
}
