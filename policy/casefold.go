package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// On a case-insensitive file system (the default on macOS and Windows)
// .GIT/hooks is .git/hooks and .Claude/settings.json is the agent's
// settings: the names that make a write a change to git's metadata, an
// agent's configuration or what tools run on their own are those names in
// any case. A write is judged by its path with each such name in the case
// the rules spell it (stricter on a case-sensitive file system, where
// .GIT is merely a folder of the project, which a person can confirm).

// protectedNames maps the lower-case form of each file or folder name the
// write rules single out to the case they spell it in: the agents'
// configuration folders and instruction files (from the registry), git's
// folder, and the files and folders other tools run on their own.
var protectedNames = lazy.New(func() map[string]string {
	names := map[string]string{}
	add := func(n string) { names[strings.ToLower(n)] = n }
	for _, a := range agents.All() {
		for _, d := range a.Config {
			for _, part := range strings.Split(d, "/") {
				add(part)
			}
		}
		for _, n := range a.Instructions {
			add(n)
		}
	}
	for n := range agentConfig.Get().names {
		add(n)
	}
	for _, n := range strings.Fields(`.git .gitmodules .gitattributes .vscode tasks.json settings.json launch.json mcp.json
		.cargo config.toml .github workflows actions .husky .githooks .devcontainer .circleci .gitea .forgejo .buildkite .woodpecker
		.envrc .npmrc .yarnrc .yarnrc.yml .pre-commit-config.yaml .gitlab-ci.yml .travis.yml Jenkinsfile .drone.yml .woodpecker.yml
		lefthook.yml lefthook.yaml .lefthook.yml .lefthook.yaml bitbucket-pipelines.yml azure-pipelines.yml mise.toml .mise.toml
		.windsurf .continue .roo .amazonq .kiro .windsurfrules .clinerules .mcp.json opencode.json AGENT.md
		sitecustomize.py usercustomize.py site-packages dist-packages
		.bashrc .bash_profile .bash_login .profile .zshrc .zprofile .zshenv .zlogin .cshrc .tcshrc .kshrc .inputrc
		config.fish authorized_keys authorized_keys2 .config fish .ssh
		Library LaunchAgents LaunchDaemons`) {
		add(n)
	}
	return names
})

// canonicalCase returns abs with each name the write rules single out
// spelled in their case, below the folder it lies in of the project's,
// the home folder's or the root (the names above are the machine's, kept
// as they are); a path with none is returned as it is.
func (j *judgement) canonicalCase(abs string) string {
	if !strings.ContainsAny(abs, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && !mixedCaseNameIn(abs) {
		return abs
	}
	base := "/"
	for _, d := range []string{j.res.Project, j.res.Home} {
		if d != "" && d != "/" && strings.HasPrefix(abs, strings.TrimSuffix(d, "/")+"/") {
			base = strings.TrimSuffix(d, "/")
			break
		}
	}
	parts := strings.Split(strings.TrimPrefix(abs, base), "/")
	names := protectedNames.Get()
	for i, p := range parts {
		if n, ok := names[strings.ToLower(p)]; ok {
			parts[i] = n
		}
	}
	return path.Join(base, strings.Join(parts, "/"))
}

// mixedCaseNameIn reports a lower-case path holding a name the rules
// spell with capitals (claude.md for CLAUDE.md).
func mixedCaseNameIn(abs string) bool {
	names := protectedNames.Get()
	for _, p := range strings.Split(abs, "/") {
		if n, ok := names[p]; ok && n != p {
			return true
		}
	}
	return false
}
