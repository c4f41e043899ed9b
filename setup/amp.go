package setup

// ampModule is the plugin `arbiter install amp` writes.
var ampModule = &moduleFile{source: func(argv []string, deferAsAsk bool) []byte {
	return moduleSource(ampSource, argv, deferAsAsk)
}}

// ampSource is the plugin's text: TypeScript that needs no types and no
// package, which Amp runs with Bun. A tool.call handler must answer, and
// Amp's answers have no neutral value: allow lets the call go on to
// Amp's own permissions, reject-and-continue refuses it and tells the
// agent why. So a defer is an allow unless install chose --defer-as ask,
// and an ask is put to the person with ctx.ui.confirm, or refused where
// Amp has no UI to show it (ctx.ui throws there).
const ampSource = `// @i-know-the-amp-plugin-api-is-wip-and-very-experimental-right-now
// arbiter's permission gate for Amp, written by ` + "`arbiter install amp`" + `.
// Before each tool call it runs arbiter's hook as a child process (no shell
// in between) with the call as JSON on stdin. A deny refuses the call; an ask
// is put to you in Amp's confirmation dialog, and refused where Amp cannot
// show one. A hook that is missing, crashes, answers nothing readable or takes
// longer than timeoutMs refuses the call.
// ` + "`arbiter uninstall amp`" + ` removes this file, and refuses to once it is edited.
import { spawn } from "node:child_process";

export const description = "arbiter's permission gate: arbiter decides each tool call before it runs";

` + commandLine + `@COMMAND@;
` + deferLine + `@DEFER@;
const timeoutMs = @TIMEOUT@;

` + askArbiterSource + `function workspaceOf(amp, ctx) {
  try {
    const root = ctx.system && ctx.system.workspaceRoot;
    if (root) return amp.helpers.filePathFromURI(root);
  } catch (e) {}
  return process.cwd();
}

const refuse = (message) => ({ action: "reject-and-continue", message });

export default function (amp) {
  amp.on("tool.call", async (event, ctx) => {
    const answer = await askArbiter({
      hook_event_name: "tool.call",
      tool: event.tool,
      session_id: event.thread && event.thread.id,
      call_id: event.toolUseID,
      cwd: workspaceOf(amp, ctx),
      args: event.input,
    });
    const reason = typeof answer.reason === "string" ? answer.reason : "";
    let decision = answer.decision;
    if (decision === "defer" && deferAsAsk) decision = "ask";
    switch (decision) {
      case "allow":
      case "defer":
        return { action: "allow" };
      case "deny":
        return refuse(reason || "arbiter blocked this call.");
      case "ask": {
        let confirmed;
        try {
          confirmed = await ctx.ui.confirm({ title: "arbiter: allow " + event.tool + "?", message: reason, confirmButtonText: "Allow" });
        } catch (e) {
          return refuse(reason + " This needs a person's confirmation, which Amp cannot ask for here, so it was blocked. Instead, ask the user to confirm it or to run it themselves. Do not retry this in another form.");
        }
        if (confirmed === true) return { action: "allow" };
        return refuse("The user declined this call. " + reason);
      }
    }
    return refuse("arbiter blocked this call: " + (answer.failed || "its answer was not understood") + ". Instead, ask the user to run it themselves or to check arbiter with ` + "`arbiter doctor`" + `. Do not retry this in another form.");
  });
}
`
