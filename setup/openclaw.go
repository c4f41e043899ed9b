package setup

// openClawModule is the plugin `arbiter install openclaw` writes: an ESM
// entry (index.mjs) in a plugin folder of its own, beside the manifest
// OpenClaw reads before it loads a native plugin.
var openClawModule = &moduleFile{
	source: func(argv []string, deferAsAsk bool) []byte {
		return moduleSource(openClawSource, argv, deferAsAsk)
	},
	companions: []companion{{name: "openclaw.plugin.json", data: []byte(openClawManifest)}},
}

// openClawManifest is the plugin's manifest. Its description names
// arbiter-hook, which is how the permission gate knows the file for its
// own (a plugin without its manifest does not load). activation.onStartup
// has the Gateway import it when it starts, so that its hook is in place
// before the first tool call.
const openClawManifest = `{
  "id": "arbiter",
  "name": "arbiter",
  "description": "arbiter's permission gate: runs arbiter-hook openclaw before each tool call, written by arbiter install openclaw.",
  "activation": {
    "onStartup": true
  },
  "configSchema": {
    "type": "object",
    "additionalProperties": false,
    "properties": {}
  }
}
`

// openClawSource is the plugin's text. OpenClaw's before_tool_call
// context carries no working directory, so the plugin names the agent's
// workspace as OpenClaw resolves it (the agent's own, the defaults',
// OPENCLAW_WORKSPACE_DIR, else the state folder's workspace); with a
// profile other than the default it names none, and arbiter then judges
// a relative path as one it cannot place.
const openClawSource = `// arbiter's permission gate for OpenClaw, written by ` + "`arbiter install openclaw`" + `.
// Before each tool call it runs arbiter's hook as a child process (no shell
// in between) with the call as JSON on stdin. A deny blocks the call; an ask
// asks you through OpenClaw's plugin approvals, which deny when nobody
// answers. A hook that is missing, crashes, answers nothing readable or
// takes longer than timeoutMs blocks the call.
// ` + "`arbiter uninstall openclaw`" + ` removes this file, and refuses to once it is edited.
import { spawn } from "node:child_process";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

` + commandLine + `@COMMAND@;
` + deferLine + `@DEFER@;
const timeoutMs = @TIMEOUT@;

` + askArbiterSource + `function expandHome(p) {
  return p === "~" || p.startsWith("~/") ? join(homedir(), p.slice(1)) : resolve(p);
}

function workspaceOf(api, ctx) {
  const agents = (api.config && api.config.agents) || {};
  let own;
  if (Array.isArray(agents.list)) own = agents.list.find((a) => a && a.id === ctx.agentId);
  else if (agents.entries && typeof agents.entries === "object") own = agents.entries[ctx.agentId];
  const named = (own && own.workspace) || (agents.defaults && agents.defaults.workspace) || process.env.OPENCLAW_WORKSPACE_DIR;
  if (typeof named === "string" && named.trim() !== "") return expandHome(named.trim());
  const profile = (process.env.OPENCLAW_PROFILE || "").trim().toLowerCase();
  if (profile !== "" && profile !== "default") return "";
  const state = (process.env.OPENCLAW_STATE_DIR || "").trim();
  return join(state !== "" ? expandHome(state) : join(homedir(), ".openclaw"), "workspace");
}

function approval(reason) {
  return { requireApproval: { title: "arbiter: confirm this call", description: reason, severity: "warning" } };
}

export default function register(api) {
  api.on("before_tool_call", async (event, ctx) => {
    const exec = api.config && api.config.tools && api.config.tools.exec;
    const answer = await askArbiter({
      hook_event_name: "before_tool_call",
      tool: event.toolName,
      tool_kind: event.toolKind || ctx.toolKind || "",
      call_id: event.toolCallId || ctx.toolCallId || "",
      session_id: ctx.sessionId || ctx.sessionKey || "",
      cwd: workspaceOf(api, ctx),
      args: event.params,
      exec_host: (exec && typeof exec.host === "string") ? exec.host : "",
    });
    const reason = typeof answer.reason === "string" ? answer.reason : "";
    let decision = answer.decision;
    if (decision === "defer" && deferAsAsk) decision = "ask";
    switch (decision) {
      case "allow":
      case "defer":
        return undefined;
      case "deny":
        return { block: true, blockReason: reason || "arbiter blocked this call." };
      case "ask":
        return approval(reason || "arbiter asks you to confirm this call.");
    }
    return { block: true, blockReason: "arbiter blocked this call: " + (answer.failed || "its answer was not understood") + ". Instead, ask the user to run it themselves or to check arbiter with ` + "`arbiter doctor`" + `. Do not retry this in another form." };
  }, { priority: 1000 });
}
`

// OpenClawEnabled reads OpenClaw's openclaw.json and says whether it
// runs arbiter's plugin: OpenClaw 2026.9.6 lists a plugin of its
// extensions folder as enabled but loads it for an agent run only once
// plugins.entries.arbiter.enabled is true (openclaw plugins enable
// arbiter writes it), and never while plugins are off, arbiter is
// denied, or a plugins.allow list leaves it out. why says what is
// missing; an error means the file is not JSON (with comments) arbiter
// can read, such as JSON5 with unquoted keys.
func OpenClawEnabled(config []byte) (enabled bool, why string, err error) {
	if config == nil {
		return false, "there is no openclaw.json", nil
	}
	root, err := parseJSONC(config)
	if err != nil {
		return false, "", err
	}
	plugins := root.get("plugins")
	if plugins == nil {
		return false, "openclaw.json does not enable it (plugins.entries.arbiter.enabled)", nil
	}
	if on := plugins.get("enabled"); on != nil && on.value == false {
		return false, "plugins.enabled is false: no plugin runs", nil
	}
	if deny := plugins.get("deny"); deny != nil && holdsString(deny, "arbiter") {
		return false, "plugins.deny lists arbiter", nil
	}
	if allow := plugins.get("allow"); allow != nil && len(allow.elems) > 0 && !holdsString(allow, "arbiter") {
		return false, "plugins.allow leaves arbiter out", nil
	}
	entry := plugins.get("entries")
	if entry != nil {
		entry = entry.get("arbiter")
	}
	if entry == nil || entry.get("enabled") == nil || entry.get("enabled").value != true {
		return false, "openclaw.json does not enable it (plugins.entries.arbiter.enabled)", nil
	}
	return true, "", nil
}

// holdsString reports whether a JSON array holds s.
func holdsString(arr *node, s string) bool {
	for _, e := range arr.elems {
		if e.value == s {
			return true
		}
	}
	return false
}
