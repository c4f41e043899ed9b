package agents

// The runtimes' IDs.
const (
	Claude   = "claude"
	Codex    = "codex"
	Gemini   = "gemini"
	Cursor   = "cursor"
	Copilot  = "copilot"
	Qwen     = "qwen"
	Droid    = "droid"
	OpenCode = "opencode"
	Pi       = "pi"
	Kiro     = "kiro"
	Cline    = "cline"
	Kilo     = "kilo"
	Amp      = "amp"
	// Antigravity is Google Antigravity, its agy CLI and desktop app.
	Antigravity = "antigravity"
	Devin       = "devin"
	OpenClaw    = "openclaw"
	Hermes      = "hermes"
)

// registry is every runtime, in the order arbiter lists them. Nothing
// changes it: All and Lookup hand out copies.
var registry = [...]Agent{
	{
		ID: Claude, Name: "Claude Code", Dir: ".claude",
		Settings: ".claude/settings.json", LocalSettings: ".claude/settings.local.json",
		Events:       []string{"PreToolUse", "PermissionRequest"},
		Timeout:      Seconds,
		HookFiles:    []string{".claude/settings.json", ".claude/settings.local.json"},
		Config:       []string{".claude"},
		Instructions: []string{"CLAUDE.md", "CLAUDE.local.md"},
		Skills:       []string{".claude/skills"},
		Plugins:      []string{".claude/plugins"},
		Credentials:  []string{".claude/.credentials.json"},
		Sessions:     []string{".claude/projects"},
	},
	{
		ID: Codex, Name: "Codex CLI", Dir: ".codex", DirEnv: "CODEX_HOME",
		Settings:  ".codex/hooks.json",
		Events:    []string{"PreToolUse", "PermissionRequest"},
		Timeout:   Seconds,
		HookFiles: []string{".codex/hooks.json"},
		// config.toml keeps a trusted_hash per hook entry; Codex runs
		// only the entries it lists.
		Trust:        ".codex/config.toml",
		Config:       []string{".codex"},
		Instructions: []string{"AGENTS.md"},
		// .agents/skills is shared by the runtimes that read it.
		Skills:      []string{".agents/skills", ".codex/skills"},
		Credentials: []string{".codex/auth.json"},
		Sessions:    []string{".codex/sessions", ".codex/archived_sessions"},
	},
	{
		ID: Gemini, Name: "Gemini CLI", Dir: ".gemini",
		Settings:     ".gemini/settings.json",
		Events:       []string{"BeforeTool"},
		Timeout:      Milliseconds,
		HookFiles:    []string{".gemini/settings.json"},
		Config:       []string{".gemini"},
		Instructions: []string{"GEMINI.md"},
		Skills:       []string{".agents/skills", ".gemini/skills"},
		Plugins:      []string{".gemini/extensions"},
		Credentials:  []string{".gemini/oauth_creds.json"},
		// Chats are in tmp/PROJECT/chats; replay picks them out.
		Sessions: []string{".gemini/tmp"},
	},
	{
		ID: Cursor, Name: "Cursor", Dir: ".cursor",
		Settings:     ".cursor/hooks.json",
		Events:       []string{"beforeShellExecution", "preToolUse"},
		Timeout:      NoTimeout,
		HookFiles:    []string{".cursor/hooks.json"},
		Config:       []string{".cursor"},
		Instructions: []string{".cursorrules"},
		Skills:       []string{".cursor/skills"},
	},
	{
		ID: Copilot, Name: "Copilot CLI", Dir: ".copilot", DirEnv: "COPILOT_HOME",
		// Copilot CLI runs every *.json of ~/.copilot/hooks (the user's)
		// and of a repository's .github/hooks; arbiter keeps a file of its
		// own in each. Inline hooks blocks of its settings files (and of
		// Claude Code's, which it reads too) run as well.
		Settings: ".copilot/hooks/arbiter.json", ProjectSettings: ".github/hooks/arbiter.json", OwnSettings: true,
		Events:  []string{"preToolUse"},
		Timeout: Seconds,
		HookFiles: []string{".copilot/hooks/*.json", ".github/hooks/*.json", ".copilot/settings.json",
			".github/copilot/settings.json", ".github/copilot/settings.local.json"},
		Config:       []string{".copilot", ".github/hooks", ".github/copilot", ".github/instructions", ".github/prompts", ".github/agents", ".github/chatmodes"},
		Instructions: []string{"copilot-instructions.md"},
		Skills:       []string{".copilot/skills", ".github/skills"},
		Plugins:      []string{".copilot/installed-plugins"},
		Credentials:  []string{".config/github-copilot/hosts.json"},
	},
	{
		// Qwen Code forked Gemini CLI, but its hooks are Claude Code's:
		// PreToolUse and PermissionRequest, timeouts in milliseconds.
		ID: Qwen, Name: "Qwen Code", Dir: ".qwen",
		Settings:     ".qwen/settings.json",
		Events:       []string{"PreToolUse", "PermissionRequest"},
		Timeout:      Milliseconds,
		HookFiles:    []string{".qwen/settings.json"},
		Config:       []string{".qwen"},
		Instructions: []string{"QWEN.md"},
		Skills:       []string{".agents/skills", ".qwen/skills"},
		Plugins:      []string{".qwen/extensions"},
		Credentials:  []string{".qwen/oauth_creds.json"},
	},
	{
		// Factory Droid reads ~/.factory/hooks.json, and the hooks key of
		// settings.json only where no hooks.json exists.
		ID: Droid, Name: "Factory Droid", Dir: ".factory",
		Settings:  ".factory/hooks.json",
		Events:    []string{"PreToolUse"},
		Timeout:   Seconds,
		HookFiles: []string{".factory/hooks.json", ".factory/settings.json", ".factory/settings.local.json", ".factory/hooks/hooks.json"},
		Config:    []string{".factory"},
		Skills:    []string{".factory/skills"},
		Plugins:   []string{".factory/plugins"},
	},
	{
		// OpenCode loads every plugins/*.js of its configuration folder and
		// of a project's .opencode: arbiter's hook is a plugin of its own,
		// which runs arbiter-hook as a child process.
		ID: OpenCode, Name: "OpenCode", Dir: ".config/opencode", ConfigHome: true,
		Settings: ".config/opencode/plugins/arbiter.js", ProjectSettings: ".opencode/plugins/arbiter.js", OwnSettings: true,
		Events:    []string{"tool.execute.before"},
		Timeout:   NoTimeout,
		HookFiles: []string{".config/opencode/plugins/arbiter.js", ".opencode/plugins/arbiter.js"},
		Config:    []string{".config/opencode", ".opencode"},
		Skills:    []string{".config/opencode/skills", ".opencode/skills"},
	},
	{
		// pi loads every extensions/*.js of its agent folder
		// ($PI_CODING_AGENT_DIR) and of a project's .pi: arbiter's hook is
		// an extension of its own, which runs arbiter-hook as a child
		// process.
		ID: Pi, Name: "pi", Dir: ".pi/agent", DirEnv: "PI_CODING_AGENT_DIR",
		Settings: ".pi/agent/extensions/arbiter.js", ProjectSettings: ".pi/extensions/arbiter.js", OwnSettings: true,
		Events:    []string{"tool_call"},
		Timeout:   NoTimeout,
		HookFiles: []string{".pi/agent/extensions/arbiter.js", ".pi/extensions/arbiter.js"},
		Config:    []string{".pi"},
		Skills:    []string{".pi/agent/skills", ".pi/skills"},
	},
	{
		// Kiro CLI 3 runs every hooks/*.json of ~/.kiro and of a project's
		// .kiro (standalone files, {"version": "v1", "hooks": [...]}):
		// arbiter keeps a file of its own. Hooks embedded in agent
		// configurations (agents/*.json) still run during the transition.
		ID: Kiro, Name: "Kiro CLI", Dir: ".kiro",
		Settings: ".kiro/hooks/arbiter.json", ProjectSettings: ".kiro/hooks/arbiter.json", OwnSettings: true,
		Events:    []string{"PreToolUse"},
		Timeout:   Seconds,
		HookFiles: []string{".kiro/hooks/*.json", ".kiro/agents/*.json"},
		Config:    []string{".kiro"},
		Skills:    []string{".kiro/skills"},
	},
	{
		// Cline runs an executable file named for the event in each hooks
		// folder it knows: the IDE's ~/Documents/Cline/Hooks, which the CLI
		// (3.x) reads too beside ~/.cline/hooks ($CLINE_DIR), and a
		// workspace's .clinerules/hooks (the CLI: also .cline/hooks). The
		// file may carry a script's extension (PreToolUse.sh). arbiter's
		// hook is a script of its own, which runs arbiter-hook.
		ID: Cline, Name: "Cline", Dir: ".cline", DirEnv: "CLINE_DIR",
		Settings: "Documents/Cline/Hooks/PreToolUse", ProjectSettings: ".clinerules/hooks/PreToolUse", OwnSettings: true,
		Events:    []string{"PreToolUse"},
		Timeout:   NoTimeout,
		HookFiles: []string{"Documents/Cline/Hooks/PreToolUse*", ".cline/hooks/PreToolUse*", ".clinerules/hooks/PreToolUse*"},
		Config:    []string{".cline", ".clinerules", "Documents/Cline"},
		Skills:    []string{".cline/skills", ".clinerules/skills", ".agents/skills"},
	},
	{
		// Kilo Code CLI forked OpenCode and loads plugins as it does:
		// every plugins/*.js of ~/.config/kilo and of a project's .kilo.
		// arbiter's hook is a plugin of its own, OpenCode's with Kilo's
		// name.
		ID: Kilo, Name: "Kilo Code CLI", Dir: ".config/kilo", ConfigHome: true,
		Settings: ".config/kilo/plugins/arbiter.js", ProjectSettings: ".kilo/plugins/arbiter.js", OwnSettings: true,
		Events:    []string{"tool.execute.before"},
		Timeout:   NoTimeout,
		HookFiles: []string{".config/kilo/plugins/arbiter.js", ".kilo/plugins/arbiter.js"},
		Config:    []string{".config/kilo", ".kilo", ".kilocode"},
		Skills:    []string{".config/kilo/skills", ".kilo/skills", ".kilocode/skills"},
	},
	{
		// Amp loads every plugins/*.ts of ~/.config/amp (the system
		// plugins) and of a project's .amp, and runs them with Bun, when
		// started with PLUGINS=all: arbiter's hook is a plugin of its own,
		// which runs arbiter-hook as a child process.
		ID: Amp, Name: "Amp", Dir: ".config/amp", ConfigHome: true,
		Settings: ".config/amp/plugins/arbiter.ts", ProjectSettings: ".amp/plugins/arbiter.ts", OwnSettings: true,
		Events:    []string{"tool.call"},
		Timeout:   NoTimeout,
		HookFiles: []string{".config/amp/plugins/arbiter.ts", ".amp/plugins/arbiter.ts"},
		Config:    []string{".config/amp", ".amp"},
		Skills:    []string{".config/amp/skills", ".agents/skills"},
	},
	{
		// Google Antigravity (agy and the desktop app) merges the named
		// hooks of every hooks.json it finds: ~/.gemini/config/hooks.json,
		// the older ~/.gemini/hooks.json and a workspace's
		// .agents/hooks.json. Each top-level key names a hook of its own,
		// so arbiter's entries sit under "arbiter". ~/.gemini is Gemini
		// CLI's folder too; the two runtimes share no file. A workspace's
		// .agents is Antigravity's customization root (hooks, rules,
		// workflows, skills), the configuration of every runtime that
		// reads it.
		ID: Antigravity, Name: "Google Antigravity", Dir: ".gemini/antigravity",
		Settings: ".gemini/config/hooks.json", ProjectSettings: ".agents/hooks.json",
		Events:    []string{"PreToolUse"},
		Timeout:   Seconds,
		HookFiles: []string{".gemini/config/hooks.json", ".gemini/hooks.json", ".gemini/antigravity-cli/hooks.json", ".agents/hooks.json", ".antigravitycli/hooks.json"},
		Config:    []string{".gemini", ".agents", ".antigravitycli"},
		Skills:    []string{".agents/skills", ".gemini/antigravity/skills"},
	},
	{
		// Devin (the CLI, "Devin for Terminal", and Devin Local) reads the
		// hooks key of ~/.config/devin/config.json (JSON with comments) and
		// of a project's .devin/config.json, and .devin/hooks.v1.json (the
		// hooks object alone). It runs Claude Code's hooks of .claude too.
		ID: Devin, Name: "Devin", Dir: ".config/devin",
		Settings: ".config/devin/config.json", ProjectSettings: ".devin/config.json", LocalSettings: ".devin/config.local.json",
		Events:       []string{"PreToolUse"},
		Timeout:      Seconds,
		HookFiles:    []string{".config/devin/config.json", ".devin/config.json", ".devin/config.local.json", ".devin/hooks.v1.json"},
		Config:       []string{".config/devin", ".devin"},
		Instructions: []string{"AGENTS.md"},
		Skills:       []string{".config/devin/skills", ".devin/skills"},
	},
	{
		// OpenClaw loads every plugin folder of its state directory's
		// extensions ($OPENCLAW_STATE_DIR, else ~/.openclaw) and of a
		// workspace's .openclaw/extensions: arbiter's hook is a plugin of
		// its own (an ESM entry beside its openclaw.plugin.json manifest),
		// which runs arbiter-hook as a child process on before_tool_call.
		ID: OpenClaw, Name: "OpenClaw", Dir: ".openclaw", DirEnv: "OPENCLAW_STATE_DIR",
		Settings: ".openclaw/extensions/arbiter/index.mjs", ProjectSettings: ".openclaw/extensions/arbiter/index.mjs", OwnSettings: true,
		Events:    []string{"before_tool_call"},
		Timeout:   NoTimeout,
		HookFiles: []string{".openclaw/extensions/arbiter/index.mjs", ".openclaw/extensions/arbiter/openclaw.plugin.json"},
		// The state folder but for the default workspace inside it
		// (.openclaw/workspace), which is the agent's project; openclaw.json
		// is the configuration, and the workspace's persona and start-up
		// files are read as standing instructions.
		Config: []string{".openclaw/extensions", ".openclaw/agents", ".openclaw/credentials", ".openclaw/state",
			".openclaw/cron", ".openclaw/hooks", ".openclaw/skills"},
		Instructions: []string{"openclaw.json", "SOUL.md", "IDENTITY.md", "BOOT.md", "BOOTSTRAP.md"},
		Skills:       []string{".openclaw/skills"},
		Credentials:  []string{".openclaw/credentials"},
	},
	{
		// Hermes Agent runs the shell hooks of the hooks key of its
		// config.yaml ($HERMES_HOME, else ~/.hermes), once the person has
		// consented to each (event, command) pair, which it records in
		// shell-hooks-allowlist.json beside it.
		ID: Hermes, Name: "Hermes Agent", Dir: ".hermes", DirEnv: "HERMES_HOME",
		Settings: ".hermes/config.yaml", UserOnly: true,
		Events:      []string{"pre_tool_call"},
		Timeout:     Seconds,
		HookFiles:   []string{".hermes/config.yaml"},
		Trust:       ".hermes/shell-hooks-allowlist.json",
		Config:      []string{".hermes"},
		Skills:      []string{".hermes/skills"},
		Credentials: []string{".hermes/.env", ".hermes/auth.json"},
	},
}
