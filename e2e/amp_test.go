package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Amp needs an Amp account for a thread, so no model ever reaches it
// here. What runs without one is Amp's own plugin runtime: the script
// inside the amp binary that loads a plugin with Amp's Bun and answers
// the host's tool.call requests over stdio, one JSON object a line. The
// test has Amp load a probe plugin once (amp plugins exec, offline),
// which copies that runtime script out of the folder Amp unpacks it in;
// then each case starts the runtime on arbiter's installed plugin,
// plays Amp's part of the protocol (client.info, tool.call, and the
// ui.confirm an ask puts to the person) and checks the answer the
// plugin gives Amp. Nothing of Amp's is kept after the test.

// ampClient is the pinned Amp CLI; only its name is used.
var ampClient = client{name: "amp", runtime: "amp"}

// ampCase is one tool call put to arbiter's plugin in Amp's runtime.
type ampCase struct {
	name  string
	tool  string
	input map[string]any
	// confirm is what the person answers when the plugin asks: "yes",
	// "no", or "" for an Amp without a UI (the request fails).
	confirm string
	// wantAction is Amp's ToolCallResult action; wantMessage a part of
	// its message; wantAsked whether the person was asked.
	wantAction, wantMessage string
	wantAsked               bool
}

func TestAmp(t *testing.T) {
	bin := binDir(t)
	needNamespaces(t)
	clientBin(t, bin, ampClient)
	arbiter, err := arbiterBinary()
	if err != nil {
		t.Fatal(err)
	}
	hookBin := filepath.Join(filepath.Dir(arbiter), "arbiter-hook")
	amp := filepath.Join(bin, "amp")
	runtimeScript := ampRuntimeScript(t, amp)

	project := t.TempDir()
	cases := []ampCase{
		{name: "deny", tool: "Bash", input: map[string]any{"cmd": "rm -rf ~"}, wantAction: "reject-and-continue", wantMessage: "arbiter ("},
		{name: "allow", tool: "Bash", input: map[string]any{"cmd": "go test ./..."}, wantAction: "allow"},
		{name: "own plugin", tool: "create_file", input: map[string]any{"path": "HOME/.config/amp/plugins/arbiter.ts", "content": "x"},
			wantAction: "reject-and-continue", wantMessage: "S.guard-tamper"},
		{name: "ask confirmed", tool: "Bash", input: map[string]any{"cmd": "git push --force origin main"}, confirm: "yes", wantAction: "allow", wantAsked: true},
		{name: "ask declined", tool: "Bash", input: map[string]any{"cmd": "git push --force origin main"}, confirm: "no",
			wantAction: "reject-and-continue", wantMessage: "The user declined this call.", wantAsked: true},
		{name: "ask without a UI", tool: "Bash", input: map[string]any{"cmd": "git push --force origin main"},
			wantAction: "reject-and-continue", wantMessage: "which Amp cannot ask for here", wantAsked: true},
		{name: "defer", tool: "read_web_page", input: map[string]any{"url": "https://docs.python.org/3/"}, wantAction: "allow"},
	}
	home := t.TempDir()
	ampInstall(t, arbiter, home, hookBin)
	plugin := filepath.Join(home, ".config", "amp", "plugins", "arbiter.ts")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkAmpCase(t, amp, runtimeScript, plugin, home, project, c) })
	}

	t.Run("defer as ask", func(t *testing.T) {
		home := t.TempDir()
		ampInstall(t, arbiter, home, hookBin, "--defer-as", "ask")
		plugin := filepath.Join(home, ".config", "amp", "plugins", "arbiter.ts")
		checkAmpCase(t, amp, runtimeScript, plugin, home, project, ampCase{tool: "read_web_page", input: map[string]any{"url": "https://docs.python.org/3/"},
			confirm: "no", wantAction: "reject-and-continue", wantMessage: "The user declined this call.", wantAsked: true})
	})

	t.Run("missing hook", func(t *testing.T) {
		home := t.TempDir()
		gone := filepath.Join(t.TempDir(), "arbiter-hook")
		if err := os.Link(hookBin, gone); err != nil {
			t.Fatal(err)
		}
		// arbiter-hook runs the arbiter beside it: install checks for both.
		if err := os.Link(arbiter, filepath.Join(filepath.Dir(gone), "arbiter")); err != nil {
			t.Fatal(err)
		}
		ampInstall(t, arbiter, home, gone)
		if err := os.Remove(gone); err != nil {
			t.Fatal(err)
		}
		plugin := filepath.Join(home, ".config", "amp", "plugins", "arbiter.ts")
		checkAmpCase(t, amp, runtimeScript, plugin, home, project, ampCase{tool: "Bash", input: map[string]any{"cmd": "go test ./..."},
			wantAction: "reject-and-continue", wantMessage: "arbiter blocked this call: cannot start"})
	})
}

// ampInstall runs arbiter install amp in home.
func ampInstall(t *testing.T, arbiter, home, hookBin string, flags ...string) {
	t.Helper()
	args := append([]string{"install", "amp", "--binary", hookBin}, flags...)
	cmd := exec.Command(arbiter, args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache")}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("arbiter %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// ampRuntimeScript has Amp load a probe plugin, offline, which copies
// the runtime script that loads it (its process.argv[1]) into the
// test's folder, and returns the copy's path.
func ampRuntimeScript(t *testing.T, amp string) string {
	t.Helper()
	dir := t.TempDir()
	dest := filepath.Join(dir, "plugin-runtime.ts")
	probe := filepath.Join(dir, "probe.ts")
	destJSON, _ := json.Marshal(dest)
	src := `import { copyFileSync } from "node:fs";
export default function () { copyFileSync(process.argv[1], ` + string(destJSON) + `); }
`
	if err := os.WriteFile(probe, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	args := append(unshareArgs(), "--", amp, "plugins", "exec", probe, "session.start", "--data", `{"thread":{"id":"T-arbiter-e2e"}}`)
	ctx, cancel := context.WithTimeout(context.Background(), clientTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, mustTool("unshare"), args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "TMPDIR=" + dir}
	out, err := cmd.CombinedOutput()
	if _, statErr := os.Stat(dest); statErr != nil {
		t.Fatalf("amp plugins exec did not load the probe plugin (%v): %v: %s", statErr, err, out)
	}
	return dest
}

// checkAmpCase starts Amp's plugin runtime on the plugin, in a network
// namespace of its own, plays Amp's side for one tool.call and checks
// the answer.
func checkAmpCase(t *testing.T, amp, runtimeScript, plugin, home, project string, c ampCase) {
	t.Helper()
	for k, v := range c.input {
		if s, ok := v.(string); ok {
			c.input[k] = strings.ReplaceAll(s, "HOME", home)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), clientTimeout)
	defer cancel()
	args := append(unshareArgs(), "--", amp, runtimeScript, plugin)
	cmd := exec.CommandContext(ctx, mustTool("unshare"), args...)
	// BUN_BE_BUN makes the amp binary the Bun it embeds, as Amp starts
	// its plugin runtime; AMP_PLUGIN_URI is what Amp's launcher sets.
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "BUN_BE_BUN=1", "AMP_PLUGIN_URI=file://" + plugin,
		"AMP_PLUGIN_RUNTIME_LOG_FILE=" + filepath.Join(home, "plugin-runtime.log"), "ARBITER_LOG=off"}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	}()
	result, asked, err := ampConverse(stdin, stdout, project, c)
	if err != nil {
		t.Fatalf("%v (stderr: %s)", err, stderr.String())
	}
	if result.Action != c.wantAction || !strings.Contains(result.Message, c.wantMessage) || asked != c.wantAsked {
		t.Errorf("Amp got %+v (asked the person: %v); want action %s, a message with %q, asked %v", result, asked, c.wantAction, c.wantMessage, c.wantAsked)
	}
}

// ampResult is a plugin's ToolCallResult.
type ampResult struct {
	Action  string `json:"action"`
	Message string `json:"message"`
}

// ampMessage is one line of the runtime's protocol.
type ampMessage struct {
	Type   string          `json:"type"`
	ID     string          `json:"id"`
	Method string          `json:"method"`
	Event  string          `json:"event"`
	Result json.RawMessage `json:"result"`
	Error  string          `json:"error"`
}

// ampConverse answers the runtime's requests as Amp does until the
// plugin has answered the one tool call.
func ampConverse(w io.Writer, r io.Reader, project string, c ampCase) (ampResult, bool, error) {
	send := func(v any) error {
		b, _ := json.Marshal(v)
		_, err := w.Write(append(b, '\n'))
		return err
	}
	asked := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m ampMessage
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			continue // the plugin's own output
		}
		var err error
		switch {
		case m.Type == "request" && m.Method == "client.info":
			err = send(map[string]any{"type": "response", "id": m.ID, "result": map[string]any{
				"ampURL": "http://127.0.0.1:9/", "workspaceRoot": "file://" + project, "authenticatedUser": nil, "executorKind": "local"}})
		case m.Type == "request" && m.Method == "ui.confirm":
			asked = true
			if c.confirm == "" {
				err = send(map[string]any{"type": "response", "id": m.ID, "error": "Plugin UI is not available"})
			} else {
				err = send(map[string]any{"type": "response", "id": m.ID, "result": c.confirm == "yes"})
			}
		case m.Type == "request":
			err = send(map[string]any{"type": "response", "id": m.ID, "result": nil})
		case m.Type == "event" && m.Event == "runtime.ready":
			err = send(map[string]any{"type": "request", "id": "arbiter-e2e", "method": "tool.call", "params": map[string]any{
				"toolUseID": "toolu_e2e", "tool": c.tool, "input": c.input, "thread": map[string]any{"id": "T-arbiter-e2e"}}})
		case m.Type == "response" && m.ID == "arbiter-e2e":
			if m.Error != "" {
				return ampResult{}, asked, fmt.Errorf("the plugin failed the tool call: %s", m.Error)
			}
			var res ampResult
			if err := json.Unmarshal(m.Result, &res); err != nil {
				return ampResult{}, asked, fmt.Errorf("the plugin's answer %s: %v", m.Result, err)
			}
			return res, asked, nil
		}
		if err != nil {
			return ampResult{}, asked, err
		}
	}
	return ampResult{}, asked, fmt.Errorf("the runtime ended before the plugin answered: %v", sc.Err())
}
