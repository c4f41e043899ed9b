package setup

import (
	"slices"

	"github.com/arbitergate/arbiter/agents"
)

// installer is the shape of arbiter's entries in one runtime's settings
// file; where the file is comes from the registry.
type installer struct {
	// newFile returns the document written when the file does not exist
	// yet, before its hooks.
	newFile func() map[string]any
	// entry is the element added to each event's array for a command.
	entry func(command string) any
	// notes say what the runtime needs beyond the settings file.
	notes string
	// comments says the runtime reads the file as JSON with comments and
	// trailing commas, so arbiter reads and edits it so too.
	comments bool
	// module, when set, is a runtime whose hook is a module file of
	// arbiter's own; newFile and entry are then unused.
	module *moduleFile
	// container is the top-level key that holds the hooks by event, where
	// it is not "hooks".
	container string
	// topLevel: the events are the document's own keys, in no container
	// (Factory Droid's hooks.json).
	topLevel bool
	// yaml, when set, is a runtime whose hook entries are in a YAML
	// file; newFile and entry are then unused.
	yaml *yamlHooks
}

// installers are the runtimes arbiter installs into, by their IDs in the
// registry (package agents).
var installers = [...]struct {
	id string
	installer
}{
	// onFailure block: without it, a hook that times out or crashes lets
	// the call through (Claude Code 2.1.295 and later).
	{agents.Claude, installer{newFile: emptyFile, entry: func(cmd string) any {
		return group("*", map[string]any{"type": "command", "command": cmd, "timeout": 10, "onFailure": "block"})
	}}},
	{agents.Codex, installer{newFile: emptyFile, notes: CodexTrustNote, entry: func(cmd string) any {
		return group("", map[string]any{"type": "command", "command": cmd, "timeout": 10})
	}}},
	// Gemini CLI strips comments from settings.json before it parses it;
	// Copilot CLI writes comments into its own JSON files. Claude Code,
	// Codex and Cursor document plain JSON.
	{agents.Gemini, installer{newFile: emptyFile, comments: true, entry: func(cmd string) any {
		return group(".*", map[string]any{"name": "arbiter", "type": "command", "command": cmd, "timeout": 10000})
	}}},
	{agents.Cursor, installer{newFile: versionOne, entry: func(cmd string) any {
		return map[string]any{"command": cmd}
	}}},
	{agents.Copilot, installer{newFile: versionOne, comments: true, entry: func(cmd string) any {
		return map[string]any{"type": "command", "bash": cmd, "timeoutSec": 10}
	}}},
	// Qwen Code's timeouts are in milliseconds. A hook that fails or times
	// out lets the call through there: no entry option changes that. Like
	// Gemini CLI, it strips comments from settings.json before parsing it
	// (0.24.4's settings loader).
	{agents.Qwen, installer{newFile: emptyFile, comments: true, notes: QwenFailOpenNote, entry: func(cmd string) any {
		return group("*", map[string]any{"type": "command", "command": cmd, "name": "arbiter", "timeout": 10000})
	}}},
	{agents.OpenCode, installer{module: openCodeModule, notes: OpenCodeNote}},
	{agents.Pi, installer{module: piModule, notes: PiNote}},
	{agents.Kiro, installer{module: kiroModule, notes: KiroNote}},
	{agents.Cline, installer{module: clineModule, notes: ClineNote}},
	{agents.Kilo, installer{module: kiloModule, notes: KiloNote}},
	{agents.Amp, installer{module: ampModule, notes: AmpNote}},
	// Google Antigravity reads strict JSON and drops the whole file when
	// any of it does not parse; each top-level key names a hook, so
	// arbiter's entries are its hook "arbiter". Timeouts are whole
	// seconds; "*" is its documented match-all.
	{agents.Antigravity, installer{newFile: emptyFile, container: "arbiter", notes: AntigravityNote, entry: func(cmd string) any {
		return map[string]any{"matcher": "*", "hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": 10}}}
	}}},
	// Devin reads its configuration as JSON with comments; timeouts are
	// seconds, and a group without a matcher matches every tool.
	{agents.Devin, installer{newFile: emptyFile, comments: true, notes: DevinNote, entry: func(cmd string) any {
		return group("", map[string]any{"type": "command", "command": cmd, "timeout": 10})
	}}},
	{agents.OpenClaw, installer{module: openClawModule, notes: OpenClawNote}},
	{agents.Hermes, installer{yaml: hermesYAML, notes: HermesNote}},
	// Factory Droid's timeouts are in seconds; a hook that crashes or
	// times out lets the call through. Its hooks.json holds the events at
	// the top level: 0.225.2 ignores a "hooks" key there, with a warning
	// in its log only.
	{agents.Droid, installer{newFile: emptyFile, topLevel: true, notes: DroidNote, entry: func(cmd string) any {
		return group("*", map[string]any{"type": "command", "command": cmd, "timeout": 10})
	}}},
}

// OpenCodeNote says what the plugin does in OpenCode.
const OpenCodeNote = `OpenCode loads the plugin when it starts: restart a running opencode. arbiter's deny and ask block the call (OpenCode's plugins cannot show a prompt);
allow and defer leave the call to OpenCode's own permission rules, which run most tools unasked unless opencode.json says "ask".
With --defer-as ask a call arbiter has no verdict on is blocked too, with a reason saying a person must confirm it.`

// KiloNote says what the plugin does in Kilo Code CLI.
const KiloNote = `Kilo Code CLI loads the plugin when it starts, as OpenCode, which it forked, does: restart a running kilo. arbiter's deny and ask block the call (a plugin cannot show Kilo's prompt);
allow and defer leave the call to Kilo's own permission rules. With --defer-as ask a call arbiter has no verdict on is blocked too, with a reason saying a person must confirm it.`

// AmpNote says what the plugin does in Amp.
const AmpNote = `Amp loads the plugin when it starts (or on "plugins: reload" in its command palette); its plugin API is experimental. Amp's plugin answers have no neutral value:
arbiter's deny refuses the call and tells the agent why; its ask is put to you in Amp's confirmation dialog, and refused where Amp shows none (amp -x);
allow and defer let the call go on to Amp's own permissions (amp.permissions), which run most tools unasked. --defer-as ask puts a defer to you as well.
Amp runs every call when it does not load the plugin: arbiter doctor checks that the hook answers, not that Amp loaded the plugin.`

// AntigravityNote says what Google Antigravity does with the hook.
const AntigravityNote = `Google Antigravity (agy and the desktop app) reads ~/.gemini/config/hooks.json when a session starts; arbiter's entries are the hook named "arbiter" there, beside yours.
arbiter's deny refuses the call, its ask is force_ask (Antigravity's prompt, even where an "always allow" would skip it), allow is allow (agy 1.1.2 still reviews commands it would ask about), and defer is the empty decision, which leaves the call to Antigravity's own policy.
Antigravity drops the whole file when any of it is not strict JSON: arbiter doctor checks that the installed hook answers. Gemini CLI's ~/.gemini/settings.json is not touched.`

// DevinNote says what Devin does with the hook.
const DevinNote = `Devin runs the hooks of ~/.config/devin/config.json in the CLI and in Devin Local, in every mode: Bypass (/yolo) skips its prompts but not its hooks.
arbiter's deny and ask block the call (exit status 2; an ask says a person must confirm, since a hook cannot show Devin's prompt); allow approves it; defer leaves it to Devin's own permissions, which Bypass mode skips.
Devin goes on when a hook fails with another status or times out: arbiter doctor checks that the installed hook answers. Devin also runs the hooks of .claude: arbiter's Claude Code entry answers there by Claude Code's tool names, so Devin's own tools are deferred by it.`

// OpenClawNote says what the plugin needs and does in OpenClaw.
const OpenClawNote = `OpenClaw runs the plugin only once it is enabled: run openclaw plugins enable arbiter (OpenClaw 2026.9.6 lists a plugin of ~/.openclaw/extensions
as enabled but loads it for an agent run only then), and restart a running gateway. A restrictive plugins.allow must list arbiter.
arbiter's deny blocks the call (terminal in OpenClaw); its ask goes to OpenClaw's plugin approvals (/approve), which deny when nobody answers and in headless runs;
allow and defer leave the call to OpenClaw's own policy (tool lists, exec approvals). With --defer-as ask a call arbiter has no verdict on is put to you as well.
A hook that is missing, fails or hangs blocks the call. arbiter doctor checks that the hook answers and that openclaw.json enables it.`

// HermesNote says what Hermes Agent needs beyond the hook entry.
const HermesNote = `Hermes Agent runs a shell hook only after you consent to it: start hermes in a terminal and answer yes when it asks about arbiter's pre_tool_call hook
(non-interactive runs skip an unapproved hook unless --accept-hooks, HERMES_ACCEPT_HOOKS=1 or hooks_auto_accept says otherwise). arbiter does not consent for you.
arbiter's deny and ask block the call (an ask says a person must confirm, since a hook cannot show Hermes's prompt); allow and defer go on to Hermes's own approval,
which prompts only for the terminal tool's dangerous commands (and not under --yolo). The entry is fail_closed: a missing, crashing or hung hook blocks the call.
HERMES_SAFE_MODE=1 runs no hooks at all. arbiter doctor checks that the hook answers and that you consented to it.`

// PiNote says what the extension does in pi.
const PiNote = `pi loads the extension when it starts (or on /reload). pi has no approval prompt of its own: arbiter's allow and defer run the call,
its ask is put to you when pi has a UI and blocked when it has none, and its deny blocks. --defer-as ask puts a defer to you as well.`

// KiroNote says what Kiro CLI does with the hooks file.
const KiroNote = `Kiro CLI 3 runs the hooks files of ~/.kiro/hooks and a project's .kiro/hooks; start it with kiro-cli --v3 while 3.0 is in early access (2.x reads hooks only from agent configurations).
Kiro reads only the hook's exit status: arbiter's deny and ask block the call (an ask says a person must confirm, since a hook cannot show Kiro's prompt); allow and defer go on to Kiro's own permissions (allowedTools, else its prompt).
Kiro runs the call when a hook crashes, times out or is missing: arbiter's deny holds only while arbiter-hook runs. arbiter doctor checks that the installed hook answers.`

// ClineNote says what Cline does with the hook.
const ClineNote = `Cline runs the hook when hooks are enabled (the IDE: Settings, Features, Hooks; the CLI runs them by default) and reads the PreToolUse file of ~/Documents/Cline/Hooks (the IDE and the CLI) and of a workspace's .clinerules/hooks.
arbiter's deny and ask cancel the call and stop the task (Cline has no way to refuse only the call); the CLI (3.0.65) then ends the run as "aborted", tells the model nothing and writes the reason only to ~/.cline/data/logs/cline.log. allow and defer leave the call to Cline's own approval, which auto-approve (the CLI's default) or yolo mode skips.
A PreToolUse hook of yours that was at that path is kept beside it and restored by arbiter uninstall cline. Cline goes on when a hook times out (30 s in the IDE): arbiter doctor checks that the installed hook answers.`

// DroidNote says what Factory Droid does beyond reading the hook.
const DroidNote = `Factory Droid reads the hooks key of ~/.factory/settings.json only while ~/.factory/hooks.json does not exist: hooks kept there stop running once this file is created, so move them into it.
Droid runs the call when a hook crashes or times out (0.225.2), and takes the first hook answer that carries a decision: keep arbiter's entry first.
arbiter doctor checks that the installed hook answers.`

// QwenFailOpenNote says what Qwen Code does when the hook cannot answer.
const QwenFailOpenNote = `Qwen Code runs the call when a hook crashes, times out or is missing (0.24.4), and runs no hooks in --bare or safe mode: arbiter's deny holds only while arbiter-hook runs.
arbiter doctor checks that the installed hook answers.`

// CodexTrustNote says how a person lets Codex run the hook.
const CodexTrustNote = `Codex runs a hook only after you trust it, and skips an untrusted one without a word (codex exec among others).
To trust arbiter's hook: start codex in a terminal, type /hooks, review arbiter's PreToolUse and PermissionRequest entries and trust them.
arbiter does not do this for you: which programs Codex runs is your decision. Codex asks again whenever the entry changes.
arbiter doctor checks that the trust is in place.`

// Runtimes lists the runtimes For supports, sorted.
func Runtimes() []string {
	out := make([]string, len(installers))
	for i, in := range installers {
		out[i] = in.id
	}
	slices.Sort(out)
	return out
}

func installerFor(runtime string) (installer, bool) {
	for _, in := range installers {
		if in.id == runtime {
			return in.installer, true
		}
	}
	return installer{}, false
}

// group is an entry of the runtimes that group hooks under a matcher
// ({"matcher": …, "hooks": [hook]}); an empty matcher is left out.
func group(matcher string, hook map[string]any) map[string]any {
	g := map[string]any{"hooks": []any{hook}}
	if matcher != "" {
		g["matcher"] = matcher
	}
	return g
}

func emptyFile() map[string]any  { return map[string]any{} }
func versionOne() map[string]any { return map[string]any{"version": 1} }
