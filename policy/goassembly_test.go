package policy

import "testing"

// TestGoAssembly: a package's assembly (.s, .S, .sx) and .syso object
// files are built into it, and arbiter cannot read what they do, as it
// cannot read cgo's C. Each attack here was allowed as D5.build.
func TestGoAssembly(t *testing.T) {
	main := "package main\n\nfunc hook()\n\nfunc main() { hook() }\n"
	lib := "package app\n\nfunc hook()\n\nfunc Run() { hook() }\n"
	test := "package app\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { Run() }\n"
	asm := "#include \"textflag.h\"\n\nTEXT ·hook(SB),NOSPLIT,$0\n\tMOVQ $57, AX\n\tSYSCALL\n\tRET\n"
	runReadCases(t, []readCase{
		{"go test", map[string]string{"go.mod": goMod, "app.go": lib, "hook_amd64.s": asm, "app_test.go": test}, "go test", dfr, "U.compiled-source"},
		{"go test every package", map[string]string{"go.mod": goMod, "pkg/app.go": lib, "pkg/hook_amd64.s": asm, "pkg/app_test.go": test}, "go test ./...", dfr, "U.compiled-source"},
		{"go run .", map[string]string{"go.mod": goMod, "main.go": main, "hook_amd64.s": asm}, "go run .", dfr, "U.compiled-source"},
		{"go build then run", map[string]string{"go.mod": goMod, "main.go": main, "hook_amd64.S": asm}, "go build -o app . && ./app", dfr, "U.compiled-source"},
		{"syso", map[string]string{"go.mod": goMod, "main.go": "package main\n\nfunc main() {}\n", "rsrc_amd64.syso": "\x7fELF"}, "go run .", dfr, "U.compiled-source"},
		{"imported package assembly", map[string]string{"go.mod": goMod, "main.go": "package main\n\nimport \"example.com/app/internal/h\"\n\nfunc main() { h.Run() }\n", "internal/h/h.go": "package h\n\nfunc hook()\n\nfunc Run() { hook() }\n", "internal/h/h_amd64.sx": asm}, "go run .", dfr, "U.compiled-source"},
		{"test imports assembly", map[string]string{"go.mod": goMod, "app_test.go": "package app\n\nimport (\n\t\"testing\"\n\n\t\"example.com/app/internal/h\"\n)\n\nfunc TestA(t *testing.T) { h.Run() }\n", "internal/h/h.go": "package h\n\nfunc hook()\n\nfunc Run() { hook() }\n", "internal/h/h_amd64.s": asm}, "go test", dfr, "U.compiled-source"},

		// Twins: the same packages without assembly; go vet, which runs
		// none of the code; a file go ignores; go run of named files.
		{"go vet reads assembly", map[string]string{"go.mod": goMod, "app.go": lib, "hook_amd64.s": asm, "app_test.go": test}, "go vet ./", allow, ""},
		{"ignored file", map[string]string{"go.mod": goMod, "main.go": "package main\n\nfunc main() {}\n", "_old_amd64.s": asm}, "go run .", allow, ""},
		{"named file beside assembly", map[string]string{"go.mod": goMod, "tool.go": "package main\n\nfunc main() {}\n", "hook_amd64.s": asm}, "go run tool.go", allow, ""},
		{"plain go test", map[string]string{"go.mod": goMod, "app.go": "package app\n\nfunc Run() {}\n", "app_test.go": test}, "go test", allow, "D5.build"},
		{"plain go test every package", map[string]string{"go.mod": goMod, "pkg/app.go": "package app\n\nfunc Run() {}\n", "pkg/app_test.go": test}, "go test ./...", allow, "D5.build"},
		{"plain go run", map[string]string{"go.mod": goMod, "main.go": "package main\n\nfunc main() {}\n", "notes.txt": "x"}, "go run .", allow, ""},
		{"plain go build then run", map[string]string{"go.mod": goMod, "main.go": "package main\n\nfunc main() {}\n"}, "go build -o app . && ./app", allow, ""},
	})
}
