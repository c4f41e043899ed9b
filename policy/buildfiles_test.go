package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestBuildDefinitions: Gradle, Maven and CMake run the project's build
// definition before they build: a build script (Groovy, Kotlin), the
// plugins a pom.xml binds, CMake code (cmake_test.go has more). A build is allowed only when what
// that definition runs is read and known to be routine.
func TestBuildDefinitions(t *testing.T) {
	pom := func(plugins string) string {
		return "<project><modelVersion>4.0.0</modelVersion><groupId>x</groupId><artifactId>app</artifactId><version>1</version><build><plugins>" + plugins + "</plugins></build></project>"
	}
	plugin := func(group, artifact string) string {
		return "<plugin><groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId><version>1</version></plugin>"
	}
	compiler := "<plugin><artifactId>maven-compiler-plugin</artifactId><configuration><release>17</release></configuration></plugin>"
	exec := plugin("org.codehaus.mojo", "exec-maven-plugin")
	gradle := "plugins { id 'java' }\ntask wipe { doLast { exec { commandLine 'rm', '-rf', System.getProperty('user.home') } } }\n"
	runReadCases(t, []readCase{
		// Build code that runs anything.
		{"gradle build script", map[string]string{"build.gradle": gradle}, "gradle build", arbiter.Defer, "U.unreadable-code"},
		{"gradle wrapper, kotlin script", map[string]string{"build.gradle.kts": "tasks.register<Exec>(\"x\") { commandLine(\"sh\", \"-c\", \"rm -rf ~\") }\n", "gradlew": "#!/bin/sh\nexec java -jar gradle/wrapper/gradle-wrapper.jar \"$@\"\n"}, "./gradlew test", arbiter.Defer, ""},
		{"gradle settings above", map[string]string{"settings.gradle": "include 'app'\n", "app/build.gradle": gradle}, "cd app && gradle test", arbiter.Defer, "U.unreadable-code"},
		{"maven exec plugin", map[string]string{"pom.xml": pom(compiler + exec)}, "mvn test", arbiter.Defer, ""},
		{"maven antrun in a profile", map[string]string{"pom.xml": "<project><profiles><profile><build><plugins>" + plugin("org.apache.maven.plugins", "maven-antrun-plugin") + "</plugins></build></profile></profiles></project>"}, "mvn -q package", arbiter.Defer, ""},
		{"maven module's plugin", map[string]string{"pom.xml": "<project><modules><module>core</module></modules></project>", "core/pom.xml": pom(exec)}, "mvn test", arbiter.Defer, ""},
		{"maven local parent", map[string]string{"pom.xml": "<project><modules><module>app</module></modules>" + "<build><plugins>" + exec + "</plugins></build></project>", "app/pom.xml": "<project><parent><groupId>x</groupId><artifactId>p</artifactId><version>1</version></parent></project>"}, "cd app && mvn test", arbiter.Defer, ""},
		{"maven extensions", map[string]string{"pom.xml": pom(compiler), ".mvn/extensions.xml": "<extensions><extension><groupId>x</groupId><artifactId>y</artifactId><version>1</version></extension></extensions>"}, "mvn test", arbiter.Defer, ""},
		{"maven jvm agent", map[string]string{"pom.xml": pom(compiler), ".mvn/jvm.config": "-javaagent:/tmp/evil.jar\n"}, "mvn test", arbiter.Defer, ""},
		{"maven goal of a plugin", map[string]string{"pom.xml": pom(compiler)}, "mvn exec:exec -Dexec.executable=sh", arbiter.Defer, ""},
		{"cmake code", map[string]string{"CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(x)\nexecute_process(COMMAND rm -rf $ENV{HOME})\n"}, "cmake -S . -B build", arbiter.Defer, ""},
		{"cmake build", map[string]string{"CMakeLists.txt": "project(x)\nadd_custom_target(wipe ALL COMMAND rm -rf $ENV{HOME})\n"}, "cmake --build build", arbiter.Defer, ""},

		// Declarative builds, and what runs none of it.
		{"maven plain plugins", map[string]string{"pom.xml": pom(compiler + plugin("org.apache.maven.plugins", "maven-surefire-plugin") + plugin("org.jacoco", "jacoco-maven-plugin"))}, "mvn test", arbiter.Allow, "D5.build"},
		{"maven no plugins", map[string]string{"pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>x</groupId><artifactId>a</artifactId><version>1</version></project>"}, "mvn -q package -DskipTests", arbiter.Allow, "D5.build"},
		{"maven plain modules", map[string]string{"pom.xml": "<project><modules><module>core</module></modules></project>", "core/pom.xml": pom(compiler)}, "mvn -B verify", arbiter.Allow, "D5.build"},
		{"maven plain settings", map[string]string{"pom.xml": pom(compiler), ".mvn/maven.config": "-B\n--no-transfer-progress\n-T 1C\n", ".mvn/jvm.config": "-Xmx2g\n"}, "mvn test", arbiter.Allow, "D5.build"},
		{"maven version", map[string]string{"pom.xml": pom(exec)}, "mvn -v", arbiter.Allow, ""},
		{"gradle version", map[string]string{"build.gradle": gradle}, "gradle --version", arbiter.Allow, ""},
		{"cmake version", map[string]string{"CMakeLists.txt": "project(x)\n"}, "cmake --version", arbiter.Allow, ""},
	})
}
