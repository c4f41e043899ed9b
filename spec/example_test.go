package spec_test

import (
	"fmt"

	"github.com/arbitergate/arbiter/spec"
)

// Lookup finds a program's spec; Parse reads a command's words against it
// and says what each value is, or which word is not understood.
func ExampleLookup() {
	sp := spec.Lookup("sort")
	fmt.Println(sp.Name, sp.Effect)

	res := sp.Parse([]string{"-o", "out.txt", "-k2", "in.txt"})
	for _, v := range res.Values {
		fmt.Printf("%s=%s\n", v.Kind, v.Text)
	}

	res = sp.Parse([]string{"--frobnicate", "in.txt"})
	fmt.Println(res.Problem)

	fmt.Println(spec.Lookup("no-such-program") == nil)
	// Output:
	// sort read
	// write=out.txt
	// text=2
	// read=in.txt
	// sort unknown option "--frobnicate"
	// true
}
