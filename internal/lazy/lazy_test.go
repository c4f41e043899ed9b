package lazy

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

func TestBuiltOnceOnFirstGet(t *testing.T) {
	var builds atomic.Int32
	v := New(func() map[string]bool {
		builds.Add(1)
		return map[string]bool{"a": true}
	})
	if builds.Load() != 0 {
		t.Fatal("New built the value")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !v.Get()["a"] {
				t.Error("Get returned another value")
			}
		}()
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("built %d times, want once", n)
	}
}

func ExampleValue() {
	words := New(func() map[string]bool {
		fmt.Println("building")
		return map[string]bool{"test": true, "build": true}
	})
	fmt.Println(words.Get()["test"], words.Get()["deploy"])
	// Output:
	// building
	// true false
}

// A table declared with New costs no allocation until it is used: the
// hook starts once per tool call and declares more than a hundred.
func TestNewDoesNotAllocate(t *testing.T) {
	build := func() map[string]bool { return map[string]bool{"a": true} }
	var sink Value[map[string]bool]
	if n := testing.AllocsPerRun(100, func() { sink = New(build) }); n != 0 {
		t.Errorf("New allocates %v times, want none", n)
	}
	if !sink.Get()["a"] {
		t.Error("Get after New returned another value")
	}
}
