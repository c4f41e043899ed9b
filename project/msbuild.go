package project

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// dotnet build, test, pack and the like evaluate MSBuild project files:
// the project (or the solution's projects), the projects they reference,
// and the Directory.Build.* files of every folder above each project.
// What in them runs code is a target (whose tasks run at build time), an
// Exec task, an inline task (UsingTask), an import of another file, a
// property function ($([…]), evaluated as the file is read), an SDK other
// than Microsoft's, and a Directory.Build.rsp adding options.

// Bounds on one build's project files.
const (
	maxMSBuildFiles = 64
	maxMSBuildBytes = 4 << 20
)

// MSBuildRuns lists, for each project file that runs code, what does.
type MSBuildRuns struct {
	Runs  []string // "FILE: what", in the order found
	Files []string
}

// msbuildEntry matches the entry files dotnet looks for in a folder.
var msbuildEntry = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\.(sln|slnx|csproj|fsproj|vbproj|proj)$`)
})

// slnProject matches a project line of a .sln file.
var slnProject = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^Project\("[^"]*"\)\s*=\s*"[^"]*",\s*"([^"]+)"`)
})

// ReadMSBuild reads the project files a dotnet command evaluates in dir:
// the files named (projects, solutions, or folders holding one), or the
// ones in dir. Files outside root are not read: a reference to one is
// reported as running code arbiter did not read.
func ReadMSBuild(dir, root string, named []string) (MSBuildRuns, error) {
	r := msbuildReader{root: filepath.Clean(root), seen: map[string]bool{}}
	entries := named
	if len(entries) == 0 {
		entries = []string{dir}
	}
	for _, e := range entries {
		if !filepath.IsAbs(e) {
			e = filepath.Join(dir, e)
		}
		files, err := entryFiles(e)
		if err != nil {
			return MSBuildRuns{}, err
		}
		for _, f := range files {
			if err := r.file(f); err != nil {
				return MSBuildRuns{}, err
			}
		}
	}
	return r.out, nil
}

// entryFiles lists the project and solution files of a path: the file
// itself, or those in the folder.
func entryFiles(p string) ([]string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	list, err := os.ReadDir(p)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range list {
		if !e.IsDir() && msbuildEntry.Get().MatchString(e.Name()) {
			out = append(out, filepath.Join(p, e.Name()))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no project or solution file in %s: %w", p, os.ErrNotExist)
	}
	return out, nil
}

type msbuildReader struct {
	root  string
	seen  map[string]bool
	bytes int64
	out   MSBuildRuns
}

func (r *msbuildReader) run(file, what string) {
	r.out.Runs = append(r.out.Runs, file+": "+what)
}

// file reads one project or solution file, and what it brings in.
func (r *msbuildReader) file(file string) error {
	file = filepath.Clean(file)
	if r.seen[file] {
		return nil
	}
	if !within(filepath.Dir(file), r.root) {
		r.run(file, "a project file outside the project")
		return nil
	}
	r.seen[file] = true
	if len(r.seen) > maxMSBuildFiles {
		return fmt.Errorf("the build has more than %d project files", maxMSBuildFiles)
	}
	data, size, err := readBounded(file, MaxManifest)
	if err != nil {
		return err
	}
	if r.bytes += size; size > MaxManifest || r.bytes > maxMSBuildBytes {
		return fmt.Errorf("the build's project files hold more than the bytes read (%d)", maxMSBuildBytes)
	}
	r.out.Files = append(r.out.Files, file)
	if strings.EqualFold(filepath.Ext(file), ".sln") {
		for _, m := range slnProject.Get().FindAllStringSubmatch(string(data), -1) {
			if p := msbuildPath(filepath.Dir(file), m[1]); msbuildEntry.Get().MatchString(p) {
				if err := r.file(p); err != nil {
					return err
				}
			}
		}
		return nil
	}
	doc, err := parseXML(string(data))
	if err != nil {
		return fmt.Errorf("%s is not a project file arbiter can read: %w", file, err)
	}
	if strings.EqualFold(filepath.Ext(file), ".slnx") {
		for _, p := range doc.all("Project") {
			if err := r.file(msbuildPath(filepath.Dir(file), p.attrs["Path"])); err != nil {
				return err
			}
		}
		return nil
	}
	if doc.name != "Project" {
		return fmt.Errorf("%s is not an MSBuild project: its root is <%s>", file, doc.name)
	}
	r.element(file, doc)
	if err := r.directoryFiles(filepath.Dir(file)); err != nil {
		return err
	}
	for _, ref := range doc.all("ItemGroup", "ProjectReference") {
		if err := r.file(msbuildPath(filepath.Dir(file), ref.attrs["Include"])); err != nil {
			return err
		}
	}
	return nil
}

// directoryFiles reads the Directory.Build.* files MSBuild imports into a
// project from its folder up to the project's root, and notes a
// Directory.Build.rsp, whose options every build takes.
func (r *msbuildReader) directoryFiles(dir string) error {
	for {
		for _, name := range []string{"Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props"} {
			p := filepath.Join(dir, name)
			if _, err := os.Lstat(p); err == nil {
				if err := r.file(p); err != nil {
					return err
				}
			}
		}
		if rsp := filepath.Join(dir, "Directory.Build.rsp"); fileExists(rsp) {
			r.run(rsp, "options for every build, which arbiter does not read")
		}
		if dir == r.root || filepath.Dir(dir) == dir || !within(dir, r.root) {
			return nil
		}
		dir = filepath.Dir(dir)
	}
}

// msbuildPath turns a path as a project file writes it (with \) into one
// on this system.
func msbuildPath(dir, p string) string {
	p = strings.ReplaceAll(strings.TrimSpace(p), `\`, "/")
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

// element notes what in one element, and those inside it, runs code.
func (r *msbuildReader) element(file string, n *xmlNode) {
	switch n.name {
	case "Target":
		r.run(file, "the target "+n.attrs["Name"]+", whose tasks run when the project builds")
	case "UsingTask":
		r.run(file, "an inline or custom task ("+n.attrs["TaskName"]+")")
	case "Exec":
		r.run(file, "an Exec task")
	case "Import":
		if n.attrs["Sdk"] == "" || !microsoftSDK(n.attrs["Sdk"]) {
			r.run(file, "an import of "+n.attrs["Project"])
		}
	case "Project", "Sdk":
		sdk := n.attrs["Sdk"]
		if n.name == "Sdk" {
			sdk = n.attrs["Name"]
		}
		if sdk != "" && !microsoftSDK(sdk) {
			r.run(file, "the SDK "+sdk)
		}
	}
	for _, v := range n.attrs {
		if strings.Contains(v, "$([") {
			r.run(file, "a property function, evaluated as the project is read")
		}
	}
	if strings.Contains(n.text.String(), "$([") {
		r.run(file, "a property function, evaluated as the project is read")
	}
	for _, c := range n.children {
		r.element(file, c)
	}
}

// microsoftSDK reports whether an SDK is one of the .NET SDK's own (its
// version, after a /, aside).
func microsoftSDK(sdk string) bool {
	for _, one := range strings.Split(sdk, ";") {
		name, _, _ := strings.Cut(strings.TrimSpace(one), "/")
		if name != "Microsoft.NET.Sdk" && !strings.HasPrefix(name, "Microsoft.NET.Sdk.") {
			return false
		}
	}
	return true
}
