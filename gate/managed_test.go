package gate

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/config"
)

// layers are the files of one precedence case: the managed file, the
// user's and the project's .arbiter.toml ("" for none).
type layers struct{ managed, user, project string }

// gateWith builds a gate as the hooks do, from files planted in a
// temporary home and project, and returns it with the project folder.
func gateWith(t *testing.T, l layers) (*Gate, config.Config, string) {
	t.Helper()
	dir := t.TempDir()
	project := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": filepath.Join(dir, "home"), "XDG_CACHE_HOME": filepath.Join(dir, "cache"),
		"ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": os.DevNull}
	plant := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if l.managed != "" {
		env["ARBITER_MANAGED_CONFIG"] = plant("managed.toml", l.managed)
	}
	if l.user != "" {
		env["ARBITER_CONFIG"] = plant("config.toml", l.user)
	}
	if l.project != "" {
		plant("proj/.arbiter.toml", l.project)
	}
	g, cfg, _ := FromConfig(Options{Getenv: func(k string) string { return env[k] }, Log: io.Discard})
	return g, cfg, project
}

func decideIn(g *Gate, project, cmd string) arbiter.Decision {
	in, _ := json.Marshal(map[string]string{"command": cmd})
	return g.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: in, ProjectDir: project, Cwd: project})
}

func rule(decision, command string) string {
	return "[[rule]]\ndecision = \"" + decision + "\"\ncommand = \"" + command + "\"\n"
}

// TestManagedPrecedence is the precedence table README documents: class
// A and self-protection above all, then the strictest matching rule of
// the managed, user and project layers (deny > ask > defer > allow), then
// the static policy. So a managed deny or ask holds whatever the user or
// project says, and a managed allow holds unless a user or project rule
// tightens it. (Decisions: npm ci asks on its own, B4.install; git
// status is allowed on its own.)
func TestManagedPrecedence(t *testing.T) {
	for _, tc := range []struct {
		name   string
		l      layers
		cmd    string
		want   arbiter.Verdict
		ruleID string
	}{
		{"managed deny holds against a user allow", layers{managed: rule("deny", "npm ci"), user: rule("allow", "npm ci")}, "npm ci", arbiter.Deny, "R.managed:1"},
		{"managed deny holds against a project rule that only asks", layers{managed: rule("deny", "npm ci"), project: rule("ask", "npm ci")}, "npm ci", arbiter.Deny, "R.managed:1"},
		{"managed deny holds against the static allow", layers{managed: rule("deny", "git status")}, "git status", arbiter.Deny, "R.managed:1"},
		{"managed ask holds against a user allow", layers{managed: rule("ask", "npm ci"), user: rule("allow", "npm ci")}, "npm ci", arbiter.Ask, "R.managed:1"},
		{"managed allow applies", layers{managed: rule("allow", "npm ci")}, "npm ci", arbiter.Allow, "R.managed:1"},
		{"managed allow narrowed by a project deny", layers{managed: rule("allow", "npm ci"), project: rule("deny", "npm ci")}, "npm ci", arbiter.Deny, "R.project:1"},
		{"managed allow narrowed by a user ask", layers{managed: rule("allow", "npm ci"), user: rule("ask", "npm ci")}, "npm ci", arbiter.Ask, "R.user:1"},
		{"a user defer takes a managed allow away", layers{managed: rule("allow", "npm ci"), user: rule("defer", "npm ci")}, "npm ci", arbiter.Ask, "B4.install"},
		{"managed allow never overrides class A", layers{managed: rule("allow", "dd if=/dev/zero")}, "dd if=/dev/zero of=/dev/sda", arbiter.Deny, "A1.raw-disk-write"},
		{"user allow applies with no managed rule on it", layers{managed: rule("deny", "git push"), user: rule("allow", "npm ci")}, "npm ci", arbiter.Allow, "R.user:1"},
		{"project allow is ignored under a managed allow", layers{project: rule("allow", "npm ci")}, "npm ci", arbiter.Ask, "B4.install"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _, project := gateWith(t, tc.l)
			d := decideIn(g, project, tc.cmd)
			if d.Decision != tc.want || !slices.Contains(d.Rules, tc.ruleID) {
				t.Errorf("%q: %s %v (%s), want %s by %s; problems: %v", tc.cmd, d.Decision, d.Rules, d.Reason, tc.want, tc.ruleID, g.Problems)
			}
		})
	}
}

// TestBrokenManagedFile: a managed file that cannot be used whole keeps
// the static policy and the managed denies, asks and defers that still
// parse; its allows and the user's allows do not apply, and nothing the
// static policy would allow is allowed (the runtime decides) until it is
// fixed.
func TestBrokenManagedFile(t *testing.T) {
	good := rule("deny", "git push") + "message = \"pushes go through the release pipeline\"\n"
	for _, tc := range []struct {
		name, managed string
		says          string
	}{
		{"a typo in another rule's decision", good + rule("alow", "npm ci"), "rule[2].decision"},
		{"an unknown key in another rule", good + "[[rule]]\ndecision = \"deny\"\ncomand = \"curl\"\n", "rule[2].comand"},
		{"not TOML after the deny", good + "[[rule]]\nthis is not toml\n", "managed.toml:6"},
		{"not TOML before the deny", "[[rule]]\ndecision = = \"ask\"\n" + good, "managed.toml:2"},
		{"a bad setting", "ARBITER_JUDGE_MODE = [1]\n" + good, "ARBITER_JUDGE_MODE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _, project := gateWith(t, layers{managed: tc.managed + rule("allow", "make deploy"), user: rule("allow", "npm ci")})
			if !strings.Contains(g.Problems.Error(), tc.says) || len(g.Broken()) == 0 {
				t.Fatalf("problems do not say %q, or the file is not reported broken: %v", tc.says, g.Problems)
			}
			for _, c := range []struct {
				cmd    string
				want   arbiter.Verdict
				ruleID string
			}{
				{"git push origin main", arbiter.Deny, "R.managed:"},
				{"rm -rf / --no-preserve-root", arbiter.Deny, "A2."},
				{"git status", arbiter.Defer, "U.config-broken"},
				{"npm ci", arbiter.Ask, "B4.install"},
				{"make deploy", arbiter.Ask, "B10.publish"},
			} {
				d := decideIn(g, project, c.cmd)
				if d.Decision != c.want || !slices.ContainsFunc(d.Rules, func(r string) bool { return strings.HasPrefix(r, c.ruleID) }) {
					t.Errorf("%q: %s %v (%s), want %s by %s", c.cmd, d.Decision, d.Rules, d.Reason, c.want, c.ruleID)
				}
			}
		})
	}
}

// TestManagedSettingsWin: a setting of the managed file holds whatever
// the user's file and the environment say.
func TestManagedSettingsWin(t *testing.T) {
	dir := t.TempDir()
	managed := filepath.Join(dir, "managed.toml")
	user := filepath.Join(dir, "config.toml")
	os.WriteFile(managed, []byte("ARBITER_LOG = \"/var/log/arbiter/decisions.jsonl\"\nARBITER_FAIL_CLOSED = \"on\"\n"), 0o600)
	os.WriteFile(user, []byte("ARBITER_LOG = \"off\"\nARBITER_FAIL_CLOSED = \"off\"\nARBITER_JUDGE_MODE = \"shadow\"\n"), 0o600)
	env := map[string]string{"HOME": dir, "ARBITER_CONFIG": user, "ARBITER_MANAGED_CONFIG": managed, "ARBITER_LOG": "off"}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Get("ARBITER_LOG"); got != "/var/log/arbiter/decisions.jsonl" {
		t.Errorf("ARBITER_LOG = %q, want the managed file's", got)
	}
	if !cfg.On("ARBITER_FAIL_CLOSED") {
		t.Error("ARBITER_FAIL_CLOSED is not on: the user's file loosened the managed setting")
	}
	if got := cfg.Get("ARBITER_JUDGE_MODE"); got != "shadow" {
		t.Errorf("a setting the managed file does not fix: %q, want the user's", got)
	}
	if w, _ := cfg.Where("ARBITER_LOG"); w.File != managed || w.Line != 1 {
		t.Errorf("ARBITER_LOG comes from %v, want %s:1", w, managed)
	}
	if !slices.Equal(cfg.Managed.Fixed, []string{"ARBITER_FAIL_CLOSED", "ARBITER_LOG"}) {
		t.Errorf("fixed settings %v", cfg.Managed.Fixed)
	}
}

// TestManagedFileIsProtected: the agent may not write, move or shadow the
// managed file, wherever ARBITER_MANAGED_CONFIG puts it.
func TestManagedFileIsProtected(t *testing.T) {
	g, cfg, project := gateWith(t, layers{managed: rule("deny", "git push")})
	file := cfg.Managed.File
	for _, cmd := range []string{
		"echo '' > " + file,
		"mv " + file + " /tmp/elsewhere",
		"rm " + file,
		"cp /tmp/mine.toml " + file,
		"sed -i d " + file,
	} {
		d := decideIn(g, project, cmd)
		if d.Decision != arbiter.Deny || !slices.Contains(d.Rules, "S.guard-tamper") {
			t.Errorf("%q: %s %v, want deny by S.guard-tamper", cmd, d.Decision, d.Rules)
		}
	}
	if d := decideIn(g, project, "cat "+file); d.Decision == arbiter.Deny {
		t.Errorf("reading the managed file: %s %v", d.Decision, d.Rules)
	}
	// The log's rotated files, wherever ARBITER_LOG puts it.
	getenv := func(k string) string {
		return map[string]string{"ARBITER_LOG": "/srv/logs/decisions.jsonl", "HOME": "/home/dev", "ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": os.DevNull}[k]
	}
	withLog, _ := config.Load(getenv)
	logged := Protected(withLog, Options{Getenv: getenv})
	for _, f := range []string{"/srv/logs/decisions.jsonl", "/srv/logs/decisions.jsonl.1", "/srv/logs/decisions.jsonl.4"} {
		if !slices.Contains(logged, f) {
			t.Errorf("%s is not protected: %v", f, logged)
		}
	}
	// The default place's folder is guarded too.
	def := Protected(config.Config{}, Options{Getenv: func(string) string { return "" }})
	if !slices.Contains(def, filepath.Dir(config.ManagedPath(func(string) string { return "" }))) {
		t.Errorf("the managed file's default folder is not protected: %v", def)
	}
}
