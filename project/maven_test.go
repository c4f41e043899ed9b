package project

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestReadMavenBuild(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"pom.xml": `<?xml version="1.0"?><project xmlns="http://maven.apache.org/POM/4.0.0"><modules><module>core</module></modules>
			<build><pluginManagement><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>exec-maven-plugin</artifactId></plugin></plugins></pluginManagement></build></project>`,
		"core/pom.xml": `<project><parent><artifactId>root</artifactId></parent><build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId></plugin>
			<plugin><groupId>x</groupId><artifactId>ext</artifactId><extensions>true</extensions></plugin></plugins></build>
			<profiles><profile><build><plugins><plugin><groupId>y</groupId><artifactId>z</artifactId></plugin></plugins></build></profile></profiles></project>`,
		".mvn/extensions.xml": `<extensions><extension><groupId>e</groupId><artifactId>f</artifactId></extension></extensions>`,
	}
	for name, text := range files {
		write(t, root, name, text)
	}
	b, err := ReadMavenBuild(filepath.Join(root, "core"), root)
	if err != nil {
		t.Fatal(err)
	}
	wantPlugins := []string{"org.apache.maven.plugins:maven-compiler-plugin", "x:ext", "y:z", "org.codehaus.mojo:exec-maven-plugin"}
	if !slices.Equal(b.Plugins, wantPlugins) {
		t.Errorf("plugins %q, want %q (the module's, its profile's, then its parent's)", b.Plugins, wantPlugins)
	}
	if !slices.Equal(b.Extensions, []string{"x:ext", "e:f"}) {
		t.Errorf("extensions %q", b.Extensions)
	}
	if _, err := ReadMavenBuild(filepath.Join(root, ".mvn"), root); !IsNotExist(err) {
		t.Errorf("no pom.xml: err = %v, want not exist", err)
	}
}

func FuzzMavenPOM(f *testing.F) {
	f.Add(`<project><modules><module>a</module></modules><build><plugins><plugin><artifactId>p</artifactId></plugin></plugins></build></project>`, `<project><parent><artifactId>r</artifactId><relativePath>../pom.xml</relativePath></parent></project>`)
	f.Fuzz(func(t *testing.T, top, module string) {
		root := t.TempDir()
		if err := os.MkdirAll(filepath.Join(root, "a"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "pom.xml"), []byte(top), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "a", "pom.xml"), []byte(module), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, dir := range []string{root, filepath.Join(root, "a")} {
			b, err := ReadMavenBuild(dir, root)
			if err != nil && (len(b.Plugins) > 0 || len(b.Files) > 0) {
				t.Fatal("a build returned with an error")
			}
		}
	})
}

func TestParseXML(t *testing.T) {
	doc := `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with <plugin> in it -->
<pom:project xmlns:pom="http://maven.apache.org/POM/4.0.0" a='1'>
  <build><plugins>
    <plugin><artifactId><![CDATA[exec-maven]]>&#45;plugin</artifactId><groupId>org.codehaus.mojo</groupId></plugin>
    <!-- <plugin><artifactId>hidden</artifactId></plugin> -->
    <plugin><artifactId>a&amp;b</artifactId><empty/></plugin>
  </plugins></build>
</pom:project>`
	root, err := parseXML(doc)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range root.all("build", "plugins", "plugin") {
		got = append(got, pluginName(p))
	}
	want := []string{"org.codehaus.mojo:exec-maven-plugin", "org.apache.maven.plugins:a&b"}
	if !slices.Equal(got, want) {
		t.Errorf("plugins %q, want %q", got, want)
	}
	for _, bad := range []string{
		`<!DOCTYPE project [<!ENTITY e "x">]><project/>`,
		`<project><a>&e;</a></project>`,
		`<project><a></b></project>`,
		`<project><a>`,
		"<project>\x00</project>",
		`<project/><other/>`,
		`<project a=1/>`,
		`<project><![CDATA[x</project>`,
		``,
	} {
		if _, err := parseXML(bad); err == nil {
			t.Errorf("%q: read, want an error", bad)
		}
	}
}

func FuzzMSBuild(f *testing.F) {
	f.Add(`<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="lib\lib.csproj" /></ItemGroup></Project>`, `<Project><Target Name="x"><Exec Command="y"/></Target></Project>`)
	f.Fuzz(func(t *testing.T, app, lib string) {
		root := t.TempDir()
		if err := os.MkdirAll(filepath.Join(root, "lib"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range map[string]string{"app.csproj": app, "lib/lib.csproj": lib} {
			if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		runs, err := ReadMSBuild(root, root, nil)
		if err != nil && (len(runs.Runs) > 0 || len(runs.Files) > 0) {
			t.Fatal("a reading returned with an error")
		}
	})
}
