package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on one build's pom.xml files (modules and parents): how many,
// and their bytes together.
const (
	maxPOMs     = 64
	maxPOMBytes = 4 << 20
)

// MavenBuild is what a Maven build's project files make it run besides
// compiling and testing: the plugins they bind (groupId:artifactId, in
// any profile), build extensions, and the files read.
type MavenBuild struct {
	Plugins    []string
	Extensions []string
	Files      []string
}

func pluginName(n *xmlNode) string {
	g := n.value("groupId")
	if g == "" {
		g = "org.apache.maven.plugins" // Maven's default plugin group
	}
	return g + ":" + n.value("artifactId")
}

// ReadMavenBuild reads the pom.xml in dir, its modules and its parents
// inside root, and the project's .mvn/extensions.xml. Plugins bound only
// in pluginManagement are listed too: a module or a profile may bind them.
func ReadMavenBuild(dir, root string) (MavenBuild, error) {
	r := mavenReader{root: filepath.Clean(root), seen: map[string]bool{}}
	if err := r.read(filepath.Join(dir, "pom.xml")); err != nil {
		return MavenBuild{}, err
	}
	// The multi-module root (where .mvn is) holds the build's extensions.
	if top, err := FindUp(dir, root, ".mvn"); err == nil {
		if err := r.extensionsFile(filepath.Join(top, "extensions.xml")); err != nil {
			return MavenBuild{}, err
		}
	}
	return r.out, nil
}

type mavenReader struct {
	root  string
	seen  map[string]bool
	bytes int64
	out   MavenBuild
}

func (r *mavenReader) read(file string) error {
	file = filepath.Clean(file)
	if r.seen[file] {
		return nil
	}
	if !within(filepath.Dir(file), r.root) {
		return fmt.Errorf("%s is outside the project %s", file, r.root)
	}
	r.seen[file] = true
	if len(r.seen) > maxPOMs {
		return fmt.Errorf("the build has more than %d pom.xml files", maxPOMs)
	}
	data, size, err := readBounded(file, MaxManifest)
	if err != nil {
		return err
	}
	if size > MaxManifest {
		return fmt.Errorf("%s of %d bytes is over the %d read", file, size, MaxManifest)
	}
	if r.bytes += size; r.bytes > maxPOMBytes {
		return fmt.Errorf("the build's pom.xml files hold more than the %d bytes read", maxPOMBytes)
	}
	doc, err := parseXML(string(data))
	if err != nil {
		return fmt.Errorf("%s is not a pom arbiter can read: %w", file, err)
	}
	if doc.name != "project" {
		return fmt.Errorf("%s is not a pom: its root is <%s>", file, doc.name)
	}
	r.out.Files = append(r.out.Files, file)
	dir := filepath.Dir(file)
	r.build(doc.child("build"))
	modules := doc.all("modules", "module")
	for _, pr := range doc.all("profiles", "profile") {
		r.build(pr.child("build"))
		modules = append(modules, pr.all("modules", "module")...)
	}
	for _, m := range modules {
		name := strings.TrimSpace(m.text.String())
		target := filepath.Join(dir, name)
		if !strings.HasSuffix(name, ".xml") {
			target = filepath.Join(target, "pom.xml")
		}
		if err := r.read(target); err != nil {
			return err
		}
	}
	return r.parent(doc.child("parent"), dir)
}

// parent reads a parent pom that is a file of the project: by default
// ../pom.xml; an empty relativePath names one from the repository, which
// is a dependency like any other.
func (r *mavenReader) parent(p *xmlNode, dir string) error {
	if p == nil || p.value("artifactId") == "" {
		return nil
	}
	rel := "../pom.xml"
	if c := p.child("relativePath"); c != nil {
		rel = strings.TrimSpace(c.text.String())
	}
	if rel == "" {
		return nil
	}
	target := filepath.Join(dir, rel)
	if !strings.HasSuffix(rel, ".xml") {
		target = filepath.Join(target, "pom.xml")
	}
	if _, err := os.Lstat(target); IsNotExist(err) || !within(filepath.Dir(target), r.root) {
		return nil // resolved from the repository instead
	}
	return r.read(target)
}

func (r *mavenReader) build(b *xmlNode) {
	if b == nil {
		return
	}
	plugins := append(b.all("plugins", "plugin"), b.all("pluginManagement", "plugins", "plugin")...)
	for _, pl := range plugins {
		r.out.Plugins = append(r.out.Plugins, pluginName(pl))
		if pl.value("extensions") == "true" {
			r.out.Extensions = append(r.out.Extensions, pluginName(pl))
		}
	}
	for _, e := range b.all("extensions", "extension") {
		r.out.Extensions = append(r.out.Extensions, pluginName(e))
	}
}

// extensionsFile reads .mvn/extensions.xml, which loads code into Maven
// itself.
func (r *mavenReader) extensionsFile(file string) error {
	data, size, err := readBounded(file, MaxManifest)
	if IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if size > MaxManifest {
		return fmt.Errorf("%s of %d bytes is over the %d read", file, size, MaxManifest)
	}
	doc, err := parseXML(string(data))
	if err != nil {
		return fmt.Errorf("%s is not a file arbiter can read: %w", file, err)
	}
	r.out.Files = append(r.out.Files, file)
	list := doc.all("extension")
	for _, e := range list {
		r.out.Extensions = append(r.out.Extensions, pluginName(e))
	}
	return nil
}
