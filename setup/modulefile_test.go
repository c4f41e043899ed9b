package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func isModule(rt string) bool {
	in, _ := installerFor(rt)
	return in.module != nil
}

// TestModuleInstallUninstall: a runtime whose hook is a module file of
// arbiter's own gets it in a fresh home and in a project, Status reads
// back the program it runs, a second install changes nothing, and
// uninstall leaves the original bytes: no file, or the file of someone
// else's that was at the path.
func TestModuleInstallUninstall(t *testing.T) {
	for _, rt := range Runtimes() {
		if !isModule(rt) {
			continue
		}
		for _, foreign := range []string{"", "// someone else's plugin\nexport const X = async () => ({});\n"} {
			home := t.TempDir()
			for _, scope := range []Scope{{Home: home}, {Home: home, Project: filepath.Join(home, "proj")}} {
				tg, err := For(rt, scope, "/opt/arbiter bin/arbiter-hook")
				if err != nil {
					t.Fatal(err)
				}
				if foreign != "" {
					os.MkdirAll(filepath.Dir(tg.Path), 0o755)
					os.WriteFile(tg.Path, []byte(foreign), 0o644)
				}
				if r, err := tg.Install(false); err != nil || !r.Changed {
					t.Fatalf("%s install: %+v %v", rt, r, err)
				}
				events, err := tg.Status()
				if err != nil || len(events) != len(tg.Events) {
					t.Fatalf("%s status: %v %v", rt, events, err)
				}
				for _, ev := range tg.Events {
					if got := strings.Join(events[ev], "|"); got != `'/opt/arbiter bin/arbiter-hook' `+rt {
						t.Errorf("%s %s runs %q", rt, ev, got)
					}
				}
				if r, err := tg.Install(false); err != nil || r.Changed {
					t.Errorf("%s: a second install changed the file: %+v %v", rt, r, err)
				}
				plain, _ := For(rt, scope, "")
				if _, err := plain.Uninstall(false); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(tg.Path)
				switch {
				case foreign == "" && !os.IsNotExist(err):
					t.Errorf("%s: uninstall left %s", rt, tg.Path)
				case foreign != "" && string(b) != foreign:
					t.Errorf("%s: uninstall left %q, want the original %q", rt, b, foreign)
				}
			}
		}
	}
}

// TestModuleEditedIsKept: a module edited since install is not removed,
// and a defer-as-ask install says so in a module that has a defer
// mapping.
func TestModuleEditedIsKept(t *testing.T) {
	for _, rt := range Runtimes() {
		if !isModule(rt) {
			continue
		}
		tg, _ := For(rt, Scope{Home: t.TempDir()}, "arbiter")
		tg.DeferAsAsk = true
		if _, err := tg.Install(false); err != nil {
			t.Fatal(err)
		}
		if tg.DeferMappable() != tg.ModuleDeferAsAsk() {
			t.Errorf("%s: the module does not block deferred calls", rt)
		}
		f, _ := os.OpenFile(tg.Path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("// edited\n")
		f.Close()
		if _, err := tg.Uninstall(false); err == nil {
			t.Errorf("%s: an edited module was removed", rt)
		}
		if _, err := os.Stat(tg.Path); err != nil {
			t.Errorf("%s: %v", rt, err)
		}
	}
}
