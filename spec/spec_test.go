package spec

import (
	"testing"
)

func TestBuiltinTableParses(t *testing.T) {
	if _, err := ParseTable(programsText); err != nil {
		t.Fatal(err)
	}
	if Lookup("cat") == nil || Lookup("git") == nil {
		t.Fatal("built-in table lacks cat or git")
	}
}
