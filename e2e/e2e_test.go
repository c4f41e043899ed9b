package e2e

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The probes. Each is harmless if it ran: the deny probe removes only a
// directory the case made, the others touch files in the project.

// denyProbe runs, decoded on the fly, a removal of the case's probe
// directory: arbiter denies decoded execution (A7).
func denyProbe(l *layout) string {
	code := "rm -rf " + l.path("deny-probe")
	return "echo " + base64.StdEncoding.EncodeToString([]byte(code)) + " | base64 -d | sh"
}

func makeDenyProbe(l *layout) error {
	if err := os.MkdirAll(l.path("deny-probe"), 0o700); err != nil {
		return err
	}
	return os.WriteFile(l.path("deny-probe", "keep"), []byte("the deny probe must not remove this\n"), 0o600)
}

// makeBuild gives the project a build directory for the ask probe
// (rm -r build: deleting data, B1, which arbiter asks about).
func makeBuild(l *layout) error {
	if err := os.MkdirAll(l.Project+"/build", 0o700); err != nil {
		return err
	}
	return os.WriteFile(l.Project+"/build/out.o", []byte("object\n"), 0o600)
}

func fixed(cmd string) func(*layout) string { return func(*layout) string { return cmd } }

const (
	// allowProbe creates a file in the project: arbiter allows it (D2).
	allowProbe = "touch allow-marker.txt"
	// askProbe deletes the project's build directory: arbiter asks (B1).
	askProbe = "rm -r build"
	// deferProbe runs a program arbiter has no spec for: it defers.
	deferProbe = "hostid > defer-marker.txt"
	// failClosedProbe would be allowed; with a broken config and
	// --fail-closed it is denied.
	failClosedProbe = "touch failclosed-marker.txt"
)

// The clients' own confirmation prompts, as drawn.
const (
	claudePrompt = "Do you want to proceed?"
	codexPrompt  = "Would you like to run the following command?"
	geminiPrompt = "Allow execution of [Shell]"
)

// Phrases of arbiter's answers the model must have been told.
const (
	denyRule       = "A7.decoded-execution"
	askRule        = "B1.delete"
	mustConfirm    = "needs a person's confirmation"
	failClosedText = "runs fail-closed"
	brokenConfig   = "configuration cannot be used"
	userTypedRule  = "H1.user-typed"
)

func TestClaudeCode(t *testing.T) { testClient(t, claude, claudeScenarios()) }
func TestCodex(t *testing.T)      { testClient(t, codex, codexScenarios()) }
func TestGeminiCLI(t *testing.T)  { testClient(t, gemini, geminiScenarios()) }
func TestQwenCode(t *testing.T)   { testClient(t, qwen, qwenScenarios()) }
func TestPi(t *testing.T)         { testClient(t, pi, piScenarios()) }
func TestOpenCode(t *testing.T)   { testClient(t, openCode, openCodeScenarios()) }
func TestCline(t *testing.T)      { testClient(t, cline, clineScenarios()) }
func TestKilo(t *testing.T)       { testClient(t, kilo, kiloScenarios()) }

func testClient(t *testing.T, c client, scenarios []scenario) {
	bin := binDir(t)
	needNamespaces(t)
	version := clientBin(t, bin, c)
	arbiter, err := arbiterBinary()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			r := play(t, bin, arbiter, c, s)
			s.check(t, r)
		})
	}
	t.Logf("%s %s: %d cases in %.1fs", c.name, version, len(scenarios), time.Since(start).Seconds())
}

// Checks shared by the clients.

// deniedProbe checks that the deny probe did not run and that the model
// was told arbiter's reason.
func deniedProbe(t *testing.T, r *run) {
	t.Helper()
	r.decided(t, "deny")
	if !r.exists("deny-probe", "keep") {
		t.Errorf("the deny probe ran: %s is gone", r.path("deny-probe", "keep"))
	}
	if out := r.result(t); !strings.Contains(out, denyRule) {
		t.Errorf("the model was not told arbiter's deny (%s); it was told %q", denyRule, out)
	}
}

func ranAllowProbe(t *testing.T, r *run) {
	t.Helper()
	if r.client.name == "claude" {
		// Claude Code's first PreToolUse may defer (see claudeFirstAllow);
		// its PermissionRequest then gets the allow.
		if d := r.decisions(); !slices.ContainsFunc(d, func(s string) bool { return strings.HasPrefix(s, "allow ") }) {
			t.Errorf("arbiter never allowed the call (it decided %v)", d)
		}
	} else {
		r.decided(t, "allow")
	}
	if !r.exists("project", "allow-marker.txt") {
		t.Errorf("the allowed call did not run: no allow-marker.txt (arbiter decided %v)", r.decisions())
	}
	if out := r.result(t); strings.Contains(out, "arbiter") {
		t.Errorf("the model was told about arbiter on an allowed call: %q", out)
	}
}

func keptBuild(t *testing.T, r *run) {
	t.Helper()
	if !r.exists("project", "build", "out.o") {
		t.Errorf("the asked-about call ran unconfirmed: build/out.o is gone")
	}
}

func failedClosed(t *testing.T, r *run) {
	t.Helper()
	if r.exists("project", "failclosed-marker.txt") {
		t.Errorf("with a broken config and --fail-closed the call ran: failclosed-marker.txt exists")
	}
	out := r.result(t)
	if !strings.Contains(out, failClosedText) || !strings.Contains(out, brokenConfig) {
		t.Errorf("the model was not told that arbiter failed closed on its configuration; it was told %q", out)
	}
}

// ranUnchanged checks a deferred call in a permissive mode: the client's
// own flow runs it, and the model hears nothing from arbiter.
func ranUnchanged(t *testing.T, r *run) {
	t.Helper()
	r.decided(t, "defer")
	if !r.exists("project", "defer-marker.txt") {
		t.Errorf("the deferred call did not run in %s's permissive mode: no defer-marker.txt", r.client.name)
	}
	if out := r.result(t); strings.Contains(out, "arbiter") {
		t.Errorf("the model was told about arbiter on a deferred call: %q", out)
	}
}

// The common scenarios; each client's list adds or adapts.

func denyScenario() scenario {
	return scenario{name: "deny", mode: permissive, command: denyProbe, before: makeDenyProbe, check: deniedProbe}
}

func deferScenario() scenario {
	return scenario{name: "defer", mode: permissive, command: fixed(deferProbe), check: ranUnchanged}
}

func failClosedScenario() scenario {
	return scenario{name: "fail-closed", mode: permissive, command: fixed(failClosedProbe), failClosed: true, brokenConfig: true,
		check: failedClosed}
}

// badInputOpenScenario is the same broken config without --fail-closed:
// arbiter defers, and the permissive client runs the call.
func badInputOpenScenario() scenario {
	return scenario{name: "bad-input-defers", mode: permissive, command: fixed(failClosedProbe), brokenConfig: true,
		check: func(t *testing.T, r *run) {
			if !r.exists("project", "failclosed-marker.txt") {
				t.Errorf("with a broken config and no --fail-closed arbiter should defer and the permissive client run the call; failclosed-marker.txt is missing")
			}
			r.result(t)
		}}
}

// userTypedScenario has the user type the deny probe itself. arbiter
// reads that from the client's own session transcript and asks rather
// than refuses (H1.user-typed), which shows that it reads the
// transcript the client really writes. A harmless call comes first, so
// that the client has written its transcript by the probe. missed names
// a known bug that keeps arbiter from reading it.
func userTypedScenario(missed string) scenario {
	return scenario{name: "user-typed", mode: permissive, warmUp: "git status", command: denyProbe, before: makeDenyProbe,
		prompt: func(l *layout) string { return "Run exactly this command: " + denyProbe(l) },
		check: func(t *testing.T, r *run) {
			if !r.exists("deny-probe", "keep") {
				t.Errorf("the probe ran: %s is gone", r.path("deny-probe", "keep"))
			}
			out := r.result(t)
			got := r.decisionsFor(denyProbe(&r.layout))
			if len(got) == 0 {
				t.Fatalf("arbiter did not decide the probe (it decided %v)", r.decisions())
			}
			if strings.HasPrefix(got[0], "ask ") && strings.Contains(got[0], userTypedRule) {
				if !strings.Contains(out, userTypedRule) {
					t.Errorf("the model was not told why the call needs confirmation: %q", out)
				}
				return
			}
			if missed != "" {
				t.Skipf("known bug (%s): arbiter decided %v without the user's words", missed, got)
			}
			t.Errorf("arbiter did not find the user's words in %s's transcript: it decided %v", r.client.name, got)
		}}
}

func claudeScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: cautious, command: fixed(allowProbe), check: func(t *testing.T, r *run) {
			ranAllowProbe(t, r)
			t.Run("PreToolUse", func(t *testing.T) { claudeFirstAllow(t, r) })
		}},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) {
				t.Errorf("the model was not told arbiter's reason (%s); it was told %q", askRule, out)
			}
			if !r.Results[0].IsError {
				t.Errorf("the asked-about call's result is not an error")
			}
		}},
		deferScenario(),
		{name: "defer-cautious", mode: cautious, command: fixed(deferProbe), check: func(t *testing.T, r *run) {
			r.decided(t, "defer")
			// Headless and cautious, Claude Code's own flow refuses a call
			// it would prompt for, in its own words.
			if r.exists("project", "defer-marker.txt") {
				t.Errorf("headless Claude Code ran an unapproved call")
			}
			out := r.result(t)
			if strings.Contains(out, "arbiter") || !r.Results[0].IsError {
				t.Errorf("want Claude Code's own refusal, got %q", out)
			}
		}},
		failClosedScenario(),
		badInputOpenScenario(),
		userTypedScenario(""),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// A hook that cannot run (a crashed or removed arbiter) lets
			// the call through unless the entry says "onFailure": "block"
			// (Claude Code 2.1.295 and later).
			if r.exists("deny-probe", "keep") {
				return
			}
			settings, err := os.ReadFile(r.client.settings(&r.layout))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(settings), `"onFailure"`) {
				t.Skipf("known bug (issue 12, Per-runtime facts: install claude does not add \"onFailure\": \"block\"), so a failing hook lets the call through: the probe ran; install wrote:\n%s", settings)
			}
			t.Errorf("the hook failed and Claude Code ran the call although install wrote:\n%s", settings)
		}},
		{name: "ask-interactive", interactive: true, command: fixed(askProbe), before: makeBuild, stopOn: []string{claudePrompt},
			check: func(t *testing.T, r *run) {
				// Interactively, arbiter's ask is Claude Code's confirmation,
				// with arbiter's reason; nothing runs until a person answers.
				keptBuild(t, r)
				r.decided(t, "ask")
				if r.Shown != claudePrompt {
					t.Fatalf("Claude Code showed no confirmation (%q)", claudePrompt)
				}
				if !r.screenShows(t, "arbiter ("+askRule+")") {
					t.Errorf("the confirmation does not show arbiter's reason")
				}
				if len(r.Results) != 0 {
					t.Errorf("the model was sent a result before anyone confirmed: %+v", r.Results)
				}
			}},
	}
}

// claudeFirstAllow checks that arbiter's allow came in PreToolUse, so
// that no permission prompt was even prepared. Claude Code often runs
// the first PreToolUse before it has written the transcript it names;
// arbiter then defers (U.no-transcript) and only its PermissionRequest
// answer lets the call through.
func claudeFirstAllow(t *testing.T, r *run) {
	for _, h := range r.claudeHookAnswers(t) {
		if h.Event != "PreToolUse" {
			continue
		}
		if d := h.permissionDecision(); d != "allow" {
			if strings.Contains(h.Stderr, "transcript could not be read") {
				t.Skipf("known bug (issue 12, Transcripts: a missing or not-yet-written transcript turns a static allow into defer): "+
					"the first PreToolUse got %q, arbiter said: %s", d, strings.TrimSpace(h.Stderr))
			}
			t.Errorf("PreToolUse answered %q (stdout %q, stderr %q), want allow", d, h.Stdout, h.Stderr)
		}
		return
	}
	t.Errorf("Claude Code reported no PreToolUse hook run")
}

func codexScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, mustConfirm) {
				t.Errorf("the model was not told that a person must confirm (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		failClosedScenario(),
		badInputOpenScenario(),
		userTypedScenario(""),
		{name: "untrusted-hook", mode: permissive, untrusted: true, command: denyProbe, before: makeDenyProbe, check: codexUntrusted},
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// Codex 0.171 runs the call when its hook fails (a crashed or
			// removed arbiter): nothing arbiter prints can change that.
			if r.exists("deny-probe", "keep") {
				t.Errorf("Codex no longer runs a call whose hook failed: update the README's note on Codex (the model was told %+v)", r.Results)
			}
			r.result(t)
		}},
		// Interactively, with approval on request, a command that asks to
		// leave the sandbox gets Codex's approval prompt; its
		// PermissionRequest hook answers first.
		{name: "allow-escalated", interactive: true, escalate: true, command: fixed(allowProbe), stopOn: []string{codexPrompt},
			check: func(t *testing.T, r *run) {
				if r.Shown != "" {
					t.Errorf("Codex showed its approval prompt although arbiter allowed the call")
				}
				ranAllowProbe(t, r)
			}},
		{name: "defer-escalated", interactive: true, escalate: true, command: fixed(deferProbe), stopOn: []string{codexPrompt},
			check: func(t *testing.T, r *run) {
				r.decided(t, "defer")
				if r.Shown != codexPrompt {
					t.Fatalf("Codex's own approval prompt did not show for a deferred escalation")
				}
				if !r.screenShows(t, "scripted probe: run this outside the sandbox?") {
					t.Errorf("the approval prompt does not show the model's justification")
				}
				if r.exists("project", "defer-marker.txt") || len(r.Results) != 0 {
					t.Errorf("the deferred escalation ran before anyone approved it")
				}
			}},
		{name: "ask-escalated", interactive: true, escalate: true, command: fixed(askProbe), before: makeBuild, stopOn: []string{codexPrompt},
			check: func(t *testing.T, r *run) {
				// Codex's PreToolUse comes first and honours only deny, so
				// arbiter's ask stops the call there: Codex's own prompt,
				// which a person could have answered, never shows.
				keptBuild(t, r)
				r.decided(t, "ask")
				if r.Shown != "" {
					t.Errorf("Codex showed its approval prompt; arbiter's ask was expected to block at PreToolUse")
				}
				if out := r.result(t); !strings.Contains(out, mustConfirm) {
					t.Errorf("the model was not told that a person must confirm; it was told %q", out)
				}
			}},
	}
}

// codexUntrusted checks what a fresh `arbiter install codex` leaves:
// Codex runs no hook it does not trust, so even a call arbiter denies
// runs (the probe only removes its own directory), and install and
// doctor must say so.
func codexUntrusted(t *testing.T, r *run) {
	if d := r.decisions(); len(d) > 0 {
		t.Errorf("Codex ran an untrusted hook (arbiter decided %v): the README's note on Codex's hook trust is out of date", d)
	}
	if r.exists("deny-probe", "keep") {
		t.Errorf("the probe did not run with arbiter's hook untrusted (the model was told %+v)", r.Results)
	}
	t.Run("install says", func(t *testing.T) {
		// The case's own path names the case: leave it out.
		if !strings.Contains(strings.ToLower(strings.ReplaceAll(r.installed, r.Root, "")), "trust") {
			t.Skipf("known bug (issue 12, Per-runtime facts: install codex does not explain that Codex must trust the hook): install printed:\n%s", r.installed)
		}
	})
	t.Run("doctor says", func(t *testing.T) {
		out, err := r.doctor(t)
		if err == nil {
			t.Skipf("known bug (issue 12, Per-runtime facts: doctor reports an untrusted Codex hook as fine while Codex skips it): doctor exited 0:\n%s", out)
		}
		if !strings.Contains(strings.ToLower(strings.ReplaceAll(out, r.Root, "")), "trust") {
			t.Errorf("doctor found a problem but does not name the hook's trust:\n%s", out)
		}
	})
}

func geminiScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, mustConfirm) {
				t.Errorf("the model was not told that a person must confirm (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		failClosedScenario(),
		badInputOpenScenario(),
		userTypedScenario("issue 12, Transcripts: Gemini CLI 0.61 writes JSONL sessions, which arbiter does not read"),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// Gemini CLI 0.61 blocks a call whose hook failed, and tells the
			// model why.
			if !r.exists("deny-probe", "keep") {
				t.Errorf("Gemini CLI ran a call whose hook failed: update the README's note on Gemini CLI")
			}
			if out := r.result(t); !strings.Contains(out, "blocked") {
				t.Errorf("the model was not told the call was blocked: %q", out)
			}
		}},
		{name: "allow-still-confirms", interactive: true, command: fixed(allowProbe), stopOn: []string{geminiPrompt},
			check: func(t *testing.T, r *run) {
				// Gemini CLI 0.61 acts on a hook's deny and ask only: after
				// arbiter's allow its own confirmation still shows.
				r.decided(t, "allow")
				if r.Shown != geminiPrompt {
					t.Errorf("Gemini CLI showed no confirmation after arbiter's allow: has it started honouring allow? Update the README's mapping")
				}
				if r.exists("project", "allow-marker.txt") {
					t.Errorf("the call ran before anyone confirmed it")
				}
			}},
	}
}

func qwenScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			// Headless, Qwen Code cannot show its confirmation: it refuses
			// the call and tells the model arbiter's reason.
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) {
				t.Errorf("the model was not told arbiter's reason (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// Qwen Code 0.24.4 runs the call when its hook fails (a crashed
			// or removed arbiter): the README says so.
			if r.exists("deny-probe", "keep") {
				t.Errorf("Qwen Code no longer runs a call whose hook failed: update the README's note on Qwen Code")
			}
			r.result(t)
		}},
	}
}

func piScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			// Headless, pi has no UI to ask in: the extension blocks the
			// call and tells the model a person must confirm it.
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, mustConfirm) {
				t.Errorf("the model was not told that a person must confirm (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// The extension blocks a call when arbiter-hook cannot run.
			if !r.exists("deny-probe", "keep") {
				t.Errorf("pi ran a call whose hook could not run: the extension does not fail closed")
			}
			if out := r.result(t); !strings.Contains(out, "arbiter blocked this call") {
				t.Errorf("the model was not told the call was blocked: %q", out)
			}
		}},
	}
}

func openCodeScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			// The plugin cannot show OpenCode's prompt: an ask blocks the
			// call and tells the model a person must confirm it.
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, mustConfirm) {
				t.Errorf("the model was not told that a person must confirm (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// The plugin blocks a call when arbiter-hook cannot run.
			if !r.exists("deny-probe", "keep") {
				t.Errorf("OpenCode ran a call whose hook could not run: the plugin does not fail closed")
			}
			if out := r.result(t); !strings.Contains(out, "arbiter blocked this call") {
				t.Errorf("the model was not told the call was blocked: %q", out)
			}
		}},
	}
}

// Cline's CLI 3.0.65 maps a hook's cancel onto a stop of the whole run:
// the call does not run, the model is never told, the run ends
// "aborted" (exit status 0), and the reason reaches only Cline's log.
func clineScenarios() []scenario {
	return []scenario{
		{name: "deny", mode: permissive, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			r.decided(t, "deny")
			if !r.exists("deny-probe", "keep") {
				t.Errorf("the deny probe ran: %s is gone", r.path("deny-probe", "keep"))
			}
			clineStopped(t, r, denyRule)
		}},
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: func(t *testing.T, r *run) {
			ranAllowProbe(t, r)
			t.Run("doctor", func(t *testing.T) { doctorPasses(t, r, "PreToolUse") })
		}},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			keptBuild(t, r)
			r.decided(t, "ask")
			clineStopped(t, r, askRule, mustConfirm)
		}},
		deferScenario(),
		{name: "defer-cautious", mode: cautious, command: fixed(deferProbe), check: func(t *testing.T, r *run) {
			// Without auto-approve, headless, Cline's own approval
			// refuses the call arbiter left to it.
			r.decided(t, "defer")
			if r.exists("project", "defer-marker.txt") {
				t.Errorf("headless Cline ran a call it was not allowed to approve itself")
			}
			if out := r.result(t); strings.Contains(out, "arbiter") {
				t.Errorf("want Cline's own refusal, got %q", out)
			}
		}},
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// The script prints a cancel itself when arbiter-hook cannot run.
			if !r.exists("deny-probe", "keep") {
				t.Errorf("Cline ran a call whose hook could not run: the script does not fail closed")
			}
			clineStopped(t, r, "arbiter blocked this call")
		}},
	}
}

// clineStopped checks that Cline stopped the run at the call: no result
// went back to the model, no further turn was asked for, and Cline's log
// holds arbiter's reason, which carries each of want.
func clineStopped(t *testing.T, r *run, want ...string) {
	t.Helper()
	if len(r.Results) != 0 || len(r.Requests) != 1 {
		t.Errorf("Cline went on after the cancel: %d results, %d requests (Cline now refuses only the call? update the README's row)", len(r.Results), len(r.Requests))
	}
	if r.TimedOut {
		t.Errorf("Cline did not end the run: %s", r.Exit)
	}
	b, err := os.ReadFile(filepath.Join(r.Home, ".cline", "data", "logs", "cline.log"))
	if err != nil {
		t.Fatalf("Cline's log: %v", err)
	}
	for _, w := range want {
		if !strings.Contains(string(b), w) {
			t.Errorf("Cline's log does not hold arbiter's reason (%q)", w)
		}
	}
}

func kiloScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: permissive, command: fixed(allowProbe), check: func(t *testing.T, r *run) {
			ranAllowProbe(t, r)
			t.Run("doctor", func(t *testing.T) { doctorPasses(t, r, "left to Kilo Code CLI's own permission rules") })
		}},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, mustConfirm) {
				t.Errorf("the model was not told that a person must confirm (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			if !r.exists("deny-probe", "keep") {
				t.Errorf("Kilo ran a call whose hook could not run: the plugin does not fail closed")
			}
			if out := r.result(t); !strings.Contains(out, "arbiter blocked this call") {
				t.Errorf("the model was not told the call was blocked: %q", out)
			}
		}},
		{name: "defer-as-ask", mode: permissive, deferAsAsk: true, command: fixed(deferProbe), check: func(t *testing.T, r *run) {
			// The stricter mapping: even under --auto, the plugin blocks a
			// call arbiter has no verdict on, as one a person must confirm.
			r.decided(t, "defer")
			if r.exists("project", "defer-marker.txt") {
				t.Errorf("with --defer-as ask Kilo ran the deferred call")
			}
			if out := r.result(t); !strings.Contains(out, mustConfirm) || !strings.Contains(out, "--defer-as ask") {
				t.Errorf("the model was not told that a person must confirm; it was told %q", out)
			}
			t.Run("doctor", func(t *testing.T) { doctorPasses(t, r, "blocked as one a person must confirm (--defer-as ask)") })
		}},
	}
}

// doctorPasses checks that `arbiter doctor` finds the hook install wrote
// working (it runs it as the client does) and says want about it.
func doctorPasses(t *testing.T, r *run, want string) {
	t.Helper()
	out, err := r.doctor(t)
	if err != nil {
		t.Fatalf("arbiter doctor failed on what install wrote: %v\n%s", err, out)
	}
	if !strings.Contains(out, want) {
		t.Errorf("doctor does not say %q:\n%s", want, out)
	}
}

func TestCopilot(t *testing.T) { testClient(t, copilot, copilotScenarios()) }

// Copilot CLI runs here in its offline mode with the scripted server as
// its own model provider (no GitHub account). Headless (-p) it has no one
// to ask: a call it would prompt for is refused in its own words.
func copilotScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: cautious, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			// Headless, Copilot CLI cannot show its prompt: it refuses the
			// call and tells the model arbiter's reason.
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, "unable to ask user for confirmation") {
				t.Errorf("the model was not told that Copilot could not ask (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		{name: "defer-cautious", mode: cautious, command: fixed(deferProbe), check: func(t *testing.T, r *run) {
			// Without --allow-all-tools Copilot CLI's own flow would prompt;
			// headless it refuses, in its own words.
			r.decided(t, "defer")
			if r.exists("project", "defer-marker.txt") {
				t.Errorf("headless Copilot CLI ran an unapproved call")
			}
			if out := r.result(t); strings.Contains(out, "arbiter") || !strings.Contains(out, "no interactive user response") {
				t.Errorf("want Copilot CLI's own refusal, got %q", out)
			}
		}},
		failClosedScenario(),
		badInputOpenScenario(),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// Copilot CLI 1.0.102 blocks a call whose hook failed and tells
			// the model so.
			if !r.exists("deny-probe", "keep") {
				t.Errorf("Copilot CLI ran a call whose hook failed: update the README's note on Copilot CLI")
			}
			if out := r.result(t); !strings.Contains(out, "hook errored") {
				t.Errorf("the model was not told the hook failed: %q", out)
			}
		}},
	}
}

func TestDroid(t *testing.T) { testClient(t, droid, droidScenarios()) }

// Factory Droid runs `droid exec` with a custom model on the scripted
// server, whose Execute calls say they are medium-risk. Droid's default
// autonomy is read-only; --skip-permissions-unsafe runs every call. The
// allow case runs read-only: arbiter's allow is what lets it run.
func droidScenarios() []scenario {
	return []scenario{
		denyScenario(),
		{name: "allow", mode: cautious, command: fixed(allowProbe), check: ranAllowProbe},
		{name: "ask", mode: permissive, command: fixed(askProbe), before: makeBuild, check: func(t *testing.T, r *run) {
			keptBuild(t, r)
			r.decided(t, "ask")
			if out := r.result(t); !strings.Contains(out, askRule) || !strings.Contains(out, mustConfirm) {
				t.Errorf("the model was not told that a person must confirm (%s); it was told %q", askRule, out)
			}
		}},
		deferScenario(),
		{name: "defer-cautious", mode: cautious, command: fixed(deferProbe), check: func(t *testing.T, r *run) {
			// At its default (read-only) autonomy Droid's own flow ends the
			// run rather than execute a medium-risk command.
			r.decided(t, "defer")
			if r.exists("project", "defer-marker.txt") || len(r.Results) != 0 {
				t.Errorf("read-only Droid ran a deferred medium-risk call (the model was told %+v)", r.Results)
			}
			if out, _ := os.ReadFile(r.path("droid-stdout.txt")); !strings.Contains(string(out), "insufficient permission") {
				t.Errorf("want Droid's own refusal, got %s", out)
			}
		}},
		failClosedScenario(),
		badInputOpenScenario(),
		{name: "hook-fails", mode: permissive, missingBinary: true, command: denyProbe, before: makeDenyProbe, check: func(t *testing.T, r *run) {
			// Droid 0.225.2 runs the call when its hook fails (a crashed or
			// removed arbiter): the README says so.
			if r.exists("deny-probe", "keep") {
				t.Errorf("Droid no longer runs a call whose hook failed: update the README's note on Factory Droid")
			}
			r.result(t)
		}},
	}
}
