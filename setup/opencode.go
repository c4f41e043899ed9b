package setup

import (
	"encoding/json"
	"strconv"
	"strings"
)

// moduleTimeout is how long an OpenCode module waits for arbiter's
// answer before it blocks the call: the judge's timeout and start-up,
// with room to spare.
const moduleTimeout = 15000

// openCodeModule is the plugin `arbiter install opencode` writes.
var openCodeModule = &moduleFile{source: func(argv []string, deferAsAsk bool) []byte {
	return moduleSource(openCodeSource, argv, deferAsAsk)
}}

// kiloModule is the plugin `arbiter install kilo` writes: Kilo Code CLI
// forked OpenCode and loads the same plugin, which names it instead.
var kiloModule = &moduleFile{source: func(argv []string, deferAsAsk bool) []byte {
	return moduleSource(kiloSource(), argv, deferAsAsk)
}}

// kiloSource is OpenCode's plugin with Kilo Code CLI's names (made when
// installing, not when every arbiter starts).
func kiloSource() string {
	return strings.NewReplacer("for OpenCode", "for Kilo Code CLI", "arbiter install opencode", "arbiter install kilo",
		"arbiter uninstall opencode", "arbiter uninstall kilo").Replace(openCodeSource)
}

// moduleSource fills a module's text in with the hook's argument vector,
// its defer mapping and its timeout.
func moduleSource(text string, argv []string, deferAsAsk bool) []byte {
	cmd, err := json.Marshal(argv)
	if err != nil {
		// A []string always encodes.
		panic(err)
	}
	r := strings.NewReplacer("@COMMAND@", string(cmd), "@DEFER@", strconv.FormatBool(deferAsAsk), "@TIMEOUT@", strconv.Itoa(moduleTimeout))
	return []byte(r.Replace(text))
}

// openCodeSource is the plugin's text. It depends on nothing but Node's
// (and Bun's) child_process: OpenCode loads it as it is.
const openCodeSource = `// arbiter's permission gate for OpenCode, written by ` + "`arbiter install opencode`" + `.
// Before each tool call it runs arbiter's hook as a child process (no shell
// in between) with the call as JSON on stdin, and blocks the call unless
// arbiter answers allow (or defer). A hook that is missing, crashes, answers
// nothing readable or takes longer than timeoutMs blocks the call.
// ` + "`arbiter uninstall opencode`" + ` removes this file, and refuses to once it is edited.
import { spawn } from "node:child_process";

` + commandLine + `@COMMAND@;
` + deferLine + `@DEFER@;
const timeoutMs = @TIMEOUT@;

` + askArbiterSource + `export const ArbiterGate = async ({ directory, worktree }) => ({
  "tool.execute.before": async (input, output) => {
    const answer = await askArbiter({
      hook_event_name: "tool.execute.before",
      tool: input.tool,
      session_id: input.sessionID,
      call_id: input.callID,
      cwd: directory,
      worktree,
      args: output.args,
    });
    const reason = typeof answer.reason === "string" ? answer.reason : "";
    switch (answer.decision) {
      case "allow":
        return;
      case "defer":
        if (!deferAsAsk) return;
        throw new Error(reason + " This needs a person's confirmation (arbiter is installed with --defer-as ask), so it was blocked. Instead, ask the user to confirm it or to run it themselves. Do not retry this in another form.");
      case "deny":
      case "ask":
        throw new Error(reason || "arbiter blocked this call.");
    }
    throw new Error("arbiter blocked this call: " + (answer.failed || "its answer was not understood") + ". Instead, ask the user to run it themselves or to check arbiter with ` + "`arbiter doctor`" + `. Do not retry this in another form.");
  },
});
`

// askArbiterSource is the modules' shared function: it runs the hook's
// argument vector with the payload on stdin and resolves to its answer,
// or to {failed} when the hook is missing, fails, hangs or answers no
// JSON. It never rejects.
const askArbiterSource = `function askArbiter(payload) {
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    let done = false;
    let timer;
    let child;
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
    };
    try {
      child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
      finish({ failed: "cannot start " + command[0] + ": " + e.message });
      return;
    }
    timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish({ failed: command[0] + " did not answer within " + timeoutMs + " ms" });
    }, timeoutMs);
    child.on("error", (e) => finish({ failed: "cannot start " + command[0] + ": " + e.message }));
    child.stdout.on("data", (d) => { out += d; });
    child.stderr.on("data", (d) => { err += d; });
    child.on("close", (code, signal) => {
      if (code !== 0) {
        finish({ failed: command[0] + " exited with " + (signal || code) + ": " + err.trim().slice(0, 500) });
        return;
      }
      try {
        finish(JSON.parse(out));
      } catch (e) {
        finish({ failed: command[0] + " answered no JSON: " + out.slice(0, 200) });
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

`
