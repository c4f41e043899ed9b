package lazyregexp

import "testing"

func TestLazy(t *testing.T) {
	r := New(`a(b+)`)
	if !r.MatchString("xabbb") || r.FindStringSubmatch("abb")[1] != "bb" || r.String() != `a(b+)` {
		t.Error("lazy regexp does not behave as regexp")
	}
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	New(`(`).MatchString("x")
}
