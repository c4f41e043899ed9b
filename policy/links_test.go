package policy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// linkedProject makes a project and a home directory on disk with the
// given symbolic links (path inside the project → target) and returns a
// function that builds Bash calls in it.
func linkedProject(t *testing.T, links map[string]string) (root string, call func(tool string, input map[string]any) arbiter.Call) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"proj/.git/hooks", "home/.ssh", "home/.config/arbiter"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range links {
		if target == "HOME" {
			target = filepath.Join(root, "home")
		}
		if err := os.Symlink(target, filepath.Join(root, "proj", link)); err != nil {
			t.Fatal(err)
		}
	}
	return root, func(tool string, input map[string]any) arbiter.Call {
		in, _ := json.Marshal(input)
		return arbiter.Call{Tool: tool, Input: in, ProjectDir: root + "/proj", Cwd: root + "/proj", Home: root + "/home"}
	}
}

// Links that exist on disk are followed: a write through a link lands
// where the link points.
func TestWritesThroughExistingLinks(t *testing.T) {
	root, call := linkedProject(t, map[string]string{
		"h":     "HOME",          // ln -s ~ h, done earlier
		"sys":   "/etc",          // a link in the project to a system tree
		"bins":  "/usr/bin",      //
		"hooks": ".git/hooks",    // a relative link into .git
		"gate":  "HOME/.config",  // (made absolute below)
		"keys":  "../home/.ssh",  // a relative link out of the project
		"usr":   "/usr",          //
		"plain": "/work/nothing", // a link to nothing
	})
	os.Remove(filepath.Join(root, "proj", "gate"))
	if err := os.Symlink(filepath.Join(root, "home", ".config"), filepath.Join(root, "proj", "gate")); err != nil {
		t.Fatal(err)
	}
	b := func(cmd string) arbiter.Call { return call("Bash", map[string]any{"command": cmd}) }
	checkVerdicts(t, []verdictCase{
		{b("echo x > h/.bashrc"), arbiter.Ask, "B5.persistence"},
		{b("cat x >> h/.zshrc"), arbiter.Ask, "B5.persistence"},
		{b("echo x > sys/passwd"), arbiter.Ask, "B5.system-config"},
		{b("cp tool bins/ls"), arbiter.Deny, "A2.system-tree-write"},
		{b("cp x hooks/pre-commit"), arbiter.Ask, "B7.git-metadata"},
		{b("echo '[x]' > gate/arbiter/config.toml"), arbiter.Deny, "S.guard-tamper"},
		{b("cat keys/id_rsa"), arbiter.Deny, "A6.credential-read"},
		{b("rm -rf usr/*"), arbiter.Deny, "A2.system-tree-delete"},
		{b("rm -rf h/"), arbiter.Deny, "A2.home-delete"},
		{call("Write", map[string]any{"file_path": root + "/proj/h/.bashrc", "content": "x"}), arbiter.Ask, "B5.persistence"},
		// The link itself is the project's: removing or moving it is not
		// removing what it points to.
		{b("rm usr"), arbiter.Ask, "B1.delete"},
		{b("rm -f sys"), arbiter.Ask, "B1.delete"},
		{b("echo x > notes.txt"), arbiter.Allow, "D2.write-project"},
		{b("echo x > plain"), arbiter.Ask, "H7.outside-project"},
	})
}

// Links the same command creates are followed by its later parts.
func TestWritesThroughLinksTheCommandCreates(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{bash("ln -s ~ h && echo x > h/.bashrc"), arbiter.Ask, "B5.persistence"},
		{bash("ln -sf /etc/cron.d c; cp x c/"), arbiter.Ask, "B5.persistence"},
		{bash("ln -s /etc e && echo hi > e/passwd"), arbiter.Ask, "B5.system-config"},
		{bash("ln -s /usr/bin ub; cp ./tool ub/ls"), arbiter.Deny, "A2.system-tree-write"},
		{bash("ln -s ~/.ssh k && cat k/id_rsa"), arbiter.Deny, "A6.credential-read"},
		{bash("ln ~/.bashrc b && echo evil >> b"), arbiter.Ask, "B5.persistence"},
		{bash("mkdir -p d && ln -s ~/.config d/ && echo x > d/.config/arbiter/config.toml"), arbiter.Deny, "S.guard-tamper"},
		{bash("ln -s .git/hooks hk && cp x hk/pre-commit"), arbiter.Ask, "B7.git-metadata"},
		{bash("ln -sfn /usr u && rm -rf u/lib"), arbiter.Deny, "A2.system-tree-delete"},
		{bash("ln -s -t links /etc && echo x > links/etc/hosts"), arbiter.Ask, "B5.system-config"},
		{bash("ln -s ~ h; tee h/.profile < x"), arbiter.Ask, "B5.persistence"},
		// A link to a place only known at run time cannot be followed.
		{bash("ln -s $TARGET h && echo x > h/.bashrc"), arbiter.Defer, "U.dynamic-path"},
		{bash(`ln -sf "$(git rev-parse --git-dir)/hooks" k; cp hook k/pre-commit`), arbiter.Defer, ""},
		// The kernel's own links are not followed.
		{bash("echo hi > /dev/stderr"), arbiter.Allow, ""},
		{bash("cat /dev/stdin > x.txt"), arbiter.Allow, ""},
		{bash("echo x > /proc/self/fd/1"), arbiter.Allow, ""},
		// Making a link is routine; so is removing it.
		{bash("ln -s ../shared/config.json config.json"), arbiter.Allow, ""},
		{bash("ln -s /etc/cron.d c && rm c"), arbiter.Ask, "B1.delete"},
	})
}

// On a case-insensitive filesystem protected names match in any case.
func TestProtectedNamesIgnoreCase(t *testing.T) {
	cases := []verdictCase{
		{bash("echo '{}' > .Claude/settings.json"), arbiter.Ask, "B5.agent-config"},
		{bash("cp hook .GIT/hooks/pre-commit"), arbiter.Ask, "B7.git-metadata"},
		{bash("cat ~/.SSH/id_rsa"), arbiter.Deny, "A6.credential-read"},
		{bash("echo x >> ~/.BashRC"), arbiter.Ask, "B5.persistence"},
		{bash("rm -f ~/.Config/Arbiter/config.toml"), arbiter.Deny, "S.guard-tamper"},
		{bash("echo x > Agents.md"), arbiter.Ask, "B5.agent-config"},
		{bash("echo x > src/Main.go"), arbiter.Allow, "D2.write-project"},
	}
	for _, tt := range cases {
		j := newJudgement(tt.call)
		j.res.FoldCase = true
		j.tool(tt.call)
		d := j.decision(Options{})
		if d.Decision != tt.want || !containsRule(d.Rules, tt.rule) {
			t.Errorf("%s: got %s %v, want %s %s", tt.call.Input, d.Decision, d.Rules, tt.want, tt.rule)
		}
	}
}

func containsRule(rules []string, rule string) bool {
	for _, r := range rules {
		if r == rule {
			return true
		}
	}
	return false
}
