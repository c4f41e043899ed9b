package policy

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// A build tool runs the project's build definition before it builds.
// Where that definition is code arbiter has no reader for (Gradle's Groovy
// and Kotlin scripts), the build defers naming the file; Maven's pom.xml
// is read for the plugins it binds, each of which runs code of its own,
// and CMake's code by cmake.go.

// buildScripts are the files, looked for from the working folder up to
// the project's root, whose code a build tool runs.
var buildScripts = lazy.New(func() map[string][]string {
	gradle := []string{"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "init.gradle", "init.gradle.kts"}
	return map[string][]string{
		"gradle": gradle, "gradlew": gradle,
	}
})

// mavenPlugins are the plugins that compile, test, package, check or
// report, and run nothing the project names.
var mavenPlugins = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, name := range strings.Fields(`
		maven-compiler-plugin maven-surefire-plugin maven-failsafe-plugin maven-jar-plugin maven-resources-plugin
		maven-install-plugin maven-deploy-plugin maven-clean-plugin maven-site-plugin maven-source-plugin
		maven-javadoc-plugin maven-shade-plugin maven-assembly-plugin maven-dependency-plugin maven-enforcer-plugin
		maven-war-plugin maven-ear-plugin maven-checkstyle-plugin maven-pmd-plugin maven-surefire-report-plugin
		maven-project-info-reports-plugin maven-help-plugin maven-toolchains-plugin maven-release-plugin maven-gpg-plugin`) {
		out["org.apache.maven.plugins:"+name] = true
	}
	for _, name := range strings.Fields(`
		org.jacoco:jacoco-maven-plugin org.codehaus.mojo:build-helper-maven-plugin org.codehaus.mojo:versions-maven-plugin
		org.codehaus.mojo:flatten-maven-plugin com.diffplug.spotless:spotless-maven-plugin com.github.spotbugs:spotbugs-maven-plugin
		org.jetbrains.kotlin:kotlin-maven-plugin org.springframework.boot:spring-boot-maven-plugin org.apache.felix:maven-bundle-plugin
		org.sonatype.plugins:nexus-staging-maven-plugin org.sonatype.central:central-publishing-maven-plugin`) {
		out[name] = true
	}
	return out
})

// mavenGoals are the plugin prefixes a command may name a goal of
// (mvn dependency:tree): they only print, clean or build.
var mavenGoals = lazy.New(func() map[string]bool {
	return map[string]bool{"help": true, "dependency": true, "versions": true, "clean": true, "compiler": true, "surefire": true,
		"jar": true, "resources": true, "spotless": true, "jacoco": true, "checkstyle": true, "enforcer": true}
})

// buildDefinition judges the build definition a build runs; true when it
// settled the call.
func (j *judgement) buildDefinition(c *shell.Command, ops []shell.Word, subj string) bool {
	prog := shell.Canonical(c.Program)
	if prog == "mvn" || prog == "mvnw" || path0(c.Name) == "mvnw" {
		return j.mavenBuild(c, ops, subj)
	}
	names, ok := buildScripts.Get()[prog]
	if !ok {
		return false
	}
	dir, root, ok := j.buildDirs(c, subj)
	if !ok {
		return true
	}
	if file, err := project.FindUp(dir, root, names...); err == nil {
		j.fireWith(catalog.UUnreadableCode, subj, prog+" runs "+j.shownPath(file)+", build code arbiter has no reader for")
		return true
	} else if !project.IsNotExist(err) {
		j.fireWith(catalog.UUnreadableConfig, subj, prog+" reads its build files, and arbiter cannot: "+err.Error())
		return true
	}
	return false
}

func path0(name string) string { return filepath.Base(name) }

// buildVersionOnly reports whether a build tool's words ask for its
// version or help, which no build definition is run for.
func buildVersionOnly(c *shell.Command) bool {
	for _, a := range c.Args {
		switch a.Text {
		case "-v", "--version", "-version", "-h", "--help", "-?":
			return true
		}
		if strings.HasPrefix(a.Text, "--help-") {
			return true // cmake --help-command and the like
		}
	}
	return false
}

// buildDirs returns the working folder and the project's root; ok is
// false, with the reason recorded, when the folder is not known.
func (j *judgement) buildDirs(c *shell.Command, subj string) (dir, root string, ok bool) {
	if c.DirUnknown {
		j.fireWith(catalog.UUnknownDirectory, subj, c.Program+" builds in a folder the analysis cannot tell")
		return "", "", false
	}
	dir = j.res.Resolve(".", c.Dir)
	root = j.res.Project
	if root == "" || !under(dir, root) {
		root = dir
	}
	return dir, root, true
}

// mavenBuild judges mvn by the plugins its project files bind and the
// options .mvn gives it.
func (j *judgement) mavenBuild(c *shell.Command, ops []shell.Word, subj string) bool {
	for _, o := range ops {
		if prefix, _, ok := strings.Cut(o.Text, ":"); ok && !mavenGoals.Get()[prefix] {
			j.fireWith(catalog.UUnreadableCode, subj, "mvn runs the goal "+o.Text+" of a plugin arbiter does not know")
			return true
		}
	}
	if hasFlag(c, 'f', "--file") || hasFlag(c, 0, "-pl", "--projects") {
		j.fireWith(catalog.UUnreadableConfig, subj, "mvn builds the project files its options name, which arbiter does not look up")
		return true
	}
	dir, root, ok := j.buildDirs(c, subj)
	if !ok {
		return true
	}
	b, err := project.ReadMavenBuild(dir, root)
	switch {
	case project.IsNotExist(err):
		return false // no pom.xml: mvn stops without building anything
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, subj, "mvn reads its project files, and arbiter cannot: "+err.Error())
		return true
	}
	for _, e := range b.Extensions {
		j.fireWith(catalog.UUnreadableCode, subj, "mvn loads the build extension "+e+" into itself, code arbiter does not read")
		return true
	}
	for _, p := range b.Plugins {
		if !mavenPlugins.Get()[p] {
			j.fireWith(catalog.UUnreadableCode, subj, "the build binds the plugin "+p+", which runs code arbiter does not know")
			return true
		}
	}
	return j.mavenConfig(c, root, subj)
}

// mavenInert are the words .mvn/maven.config may hold that only change
// how Maven reports or schedules the build.
var mavenInert = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields("-B --batch-mode -ntp --no-transfer-progress -e --errors -q --quiet -U --update-snapshots -V --show-version -fae --fail-at-end -ff --fail-fast -o --offline") {
		out[w] = true
	}
	return out
})

// mavenConfig reads .mvn/maven.config (options for every mvn command) and
// .mvn/jvm.config (options for Maven's JVM); true when it settled the
// call.
func (j *judgement) mavenConfig(c *shell.Command, root, subj string) bool {
	top, err := project.FindUp(j.res.Resolve(".", c.Dir), root, ".mvn")
	if err != nil {
		return false
	}
	if f, err := j.read(filepath.Join(top, "maven.config")); err == nil {
		words := strings.Fields(f.Text)
		for k := 0; k < len(words); k++ {
			w := words[k]
			if (w == "-T" || w == "--threads") && k+1 < len(words) {
				k++
				continue
			}
			if !mavenInert.Get()[w] && !strings.HasPrefix(w, "-T") {
				j.fireWith(catalog.UUnreadableConfig, subj, j.shownPath(filepath.Join(top, "maven.config"))+" gives every mvn command the option "+clipText(w, 40)+", which arbiter does not know to be inert")
				return true
			}
		}
	} else if !project.IsNotExist(err) {
		j.fireWith(catalog.UUnreadableConfig, subj, "mvn reads .mvn/maven.config, and arbiter cannot: "+err.Error())
		return true
	}
	if f, err := j.read(filepath.Join(top, "jvm.config")); err == nil {
		j.flagVariable(c, shell.Assign{Name: "MAVEN_OPTS", Value: shell.Word{Text: strings.Join(strings.Fields(f.Text), " ")}})
	} else if !project.IsNotExist(err) {
		j.fireWith(catalog.UUnreadableConfig, subj, "mvn reads .mvn/jvm.config, and arbiter cannot: "+err.Error())
		return true
	}
	return false
}
