package shell_test

import (
	"fmt"

	"github.com/arbitergate/arbiter/shell"
)

// Analyze reports every simple command a line runs: the program, its words
// after quote removal, the wrappers it passed through and where it sits.
// Nothing is run or expanded.
func ExampleAnalyze() {
	a := shell.Analyze(`cd src && sudo rm -rf "$OUT" | tee log.txt; bash -c 'echo hi'`)
	for _, c := range a.Commands {
		fmt.Printf("%-4s %q via %q [%s]\n", c.Program, c.ArgTexts(), c.Via, c.Ctx)
	}
	fmt.Println("problems:", len(a.Problems))

	// What cannot be read statically is a problem, never a guess.
	fmt.Println(shell.Analyze(`$TOOL --version`).Problems[0].Kind)
	// Output:
	// cd   ["src"] via [] []
	// rm   ["-rf" "$OUT"] via ["sudo"] [pipeline]
	// tee  ["log.txt"] via [] [pipeline]
	// bash ["-c" "echo hi"] via [] []
	// echo ["hi"] via ["bash"] [nested]
	// problems: 0
	// dynamic-program
}
