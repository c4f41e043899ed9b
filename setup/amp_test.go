package setup

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ampDriver loads Amp's plugin in node with a stand-in for the plugin API
// and runs its tool.call handler once; CONFIRM says what the person
// answers in Amp's dialog ("throw" is Amp without a UI, amp -x).
const ampDriver = `const m = await import("file://" + process.env.PLUGIN);
let handler;
m.default({ on: (name, h) => { if (name === "tool.call") handler = h; }, helpers: { filePathFromURI: (u) => String(u) } });
const confirm = async () => {
  if (process.env.CONFIRM === "throw") throw new Error("Plugin UI is not available");
  return process.env.CONFIRM === "yes";
};
const r = await handler({ toolUseID: "c", tool: "Bash", input: { cmd: "ls" }, thread: { id: "T-1" } },
  { system: { workspaceRoot: "/tmp" }, ui: { confirm } });
console.log(r.action === "allow" ? "ran" : r.action === "reject-and-continue" ? "blocked: " + r.message : "other: " + JSON.stringify(r));`

// TestAmpModuleFailsClosed: without a UI to ask in, only allow and defer
// let the call through; a missing, crashing, hanging or garbled hook
// refuses it.
func TestAmpModuleFailsClosed(t *testing.T) {
	t.Setenv("CONFIRM", "throw")
	testModuleFailsClosed(t, ampModule, ampDriver, "blocked: confirm. This needs a person's confirmation, which Amp cannot ask for here")
}

// TestAmpModuleAsksThePerson: where Amp shows its dialog, an ask (and,
// with --defer-as ask, a defer) runs only when the person confirms.
func TestAmpModuleAsksThePerson(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	dir := t.TempDir()
	answer := func(json string) []string {
		return []string{"/bin/sh", "-c", "cat >/dev/null; printf '%s' '" + json + "'"}
	}
	for _, c := range []struct {
		name, confirm string
		argv          []string
		deferAsAsk    bool
		want          string
	}{
		{"ask confirmed", "yes", answer(`{"decision":"ask","reason":"confirm."}`), false, "ran"},
		{"ask declined", "no", answer(`{"decision":"ask","reason":"confirm."}`), false, "blocked: The user declined this call. confirm."},
		{"defer as ask declined", "no", answer(`{"decision":"defer","reason":"no verdict."}`), true, "blocked: The user declined this call. no verdict."},
		{"defer as ask confirmed", "yes", answer(`{"decision":"defer","reason":"no verdict."}`), true, "ran"},
		{"deny is not asked", "yes", answer(`{"decision":"deny","reason":"no."}`), false, "blocked: no."},
	} {
		t.Run(c.name, func(t *testing.T) {
			plugin := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".mjs")
			if err := os.WriteFile(plugin, ampModule.source(c.argv, c.deferAsAsk), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, "--input-type=module", "-e", ampDriver)
			cmd.Env = append(os.Environ(), "PLUGIN="+plugin, "CONFIRM="+c.confirm)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("node: %v: %s", err, out)
			}
			if got := strings.TrimSpace(string(out)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
