package gate

import (
	"bytes"
	"sync"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/rules"
)

// Projects reads each project's .arbiter.toml once per process, the first
// time a call runs under it.
type Projects struct {
	static rules.Decider
	report func(config.Problem)
	cache  string
	mu     sync.Mutex
	byFile map[string]project
	said   []string // the problems reported, for Mentions
}

type project struct {
	set    *rules.Set
	broken config.Problems
}

// Set is the project's rules that loaded (nil when there are none).
func (p project) Set() *rules.Set { return p.set }

// For returns the rules of the project a call in dir belongs to.
func (ps *Projects) For(dir string) project {
	file := config.FindProject(dir)
	if file == "" {
		return project{}
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if p, ok := ps.byFile[file]; ok {
		return p
	}
	loaded := config.LoadProject(dir)
	p := project{broken: loaded.Problems.Broken()}
	problems := loaded.Problems
	if len(loaded.Rules) > 0 {
		p.set = loadRules(loaded.Rules, ps.static, ps.cache, loaded.Sum)
		problems = append(problems, p.set.Problems...)
	}
	for _, pr := range problems {
		if ps.report != nil {
			ps.report(pr)
		}
		ps.said = append(ps.said, pr.Error())
	}
	if ps.byFile == nil {
		ps.byFile = map[string]project{}
	}
	ps.byFile[file] = p
	return p
}

// Mentions reports whether text repeats a problem of a project file
// already reported, so that a hook can leave it out.
func (ps *Projects) Mentions(text []byte) bool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, s := range ps.said {
		if bytes.Contains(text, []byte(s)) {
			return true
		}
	}
	return false
}

// Problems loads the project file for dir and lists everything wrong with
// it, for arbiter doctor.
func (ps *Projects) Problems(dir string) (string, config.Problems) {
	file := config.FindProject(dir)
	if file == "" {
		return "", nil
	}
	loaded := config.LoadProject(dir)
	problems := loaded.Problems
	if len(loaded.Rules) > 0 {
		problems = append(problems, rules.New(loaded.Rules, ps.static).Problems...)
	}
	return file, problems
}
