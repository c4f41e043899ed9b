package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/e2e/scripted"
)

// defaultPrompt is what the user "types" in a case. It names no
// command: a command the user typed would turn arbiter's deny into an
// ask.
const defaultPrompt = "Do the scripted task."

// mode is how permissive the client runs, so that a case can show that
// arbiter's answer, not the client's own caution, decided the call.
type mode int

const (
	// cautious is the client's default: it would prompt for (or, headless,
	// refuse) a call that changes files.
	cautious mode = iota
	// permissive runs every call unprompted (Claude Code's
	// --dangerously-skip-permissions, Codex's and Gemini's yolo); only a
	// hook can stop a call there.
	permissive
)

// client is how one agent client is installed, pointed at the scripted
// server and run headless.
type client struct {
	// name is the npm executable and the test's name.
	name string
	// runtime is what `arbiter install` and `arbiter hook` call it.
	runtime string
	api     scripted.API
	// prepare writes the client's own settings into a fresh case before
	// arbiter is installed there.
	prepare func(c *layout) error
	// configure writes what depends on the server's port; it runs inside
	// the case's namespace once the server listens.
	configure func(c *layout, port int) error
	// env is the client's environment (beside PATH and HOME).
	env func(c *layout, port int) []string
	// args are the client's arguments for a headless run.
	args func(c *layout, o runOptions) []string
	// interactive are its arguments for its full-screen UI, if a case
	// needs it.
	interactive func(c *layout, o runOptions) []string
	// settings is the file `arbiter install` writes the hook into.
	settings func(c *layout) string
}

// runOptions are a case's choices for one client run.
type runOptions struct {
	Mode   mode   `json:"mode"`
	Prompt string `json:"prompt"`
	// Untrusted leaves Codex's hook trust as a fresh install has it (not
	// trusted).
	Untrusted bool `json:"untrusted,omitempty"`
}

// layout is one case's directories.
type layout struct {
	// Root holds everything else of the case.
	Root    string `json:"root"`
	Home    string `json:"home"`
	Project string `json:"project"`
}

func (l *layout) path(elem ...string) string {
	return filepath.Join(append([]string{l.Root}, elem...)...)
}

var claude = client{
	name: "claude", runtime: "claude", api: scripted.Anthropic,
	prepare: func(c *layout) error {
		// The full-screen UI starts with first-run screens (theme, the
		// project's trust dialog) unless they are marked done.
		state := map[string]any{
			"hasCompletedOnboarding": true, "theme": "dark", "numStartups": 1,
			// The API key is the scripted one, accepted as a person would.
			"customApiKeyResponses": map[string]any{"approved": []string{"scripted"}, "rejected": []string{}},
			"projects":              map[string]any{c.Project: map[string]any{"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true}},
		}
		b, err := json.Marshal(state)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(c.Home, ".claude.json"), b, 0o600)
	},
	configure: func(*layout, int) error { return nil },
	env: func(c *layout, port int) []string {
		return []string{
			fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", port),
			"ANTHROPIC_API_KEY=scripted",
			"DISABLE_TELEMETRY=1",
			"DISABLE_AUTOUPDATER=1",
			"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
			// As root, --dangerously-skip-permissions needs this.
			"IS_SANDBOX=1",
		}
	},
	args: func(c *layout, o runOptions) []string {
		a := []string{"-p", o.Prompt, "--output-format", "stream-json", "--verbose", "--include-hook-events",
			"--debug-file", c.path("claude-debug.log")}
		if o.Mode == permissive {
			a = append(a, "--dangerously-skip-permissions")
		}
		return a
	},
	interactive: func(c *layout, o runOptions) []string { return []string{o.Prompt} },
	settings:    func(c *layout) string { return filepath.Join(c.Home, ".claude", "settings.json") },
}

var codex = client{
	name: "codex", runtime: "codex", api: scripted.OpenAI,
	prepare: func(c *layout) error { return os.MkdirAll(codexHome(c), 0o700) },
	configure: func(c *layout, port int) error {
		// plugins = false: otherwise Codex reaches for remote hosts at
		// start-up. The hook trust is bypassed on the command line, never
		// written here: trusting a hook is the person's decision.
		cfg := fmt.Sprintf(`model = "scripted"
model_provider = "scripted"

[model_providers.scripted]
name = "scripted"
base_url = "http://127.0.0.1:%d/v1"
wire_api = "responses"
env_key = "SCRIPTED_API_KEY"

[features]
plugins = false

# Its metrics export at exit waits out a DNS timeout without a network.
[analytics]
enabled = false

[otel]
metrics_exporter = "none"

[projects.%q]
trust_level = "trusted"
`, port, c.Project)
		return os.WriteFile(filepath.Join(codexHome(c), "config.toml"), []byte(cfg), 0o600)
	},
	env: func(c *layout, port int) []string {
		return []string{"CODEX_HOME=" + codexHome(c), "SCRIPTED_API_KEY=scripted"}
	},
	args: func(c *layout, o runOptions) []string {
		a := []string{"exec", "--json"}
		if !o.Untrusted {
			a = append(a, "--dangerously-bypass-hook-trust")
		}
		if o.Mode == permissive {
			a = append(a, "--dangerously-bypass-approvals-and-sandbox")
		}
		return append(a, o.Prompt)
	},
	interactive: func(c *layout, o runOptions) []string {
		// Approval on request: a command that asks to leave the sandbox
		// makes Codex ask, and its PermissionRequest hook runs first.
		return []string{"--dangerously-bypass-hook-trust", "--no-daemon", "-a", "on-request", "-s", "workspace-write", o.Prompt}
	},
	settings: func(c *layout) string { return filepath.Join(codexHome(c), "hooks.json") },
}

func codexHome(c *layout) string { return filepath.Join(c.Home, ".codex") }

var gemini = client{
	name: "gemini", runtime: "gemini", api: scripted.Gemini,
	prepare: func(c *layout) error {
		// With a base URL set Gemini CLI picks its "gateway" auth, which
		// headless mode rejects: name the API key auth instead.
		dir := filepath.Join(c.Home, ".gemini")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		settings := `{"security": {"auth": {"selectedType": "gemini-api-key"}}, "privacy": {"usageStatisticsEnabled": false}}` + "\n"
		return os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o600)
	},
	configure: func(*layout, int) error { return nil },
	env: func(c *layout, port int) []string {
		return []string{
			fmt.Sprintf("GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:%d", port),
			"GEMINI_API_KEY=scripted",
			"GEMINI_CLI_TRUST_WORKSPACE=true",
		}
	},
	args: func(c *layout, o runOptions) []string {
		// A named model skips the model router's classifier request.
		// Headless in its default mode Gemini CLI does not offer its shell
		// tool at all, so every case runs in yolo mode.
		return []string{"-p", o.Prompt, "-m", "gemini-2.5-flash", "--output-format", "stream-json", "--approval-mode", "yolo"}
	},
	interactive: func(c *layout, o runOptions) []string {
		// The default approval mode: Gemini CLI confirms a shell command.
		return []string{"-m", "gemini-2.5-flash", "-i", o.Prompt}
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".gemini", "settings.json") },
}

// qwen is Qwen Code, which speaks the Gemini API among others: the
// scripted Gemini server's run_shell_command is its shell tool too.
var qwen = client{
	name: "qwen", runtime: "qwen", api: scripted.Gemini,
	prepare: func(c *layout) error {
		dir := filepath.Join(c.Home, ".qwen")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		settings := `{"privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}}` + "\n"
		return os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o600)
	},
	configure: func(*layout, int) error { return nil },
	env: func(c *layout, port int) []string {
		return []string{
			fmt.Sprintf("GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:%d", port),
			"GEMINI_API_KEY=scripted",
		}
	},
	args: func(c *layout, o runOptions) []string {
		a := []string{"-p", o.Prompt, "--auth-type", "gemini", "-m", "gemini-2.5-flash", "--output-format", "stream-json"}
		if o.Mode == permissive {
			a = append(a, "--approval-mode", "yolo")
		}
		return a
	},
	interactive: func(c *layout, o runOptions) []string {
		return []string{"--auth-type", "gemini", "-m", "gemini-2.5-flash", "-i", o.Prompt}
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".qwen", "settings.json") },
}

// pi is the pi coding agent, with a provider of its own that speaks the
// Anthropic Messages API to the scripted server; arbiter's hook is its
// extension.
var pi = client{
	name: "pi", runtime: "pi", api: scripted.Anthropic,
	prepare: func(c *layout) error { return os.MkdirAll(filepath.Join(c.Home, ".pi", "agent"), 0o700) },
	configure: func(c *layout, port int) error {
		models := fmt.Sprintf(`{"providers": {"scripted": {"baseUrl": "http://127.0.0.1:%d", "api": "anthropic-messages", "apiKey": "scripted",
  "models": [{"id": "claude-scripted"}]}}}
`, port)
		return os.WriteFile(filepath.Join(c.Home, ".pi", "agent", "models.json"), []byte(models), 0o600)
	},
	env: func(c *layout, port int) []string { return []string{"PI_OFFLINE=1"} },
	args: func(c *layout, o runOptions) []string {
		// pi has no approval prompt: every mode runs calls unasked.
		return []string{"-p", "--no-session", "--mode", "json", "--model", "scripted/claude-scripted", o.Prompt}
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".pi", "agent", "extensions", "arbiter.js") },
}

// openCode is OpenCode, whose built-in Anthropic provider is pointed at
// the scripted server; arbiter's hook is its plugin.
var openCode = client{
	name: "opencode", runtime: "opencode", api: scripted.Anthropic,
	prepare: func(c *layout) error {
		// OpenCode installs @opencode-ai/plugin from npm into its
		// configuration folder unless package-lock.json lists it, and
		// without a network that takes over a minute to fail.
		dir := filepath.Join(c.Home, ".config", "opencode")
		if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o700); err != nil {
			return err
		}
		lock := `{"packages": {"": {"dependencies": {"@opencode-ai/plugin": "1.18.33"}}}}` + "\n"
		return os.WriteFile(filepath.Join(dir, "package-lock.json"), []byte(lock), 0o600)
	},
	configure: func(c *layout, port int) error {
		cfg := fmt.Sprintf(`{"autoupdate": false, "share": "disabled", "model": "anthropic/claude-sonnet-4-5",
  "provider": {"anthropic": {"options": {"baseURL": "http://127.0.0.1:%d/v1", "apiKey": "scripted"}}}}
`, port)
		return os.WriteFile(filepath.Join(c.Home, ".config", "opencode", "opencode.json"), []byte(cfg), 0o600)
	},
	env: func(c *layout, port int) []string {
		return []string{"ANTHROPIC_API_KEY=scripted", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1",
			"OPENCODE_DISABLE_SHARE=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_CLAUDE_CODE=1"}
	},
	args: func(c *layout, o runOptions) []string {
		a := []string{"run", "--format", "json", "-m", "anthropic/claude-sonnet-4-5"}
		if o.Mode == permissive {
			a = append(a, "--auto")
		}
		return append(a, o.Prompt)
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".config", "opencode", "plugins", "arbiter.js") },
}

// cline is Cline's CLI, whose OpenAI-compatible provider is pointed at
// the scripted server (it takes a base URL for no other provider);
// arbiter's hook is its PreToolUse script.
var cline = client{
	name: "cline", runtime: "cline", api: scripted.Chat,
	prepare: func(c *layout) error { return os.MkdirAll(clineSettings(c), 0o700) },
	configure: func(c *layout, port int) error {
		// What `cline auth -p openai-compatible -b URL` writes.
		providers := fmt.Sprintf(`{"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
  "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "apiKey": "scripted", "model": "scripted",
    "baseUrl": "http://127.0.0.1:%d/v1"}, "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}}
`, port)
		return os.WriteFile(filepath.Join(clineSettings(c), "providers.json"), []byte(providers), 0o600)
	},
	env: func(c *layout, port int) []string {
		// Local sessions: otherwise the CLI starts a hub daemon of its
		// own, which outlives the run in a session of its own.
		return []string{"CLINE_SESSION_BACKEND_MODE=local"}
	},
	args: func(c *layout, o runOptions) []string {
		// Headless, the CLI approves every tool unless told otherwise.
		a := []string{"--json"}
		if o.Mode == cautious {
			a = append(a, "--auto-approve", "false")
		}
		return append(a, o.Prompt)
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, "Documents", "Cline", "Hooks", "PreToolUse") },
}

func clineSettings(c *layout) string { return filepath.Join(c.Home, ".cline", "data", "settings") }

// kilo is Kilo Code CLI, OpenCode's fork, set up as openCode is with
// Kilo's names; arbiter's hook is its plugin.
var kilo = client{
	name: "kilo", runtime: "kilo", api: scripted.Anthropic,
	prepare: func(c *layout) error {
		// As OpenCode, Kilo installs its plugin package into its
		// configuration folder unless package-lock.json lists it.
		dir := filepath.Join(c.Home, ".config", "kilo")
		if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o700); err != nil {
			return err
		}
		lock := `{"packages": {"": {"dependencies": {"@kilocode/plugin": "7.7.7"}}}}` + "\n"
		return os.WriteFile(filepath.Join(dir, "package-lock.json"), []byte(lock), 0o600)
	},
	configure: func(c *layout, port int) error {
		cfg := fmt.Sprintf(`{"autoupdate": false, "share": "disabled", "model": "anthropic/claude-sonnet-4-5",
  "provider": {"anthropic": {"options": {"baseURL": "http://127.0.0.1:%d/v1", "apiKey": "scripted"}}}}
`, port)
		return os.WriteFile(filepath.Join(c.Home, ".config", "kilo", "kilo.json"), []byte(cfg), 0o600)
	},
	env: func(c *layout, port int) []string {
		return []string{"ANTHROPIC_API_KEY=scripted", "KILO_DISABLE_AUTOUPDATE=1", "KILO_DISABLE_MODELS_FETCH=1",
			"KILO_DISABLE_SHARE=1", "KILO_DISABLE_LSP_DOWNLOAD=1", "KILO_DISABLE_CLAUDE_CODE=1", "KILO_TELEMETRY_LEVEL=off"}
	},
	args: func(c *layout, o runOptions) []string {
		a := []string{"run", "--format", "json", "-m", "anthropic/claude-sonnet-4-5"}
		if o.Mode == permissive {
			a = append(a, "--auto")
		}
		return append(a, o.Prompt)
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".config", "kilo", "plugins", "arbiter.js") },
}

// copilot is GitHub Copilot CLI in its offline mode with a model
// provider of one's own (BYOK): the scripted server's Chat Completions
// API. Offline, it needs no GitHub account and reaches for nothing but
// the provider. arbiter's hook is its user-level hooks file.
var copilot = client{
	name: "copilot", runtime: "copilot", api: scripted.Chat,
	prepare:   func(c *layout) error { return os.MkdirAll(filepath.Join(c.Home, ".copilot"), 0o700) },
	configure: func(*layout, int) error { return nil },
	env: func(c *layout, port int) []string {
		return []string{
			"COPILOT_OFFLINE=true",
			fmt.Sprintf("COPILOT_PROVIDER_BASE_URL=http://127.0.0.1:%d/v1", port),
			"COPILOT_PROVIDER_API_KEY=scripted",
			"COPILOT_MODEL=gpt-4.1",
			"COPILOT_AUTO_UPDATE=false",
		}
	},
	args: func(c *layout, o runOptions) []string {
		a := []string{"-p", o.Prompt, "--output-format", "json", "--no-auto-update", "--disable-client-telemetry",
			"--log-level", "all", "--log-dir", c.path("copilot-logs")}
		if o.Mode == permissive {
			a = append(a, "--allow-all-tools")
		}
		return a
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".copilot", "hooks", "arbiter.json") },
}

// droid is Factory Droid's exec mode with a custom model of its own
// (BYOK) on the scripted server's Chat Completions API. Droid checks
// only that some Factory key is set before it runs; the requests it
// then makes to Factory's hosts fail in the namespace, and it goes on.
// arbiter's hook is its user-level hooks file.
var droid = client{
	name: "droid", runtime: "droid", api: scripted.Chat,
	prepare: func(c *layout) error { return os.MkdirAll(filepath.Join(c.Home, ".factory"), 0o700) },
	configure: func(c *layout, port int) error {
		settings := fmt.Sprintf(`{"customModels": [{"model": "scripted", "displayName": "Scripted", "baseUrl": "http://127.0.0.1:%d/v1",
  "apiKey": "scripted", "provider": "generic-chat-completion-api", "maxOutputTokens": 1000}]}
`, port)
		return os.WriteFile(filepath.Join(c.Home, ".factory", "settings.json"), []byte(settings), 0o600)
	},
	env: func(c *layout, port int) []string { return []string{"FACTORY_API_KEY=fk-scripted"} },
	args: func(c *layout, o runOptions) []string {
		a := []string{"exec", "-m", "custom:scripted", "-o", "json"}
		if o.Mode == permissive {
			a = append(a, "--skip-permissions-unsafe")
		}
		return append(a, o.Prompt)
	},
	settings: func(c *layout) string { return filepath.Join(c.Home, ".factory", "hooks.json") },
}

var clients = []client{claude, codex, gemini, qwen, pi, openCode, cline, kilo, copilot, droid}

func clientNamed(name string) (client, bool) {
	for _, c := range clients {
		if c.name == name {
			return c, true
		}
	}
	return client{}, false
}

// pinned reads the version clients.txt pins for an executable.
func pinned(exe string) (string, error) {
	b, err := os.ReadFile("clients.txt")
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && !strings.HasPrefix(f[0], "#") && f[2] == exe {
			return f[1], nil
		}
	}
	return "", fmt.Errorf("clients.txt pins no version for %s", exe)
}
