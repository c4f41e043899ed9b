package project

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestParseCMake(t *testing.T) {
	text := "# a comment (with parens\ncmake_minimum_required(VERSION 3.16)\n#[[ a bracket\ncomment ]]\nexecute_process(COMMAND git \"rev-parse\" [==[--short]==] HEAD\n  OUTPUT_VARIABLE REV)\nif((A) OR B)\nset(L a;b\\;c \"d;e\")\nendif()\n"
	cmds, err := ParseCMake(text)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"cmake_minimum_required", "execute_process", "if", "set", "endif"}
	if len(cmds) != len(names) {
		t.Fatalf("commands %+v", cmds)
	}
	for i, n := range names {
		if cmds[i].Name != n {
			t.Errorf("command %d is %s, want %s", i, cmds[i].Name, n)
		}
	}
	ep := cmds[1]
	if ep.Line != 5 || len(ep.Args) != 7 || ep.Args[2].Text != "rev-parse" || ep.Args[3].Text != "--short" || !ep.Args[3].Quoted {
		t.Errorf("execute_process = %+v", ep)
	}
	if cmds[2].Args[0].Text != "(" || !cmds[2].Args[0].Paren {
		t.Errorf("if = %+v", cmds[2].Args)
	}
	set := cmds[3].Args
	if len(set) != 4 || set[1].Text != "a" || set[2].Text != `b\;c` || set[3].Text != "d;e" {
		t.Errorf("set = %+v (an unquoted ; splits, a quoted or escaped one does not)", set)
	}
	for _, bad := range []string{"foo(", "foo bar", "x(\"a)", "x([[a)", "x(a\"b\")", "(a)"} {
		if _, err := ParseCMake(bad); err == nil {
			t.Errorf("%q: read, want an error", bad)
		}
	}
}

func TestReadCMake(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"CMakeLists.txt":         "project(x)\nlist(APPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_SOURCE_DIR}/cmake)\ninclude(Extra)\nfind_package(Foo)\nadd_subdirectory(lib)\ninclude(GNUInstallDirs)\n",
		"cmake/Extra.cmake":      "message(extra)\n",
		"cmake/FindFoo.cmake":    "message(foo)\n",
		"lib/CMakeLists.txt":     "include(${CMAKE_CURRENT_LIST_DIR}/more.cmake)\n",
		"lib/more.cmake":         "message(more)\n",
		"bad/CMakeLists.txt":     "include(Unknown)\n",
		"dynamic/CMakeLists.txt": "add_subdirectory(${X})\n",
	} {
		write(t, root, name, text)
	}
	r, err := ReadCMake(root, root)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 5 {
		t.Errorf("files %q, want the lists, the module, the Find module, the subfolder's lists and its include", r.Files)
	}
	for _, dir := range []string{"bad", "dynamic"} {
		if _, err := ReadCMake(filepath.Join(root, dir), root); err == nil {
			t.Errorf("%s: read, want an error", dir)
		}
	}
	if _, err := ReadCMake(filepath.Join(root, "cmake"), root); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no CMakeLists.txt: err = %v", err)
	}
}

func FuzzCMake(f *testing.F) {
	f.Add("project(x)\nexecute_process(COMMAND a \"b\" [[c]])\nif((A))\nendif()\n")
	f.Add("#[==[ x ]==]\nset(A a;b\\;c)\n")
	f.Fuzz(func(t *testing.T, text string) {
		cmds, err := ParseCMake(text)
		if err != nil && cmds != nil {
			t.Fatal("commands returned with an error")
		}
		for _, c := range cmds {
			if c.Name == "" || c.Line < 1 {
				t.Fatalf("command %+v", c)
			}
		}
	})
}
