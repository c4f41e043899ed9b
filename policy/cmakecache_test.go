package policy

import (
	"context"
	"strings"
	"testing"
)

// TestCMakeCacheAndBuildFiles: an existing build folder's CMakeCache.txt
// sets what cmake loads and runs as a -D option would, and cmake --build
// runs the build files there, not the CMakeLists.txt arbiter reads.
func TestCMakeCacheAndBuildFiles(t *testing.T) {
	lists := "cmake_minimum_required(VERSION 3.16)\nproject(demo C)\nadd_executable(demo main.c)\n"
	cache := func(entries ...string) string {
		return "# This is the CMakeCache file.\n//Path to a program.\nCMAKE_HOME_DIRECTORY:INTERNAL=@DIR@\nCMAKE_GENERATOR:INTERNAL=Unix Makefiles\n" +
			"CMAKE_C_COMPILER:FILEPATH=/usr/bin/cc\nCMAKE_AR:FILEPATH=/usr/bin/ar\nCMAKE_BUILD_TYPE:STRING=Release\nCMAKE_C_FLAGS:STRING=-O2 -g\n" +
			"CMAKE_INSTALL_PREFIX:PATH=/usr/local\nCMAKE_PROJECT_INCLUDE:FILEPATH=\nCMAKE_C_COMPILER_LAUNCHER:STRING=\ndemo_BINARY_DIR:STATIC=@DIR@/build\n" +
			strings.Join(entries, "\n") + "\n"
	}
	tree := func(files ...string) map[string]string {
		out := map[string]string{"CMakeLists.txt": lists, "main.c": "int main(void) { return 0; }\n", "cmake/helpers.cmake": "execute_process(COMMAND sh -c \"" + evil + "\")\n", "evil.sh": "#!/bin/sh\n" + evil + "\n"}
		for k := 0; k+1 < len(files); k += 2 {
			out[files[k]] = files[k+1]
		}
		return out
	}
	tests := []readCase{
		// cmake --build runs the cache's make program and the build files.
		{"a make program of the project", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=@DIR@/evil.sh")), "cmake --build build", dfr, ""},
		{"a make program of the project, -j4", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=@DIR@/evil.sh")), "cmake --build build -j4", dfr, ""},
		{"a make program in /tmp", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=/tmp/make")), "cmake --build build", dfr, ""},
		{"a generated Makefile with a harmful recipe", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=/usr/bin/gmake"), "build/Makefile", "all:\n\t"+evil+"\n"), "cmake --build build", ask, "B9.run-downloaded"},
		{"a harmful recipe for --target", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=/usr/bin/gmake"), "build/Makefile", "all:\n\techo ok\ndemo:\n\t"+evil+"\n"), "cmake --build build --target demo", ask, "B9.run-downloaded"},
		{"a Ninja build file", tree("build/CMakeCache.txt", strings.Replace(cache("CMAKE_MAKE_PROGRAM:FILEPATH=/usr/bin/ninja"), "Unix Makefiles", "Ninja", 1), "build/build.ninja", "rule x\n  command = "+evil+"\nbuild all: x\n"), "cmake --build build", dfr, ""},
		{"an Xcode project", tree("build/CMakeCache.txt", strings.Replace(cache(), "Unix Makefiles", "Xcode", 1)), "cmake --build build", dfr, ""},
		// Benign twins.
		{"a system make and a plain generated Makefile", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=/usr/bin/gmake"), "build/Makefile", "all:\n\techo building\n"), "cmake --build build -j4", allow, "D5.build"},
		{"a bare make program, not generated yet", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=make")), "cmake --build build", allow, "D5.build"},

		// The cache's settings are judged as the same -D option is.
		{"CMAKE_PROJECT_INCLUDE in the cache", tree("build/CMakeCache.txt", cache("CMAKE_PROJECT_INCLUDE:FILEPATH=@DIR@/cmake/helpers.cmake")), "cmake -B build", dfr, ""},
		{"the same by -S -B", tree("build/CMakeCache.txt", cache("CMAKE_PROJECT_INCLUDE_BEFORE:FILEPATH=@DIR@/cmake/helpers.cmake")), "cmake -S . -B build", dfr, ""},
		{"configure from the build folder", tree("build/CMakeCache.txt", cache("CMAKE_PROJECT_demo_INCLUDE:FILEPATH=@DIR@/cmake/helpers.cmake")), "cd build && cmake ..", dfr, ""},
		{"a toolchain file in the cache", tree("build/CMakeCache.txt", cache("CMAKE_TOOLCHAIN_FILE:FILEPATH=@DIR@/cmake/helpers.cmake")), "cmake -B build", dfr, ""},
		{"a rules override in the cache", tree("build/CMakeCache.txt", cache("CMAKE_USER_MAKE_RULES_OVERRIDE:FILEPATH=@DIR@/cmake/helpers.cmake")), "cmake -B build", dfr, ""},
		{"a launcher in the cache", tree("build/CMakeCache.txt", cache("CMAKE_C_COMPILER_LAUNCHER:STRING=@DIR@/evil.sh")), "cmake -B build", dfr, ""},
		{"a launcher with shell syntax", tree("build/CMakeCache.txt", cache("CMAKE_CXX_COMPILER_LAUNCHER:STRING=sh;-c;"+evil)), "cmake --build build", dfr, ""},
		{"a compiler of the project in the cache", tree("build/CMakeCache.txt", cache("CMAKE_C_COMPILER:FILEPATH=@DIR@/evil.sh")), "cmake -B build", dfr, ""},
		{"a plugin in the cache's flags", tree("build/CMakeCache.txt", cache("CMAKE_EXE_LINKER_FLAGS:STRING=-Wl,-plugin,/tmp/evil.so")), "cmake -B build", dfr, ""},
		// Benign twin: a cache as cmake writes it.
		{"a cache as cmake writes it", tree("build/CMakeCache.txt", cache("CMAKE_MAKE_PROGRAM:FILEPATH=/usr/bin/gmake", "CMAKE_CXX_COMPILER:FILEPATH=/usr/bin/c++", "CMAKE_C_COMPILER_LAUNCHER:STRING=ccache", "CMAKE_NM:FILEPATH=/usr/bin/nm", "CMAKE_OBJDUMP:FILEPATH=CMAKE_OBJDUMP-NOTFOUND", "CMAKE_EXPORT_COMPILE_COMMANDS:BOOL=ON")), "cmake -B build", allow, "D5.build"},
		{"no cache yet", tree(), "cmake -B build", allow, "D5.build"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for name, text := range tt.files {
				files[name] = strings.ReplaceAll(text, "@DIR@", dir)
			}
			writeFiles(t, dir, files)
			d := Decide(context.Background(), projectCall(dir, tt.cmd))
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}
