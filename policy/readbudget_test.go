package policy

import (
	"fmt"
	"strings"
	"testing"
)

// fanOut builds files name(0) … name(levels), each running the next k
// times through run (a format taking the next one's index), the last one
// echo: reading what the first runs naively reads k^levels files, while
// every file is small and the chain stays under the depth bound.
func fanOut(levels, k int, name func(int) string, run string) map[string]string {
	files := map[string]string{}
	for i := 0; i < levels; i++ {
		files[name(i)] = strings.Repeat(fmt.Sprintf(run, i+1)+"\n", k)
	}
	files[name(levels)] = "echo done\n"
	return files
}

// table builds one task runner's file from tasks s0 … s(levels), each
// running the next k times through run, as lines made by line.
func table(levels, k int, run string, task func(name string, lines []string) string) string {
	var b strings.Builder
	for i := 0; i <= levels; i++ {
		lines := []string{"echo done"}
		if i < levels {
			lines = strings.Split(strings.Repeat(fmt.Sprintf(run, i+1)+"\n", k-1)+fmt.Sprintf(run, i+1), "\n")
		}
		b.WriteString(task(fmt.Sprintf("s%d", i), lines))
	}
	return b.String()
}

func justRecipe(name string, lines []string) string {
	return name + ":\n\t" + strings.Join(lines, "\n\t") + "\n\n"
}

func packageScripts(levels, k int) string {
	var parts []string
	for i := 0; i < levels; i++ {
		parts = append(parts, fmt.Sprintf("%q: %q", fmt.Sprintf("s%d", i), strings.TrimSuffix(strings.Repeat(fmt.Sprintf("npm run s%d && ", i+1), k), " && ")))
	}
	parts = append(parts, fmt.Sprintf(`"s%d": "echo done"`, levels))
	return `{"name": "x", "scripts": {` + strings.Join(parts, ", ") + "}}"
}

func shName(i int) string { return fmt.Sprintf("s%d.sh", i) }

// TestReadingBounded checks that code which runs other code many times
// over, each part small and the chain shallow, is deferred for the work
// of reading it instead of read for seconds and allowed.
func TestReadingBounded(t *testing.T) {
	const work = "U.too-many-files"
	mixed := fanOut(2, 8, shName, "bash s%d.sh")
	mixed["s2.sh"] = strings.Repeat("npm run s0\n", 8)
	mixed["package.json"] = packageScripts(2, 8)
	// Files read again on each run, large or costly to read, so that a
	// few runs of each are too much.
	var padRecipes, padScripts strings.Builder
	for i := 0; i < 1500; i++ {
		fmt.Fprintf(&padRecipes, "pad%d:\n\techo padding recipe %d\n\n", i, i)
		fmt.Fprintf(&padScripts, `, "pad%d": "echo padding script %d"`, i, i)
	}
	costly := "V0 = x\n"
	for i := 1; i <= 12; i++ {
		costly += fmt.Sprintf("V%d = $(firstword $(V%d) $(V%d) $(V%d))\n", i, i-1, i-1, i-1)
	}
	costly += "X := $(V12)\n"
	runReadCases(t, []readCase{
		{"large justfile", map[string]string{"justfile": table(3, 8, "just s%d", justRecipe) + padRecipes.String()}, "just s0", dfr, work},
		{"large package.json", map[string]string{"package.json": strings.TrimSuffix(packageScripts(3, 8), "}}") + padScripts.String() + "}}"}, "npm run s0", dfr, work},
		{"costly Makefile", map[string]string{"Makefile": costly + table(3, 8, "$(MAKE) s%d", justRecipe)}, "make s0", dfr, work},
		{"scripts running scripts", fanOut(5, 8, shName, "bash s%d.sh"), "bash s0.sh", dfr, work},
		{"package scripts", map[string]string{"package.json": packageScripts(5, 8)}, "npm run s0", dfr, work},
		{"just recipes", map[string]string{"justfile": table(5, 8, "just s%d", justRecipe)}, "just s0", dfr, work},
		{"make recipes", map[string]string{"Makefile": table(5, 8, "$(MAKE) s%d", justRecipe)}, "make s0", dfr, work},
		{"scripts into package scripts", mixed, "bash s0.sh", dfr, work},
	})
}

// TestReadingBoundedTwins checks that projects of realistic size, whose
// scripts run a few others each, stay within the bound.
func TestReadingBoundedTwins(t *testing.T) {
	var recipes strings.Builder
	recipes.WriteString("all:")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&recipes, " t%d", i)
	}
	recipes.WriteString("\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&recipes, "t%d:\n\techo building %d\n\tgo vet ./...\n\tgo build -o bin/t%d ./cmd/t%d\n", i, i, i, i)
	}
	runReadCases(t, []readCase{
		{"a few scripts each", fanOut(4, 3, shName, "bash s%d.sh"), "bash s0.sh", allow, ""},
		{"package scripts", map[string]string{"package.json": `{"scripts": {"test": "npm run lint && npm run build && npm run unit", "lint": "eslint .", "build": "tsc -p . && npm run bundle", "bundle": "tsc -p tsconfig.bundle.json", "unit": "npm run build && jest"}}`}, "npm test", allow, ""},
		{"many recipe lines", map[string]string{"Makefile": recipes.String()}, "make all", allow, ""},
		{"a large script run twice", map[string]string{"run.sh": "bash big.sh\nbash big.sh\n", "big.sh": strings.Repeat("echo checking one more thing\n", 2000)}, "bash run.sh", allow, ""},
		{"just recipes", map[string]string{"justfile": table(3, 3, "just s%d", justRecipe)}, "just s0", allow, ""},
		{"a costly Makefile run once", map[string]string{"Makefile": "V0 = x\n" + "V1 = $(firstword $(V0) $(V0))\nall:\n\techo $(V1)\n\t$(MAKE) lint\nlint:\n\tgo vet ./...\n"}, "make", allow, ""},
		{"recursive make", map[string]string{"Makefile": "all:\n\t$(MAKE) -C sub\n\t$(MAKE) -C sub test\n", "sub/Makefile": "all:\n\tgo build ./...\ntest:\n\tgo test ./...\n"}, "make", allow, ""},
	})
}
