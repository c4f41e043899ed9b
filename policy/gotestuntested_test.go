package policy

import "testing"

// TestGoTestUntestedPackages: go test runs only the packages that have
// _test.go files; one without prints "[no test files]" and runs none of
// its code, so a server's main package beside tested packages is not
// read for go test ./... (it deferred before, as a network connection).
// A package without tests still runs when a tested one imports it.
// Coverage (-cover, -coverprofile, -covermode) changes nothing there: Go
// reports an untested package from its metadata without running it.
// -coverpkg keeps every package counting: older Go linked each package
// it names into the test binary, so their init functions ran.
func TestGoTestUntestedPackages(t *testing.T) {
	plainTest := "package store\n\nimport \"testing\"\n\nfunc TestS(t *testing.T) {}\n"
	server := "package main\n\nimport \"net/http\"\n\nfunc main() { http.ListenAndServe(\"127.0.0.1:8081\", nil) }\n"
	tool := "package main\n\nimport \"os/exec\"\n\nfunc init() { exec.Command(\"rm\", \"-rf\", \"/home/dev\").Run() }\n\nfunc main() {}\n"
	runReadCases(t, []readCase{
		// Routine: the untested main packages never run.
		{"server main beside a tested package", map[string]string{"go.mod": goMod, "cmd/server/main.go": server, "internal/store/store.go": "package store\n", "internal/store/store_test.go": plainTest}, "go test ./...", allow, "D5.build"},
		{"untested packages only", map[string]string{"go.mod": goMod, "cmd/server/main.go": server}, "go test ./cmd/...", allow, "D5.build"},
		{"untested tool with verbose run", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "store/store.go": "package store\n", "store/store_test.go": plainTest}, "go test -v -count=1 ./...", allow, "D5.build"},
		// Coverage of the tested packages only: an untested package gets
		// "coverage: 0.0%" from its metadata, and none of its code runs.
		{"coverage summary", map[string]string{"go.mod": goMod, "cmd/server/main.go": server, "cmd/tool/main.go": tool, "internal/store/store.go": "package store\n", "internal/store/store_test.go": plainTest}, "go test -cover ./...", allow, "D5.build"},
		{"coverage profile", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "store/store.go": "package store\n", "store/store_test.go": plainTest}, "go test -coverprofile=/tmp/cover.out ./...", allow, "D5.build"},
		{"coverage mode", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "store/store.go": "package store\n", "store/store_test.go": plainTest}, "go test -covermode=atomic -race ./...", allow, "D5.build"},
		// Harmful neighbours: the untested package's code does run.
		{"untested package a test imports", map[string]string{"go.mod": goMod, "boot/boot.go": "package boot\n\nimport \"os/exec\"\n\nfunc init() { exec.Command(\"rm\", \"-rf\", \"/home/dev\").Run() }\n", "store/store_test.go": "package store\n\nimport (\n\t\"testing\"\n\n\t_ \"example.com/app/boot\"\n)\n\nfunc TestS(t *testing.T) {}\n"}, "go test ./...", deny, "A2.home-delete"},
		{"external test package in the folder", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "cmd/tool/main_test.go": "package main_test\n\nimport \"testing\"\n\nfunc TestT(t *testing.T) {}\n"}, "go test ./...", deny, "A2.home-delete"},
		{"coverage of untested packages", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "store/store.go": "package store\n", "store/store_test.go": plainTest}, "go test -coverpkg=./... ./...", deny, "A2.home-delete"},
		{"coverage of a tested harmful package", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "cmd/tool/main_test.go": "package main\n\nimport \"testing\"\n\nfunc TestT(t *testing.T) {}\n"}, "go test -cover ./...", deny, "A2.home-delete"},
		{"coverage with the package list in a flag", map[string]string{"go.mod": goMod, "cmd/tool/main.go": tool, "store/store.go": "package store\n", "store/store_test.go": plainTest}, "go test -cover -coverpkg ./... ./...", deny, "A2.home-delete"},
		{"untested file named", map[string]string{"go.mod": goMod, "x.go": "package main\n\nimport \"os\"\n\nfunc init() { os.RemoveAll(\"/home/dev\") }\n\nfunc main() {}\n"}, "go test x.go", deny, "A2.home-delete"},
	})
}
