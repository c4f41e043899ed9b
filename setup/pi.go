package setup

// piModule is the extension `arbiter install pi` writes.
var piModule = &moduleFile{source: func(argv []string, deferAsAsk bool) []byte {
	return moduleSource(piSource, argv, deferAsAsk)
}}

// piSource is the extension's text. Pi has no approval prompt of its
// own: where it has a UI, an ask (and, with --defer-as ask, a defer) is
// put to the person with ctx.ui.select; headless it is blocked.
const piSource = `// arbiter's permission gate for pi, written by ` + "`arbiter install pi`" + `.
// Before each tool call it runs arbiter's hook as a child process (no shell
// in between) with the call as JSON on stdin. A deny blocks the call; an ask
// is put to you when pi has a UI and blocked when it has none. A hook that is
// missing, crashes, answers nothing readable or takes longer than timeoutMs
// blocks the call.
// ` + "`arbiter uninstall pi`" + ` removes this file, and refuses to once it is edited.
import { spawn } from "node:child_process";

` + commandLine + `@COMMAND@;
` + deferLine + `@DEFER@;
const timeoutMs = @TIMEOUT@;

` + askArbiterSource + `export default function (pi) {
  pi.on("tool_call", async (event, ctx) => {
    const answer = await askArbiter({
      hook_event_name: "tool_call",
      tool: event.toolName,
      call_id: event.toolCallId,
      cwd: ctx.cwd,
      args: event.input,
    });
    const reason = typeof answer.reason === "string" ? answer.reason : "";
    let decision = answer.decision;
    if (decision === "defer" && deferAsAsk) decision = "ask";
    switch (decision) {
      case "allow":
      case "defer":
        return undefined;
      case "deny":
        return { block: true, reason: reason || "arbiter blocked this call." };
      case "ask":
        if (ctx.hasUI) {
          const choice = await ctx.ui.select(reason + "\n\nAllow this call?", ["Yes", "No"]);
          if (choice === "Yes") return undefined;
          return { block: true, reason: "The user declined this call. " + reason };
        }
        return { block: true, reason: reason + " This needs a person's confirmation, which pi cannot ask for here, so it was blocked. Instead, ask the user to confirm it or to run it themselves. Do not retry this in another form." };
    }
    return { block: true, reason: "arbiter blocked this call: " + (answer.failed || "its answer was not understood") + ". Instead, ask the user to run it themselves or to check arbiter with ` + "`arbiter doctor`" + `. Do not retry this in another form." };
  });
}
`
