package setup

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenCodeModuleFailsClosed loads the OpenCode plugin in node and
// runs its tool.execute.before with hooks that answer, fail, crash, hang
// or are missing: only allow and defer let the call through.
func TestOpenCodeModuleFailsClosed(t *testing.T) {
	testModuleFailsClosed(t, openCodeModule, `const m = await import("file://" + process.env.PLUGIN);
const hooks = await m.ArbiterGate({ directory: "/tmp", worktree: "/tmp" });
try {
  await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, { args: { command: "ls" } });
  console.log("ran");
} catch (e) {
  console.log("blocked: " + e.message);
}`, "blocked: confirm.")
}

// TestPiModuleFailsClosed does the same for pi's extension, headless (no
// UI to ask in), so that an ask is blocked.
func TestPiModuleFailsClosed(t *testing.T) {
	testModuleFailsClosed(t, piModule, `const m = await import("file://" + process.env.PLUGIN);
let handler;
m.default({ on: (name, h) => { if (name === "tool_call") handler = h; } });
const r = await handler({ toolName: "bash", toolCallId: "c", input: { command: "ls" } }, { cwd: "/tmp", hasUI: false });
console.log(r && r.block ? "blocked: " + r.reason : "ran");`, "blocked: confirm. This needs a person's confirmation")
}

// TestOpenClawModuleFailsClosed does the same for OpenClaw's plugin: a
// deny and every failure block (block: true, terminal in OpenClaw), an
// ask becomes a requireApproval.
func TestOpenClawModuleFailsClosed(t *testing.T) {
	testModuleFailsClosed(t, openClawModule, `const m = await import("file://" + process.env.PLUGIN);
let handler, options;
m.default({ config: {}, on: (name, h, o) => { if (name === "before_tool_call") { handler = h; options = o; } } });
if (!options || !(options.priority > 0)) { console.log("no priority"); process.exit(0); }
const r = await handler({ toolName: "exec", params: { command: "ls" }, toolCallId: "c" }, { agentId: "main", sessionId: "s" });
console.log(r && r.block === true ? "blocked: " + r.blockReason : r && r.requireApproval ? "approval: " + r.requireApproval.description : "ran");`, "approval: confirm.")
}

func testModuleFailsClosed(t *testing.T, module *moduleFile, driver, askBlocked string) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	dir := t.TempDir()
	answer := func(json string) []string {
		return []string{"/bin/sh", "-c", "cat >/dev/null; printf '%s' '" + json + "'"}
	}
	for _, c := range []struct {
		name       string
		argv       []string
		deferAsAsk bool
		want       string
	}{
		{"allow", answer(`{"decision":"allow","reason":"r"}`), false, "ran"},
		{"defer", answer(`{"decision":"defer","reason":"r"}`), false, "ran"},
		// A defer mapped to ask is answered as the module answers an ask.
		{"defer as ask", answer(`{"decision":"defer","reason":"no verdict."}`), true, strings.Replace(askBlocked, "confirm.", "no verdict.", 1)},
		{"deny", answer(`{"decision":"deny","reason":"arbiter (A2.home-delete): no."}`), false, "blocked: arbiter (A2.home-delete): no."},
		{"ask", answer(`{"decision":"ask","reason":"confirm."}`), false, askBlocked},
		{"missing", []string{filepath.Join(dir, "no-such-arbiter-hook"), "opencode"}, false, "blocked: arbiter blocked this call: cannot start"},
		{"crash", []string{"/bin/sh", "-c", "cat >/dev/null; kill -SEGV $$"}, false, "blocked: arbiter blocked this call: /bin/sh exited with SIGSEGV"},
		{"exit status", []string{"/bin/sh", "-c", "cat >/dev/null; echo oops >&2; exit 3"}, false, "blocked: arbiter blocked this call: /bin/sh exited with 3: oops"},
		{"hangs", []string{"/bin/sleep", "30"}, false, "blocked: arbiter blocked this call: /bin/sleep did not answer within 300 ms"},
		{"not JSON", answer(`allow`), false, "blocked: arbiter blocked this call: /bin/sh answered no JSON"},
		{"unknown decision", answer(`{"decision":"maybe"}`), false, "blocked: arbiter blocked this call: its answer was not understood"},
		{"nothing", []string{"/bin/true"}, false, "blocked: arbiter blocked this call: /bin/true answered no JSON"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := string(module.source(c.argv, c.deferAsAsk))
			src = strings.Replace(src, "const timeoutMs = 15000;", "const timeoutMs = 300;", 1)
			plugin := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".mjs")
			if err := os.WriteFile(plugin, []byte(src), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, "--input-type=module", "-e", driver)
			cmd.Env = append(os.Environ(), "PLUGIN="+plugin)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("node: %v: %s", err, out)
			}
			if got := strings.TrimSpace(string(out)); !strings.HasPrefix(got, c.want) {
				t.Errorf("got %q, want %q…", got, c.want)
			}
		})
	}
}

// TestOpenClawModulePayload loads OpenClaw's plugin in node and checks
// the payload it sends arbiter: the tool, its kind (Code Mode's exec),
// the agent's workspace as OpenClaw resolves it, and the configured exec
// host, which an exec without a host of its own runs on.
func TestOpenClawModulePayload(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	dir := t.TempDir()
	got := filepath.Join(dir, "payload.json")
	argv := []string{"/bin/sh", "-c", `cat > "$0"; printf '{"decision":"allow"}'`, got}
	plugin := filepath.Join(dir, "index.mjs")
	if err := os.WriteFile(plugin, openClawModule.source(argv, false), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, config, env, event string
		want                     []string
	}{
		{"defaults", `{}`, "", `{toolName: "exec", params: {command: "ls"}, toolCallId: "c1"}`,
			[]string{`"tool":"exec"`, `"cwd":"` + dir + `/home/.openclaw/workspace"`, `"call_id":"c1"`, `"args":{"command":"ls"}`}},
		{"agent workspace", `{agents: {list: [{id: "ops", workspace: "~/ops"}], defaults: {workspace: "/srv/all"}}}`, "",
			`{toolName: "read", params: {path: "a"}}`, []string{`"cwd":"` + dir + `/home/ops"`}},
		{"defaults workspace", `{agents: {defaults: {workspace: "/srv/all"}}}`, "", `{toolName: "read", params: {path: "a"}}`,
			[]string{`"cwd":"/srv/all"`}},
		{"state dir", `{}`, "OPENCLAW_STATE_DIR=/var/oc", `{toolName: "read", params: {path: "a"}}`, []string{`"cwd":"/var/oc/workspace"`}},
		{"profile", `{}`, "OPENCLAW_PROFILE=work", `{toolName: "read", params: {path: "a"}}`, []string{`"cwd":""`}},
		{"code mode", `{tools: {exec: {host: "node"}}}`, "", `{toolName: "exec", toolKind: "code_mode_exec", params: {code: "1"}}`,
			[]string{`"tool_kind":"code_mode_exec"`, `"exec_host":"node"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			driver := `const m = await import("file://" + process.env.PLUGIN);
let handler;
m.default({ config: ` + c.config + `, on: (name, h) => { if (name === "before_tool_call") handler = h; } });
const r = await handler(` + c.event + `, { agentId: "ops", sessionId: "s" });
console.log(r === undefined ? "ran" : JSON.stringify(r));`
			cmd := exec.Command(node, "--input-type=module", "-e", driver)
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + filepath.Join(dir, "home"), "PLUGIN=" + plugin}
			if c.env != "" {
				cmd.Env = append(cmd.Env, c.env)
			}
			out, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "ran" {
				t.Fatalf("node: %v: %s", err, out)
			}
			b, err := os.ReadFile(got)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("payload %s lacks %s", b, w)
				}
			}
		})
	}
}
