package policy

import (
	"net/url"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// The confirmation policy's class C (network requests, git push, logins)
// proceeds when the user explicitly asked for the action in their own
// words. Deterministically, that is: a message the user typed (the
// runtime's transcript, read by package transcript: never tool output,
// never the agent's text) holds a clause that names the action and its
// object, no clause negates the action, and the command is one whose
// every word arbiter understands for that action. A vague ask ("do
// everything", "go ahead") names no action; a deny, an ask and classes
// A and B are never touched: only the findings below become allows.

// preApprovable lists the class C findings the user's words may approve.
var preApprovable = map[catalog.ID]bool{catalog.C1NetworkRequest: true, catalog.C2GitPush: true, catalog.C3Move: true, catalog.C6Login: true}

// PreApprovable reports whether the user's words could change a
// decision: a defer whose every rule is one the user may pre-approve. A
// hook then reads the user's messages, which it otherwise skips.
func PreApprovable(d arbiter.Decision) bool {
	if d.Decision != arbiter.Defer || len(d.Rules) == 0 {
		return false
	}
	for _, r := range d.Rules {
		if !preApprovable[catalog.ID(r)] {
			return false
		}
	}
	return true
}

// preApprove turns the call's class C findings into C.user-asked allows
// when every finding that is not an allow is one the user's words
// approve; otherwise it changes nothing.
func (j *judgement) preApprove() {
	if len(j.call.Requests) == 0 || j.shell == nil && j.call.Tool != "WebFetch" {
		return
	}
	var pending []int
	for i, f := range j.findings {
		if f.verdict == arbiter.Allow {
			continue
		}
		if !preApprovable[f.id] {
			return
		}
		pending = append(pending, i)
	}
	if len(pending) == 0 {
		return
	}
	words := userClauses(j.call.Requests)
	approved := map[int]string{} // finding → its reason
	for _, i := range pending {
		what, said, ok := j.approvedFinding(j.findings[i], words)
		if !ok {
			return
		}
		approved[i] = "the user's own message asked for " + what + ": \"" + clipText(said, 100) + "\""
	}
	// The approvals lead, so that an allowed call's reason quotes the
	// words that approved it.
	r := catalogued(catalog.CUserAsked)
	var lead, rest []finding
	for i, f := range j.findings {
		reason, ok := approved[i]
		if !ok {
			rest = append(rest, f)
			continue
		}
		lead = append(lead, finding{id: r.ID, verdict: r.Verdict, subject: f.subject, reason: reason})
	}
	j.findings = append(lead, rest...)
}

// approvedFinding returns what the finding's action does and the user's
// clause that asked for it: a fetch by the WebFetch tool, or a command
// the shell runs directly; false when no clause does.
func (j *judgement) approvedFinding(f finding, words []clause) (what, said string, ok bool) {
	if j.shell == nil {
		return approvedFetch(f, words)
	}
	c := j.shellCommand(f.subject)
	if c == nil {
		return "", "", false
	}
	return j.approvedBy(f.id, c, words)
}

// shellCommand returns the command of the call's shell analysis that a
// finding is about, when the shell runs it directly (not a command read
// from interpreter code), through no wrapper and with no environment of
// its own; nil otherwise.
func (j *judgement) shellCommand(subject string) *shell.Command {
	var found *shell.Command
	for i := range j.shell.Commands {
		c := &j.shell.Commands[i]
		if c.String() != subject {
			continue
		}
		if c.Origin != "" || len(c.Via) > 0 || len(c.Env) > 0 || c.DirUnknown || found != nil {
			return nil
		}
		found = c
	}
	return found
}

// approvedBy returns what command c, which fired rule id, does, and the
// user's clause that asked for it; false when none does.
func (j *judgement) approvedBy(id catalog.ID, c *shell.Command, words []clause) (what, said string, ok bool) {
	for _, a := range c.Args {
		if a.Dynamic || a.Glob || len(a.From) > 0 {
			return "", "", false
		}
	}
	switch id {
	case catalog.C1NetworkRequest:
		if c.Program == "git" {
			what, objects, ok := pullObjects(c)
			if !ok {
				return "", "", false
			}
			said, ok = asked(words, wordSet("pull"), objects, objectWindow)
			return what, said, ok
		}
		if c.Program == "gh" {
			what, objects, ok := forgeRead(c)
			if !ok {
				return "", "", false
			}
			said, ok = forgeAsked(words, objects)
			return what, said, ok
		}
		hosts, ok := j.requestHosts(c)
		if !ok {
			return "", "", false
		}
		for _, h := range hosts {
			if said, ok = asked(words, requestVerbs.Get(), []string{h}, objectWindow); !ok {
				return "", "", false
			}
		}
		return "a request to " + strings.Join(hosts, ", "), said, true
	case catalog.C2GitPush:
		what, objects, ok := j.pushObjects(c)
		if !ok {
			return "", "", false
		}
		said, ok = asked(words, wordSet("push"), objects, objectWindow)
		return what, said, ok
	case catalog.C3Move:
		move, ops, objects, ok := moveObjects(c)
		if !ok || j.moveOverwrites(c, ops) {
			return "", "", false
		}
		said, ok = askedAll(words, wordSet(moveWords), objects)
		return move, said, ok
	case catalog.C6Login:
		names, ok := loginNames(c)
		if !ok {
			return "", "", false
		}
		said, ok = asked(words, loginVerbs.Get(), names, 0)
		return "signing in to " + names[0], said, ok
	}
	return "", "", false
}

// objectWindow is how near after its verb an action's object must be
// named: "push my changes to origin", "check whether api.example.com is
// up".
const objectWindow = 4

// clause is one clause of a user's message: its words, lower-cased, with
// the punctuation around them removed, and the text it came from.
type clause struct {
	words []string
	text  string
}

// userClauses splits the user's messages into clauses, leaving out what
// is not the user's own words: fenced code blocks, quoted lines (> …),
// text inside tags (<system-reminder>…</system-reminder> and the like,
// which runtimes add) and a runtime's placeholder for pasted text.
func userClauses(requests []string) []clause {
	var out []clause
	for _, r := range requests {
		for _, text := range ownText(r) {
			for _, c := range splitClauses(dropQuoted(text)) {
				if asking(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// requestOpeners are the words a request put as a question starts with
// ("can you push…?", "please push…?"); aboutWords, first after them, make
// the clause one about the action, not an ask for it ("why does push
// fail", "can you explain how to push", "should I push?").
var (
	requestOpeners = lazy.New(func() map[string]bool { return wordSet("can could would will you we please kindly") })
	aboutWords     = lazy.New(func() map[string]bool {
		return wordSet("why what how when where whether which who explain describe tell show does do did is are was were should shall might may")
	})
)

// asking reports whether a clause asks for something rather than asking
// about it: a question counts only when a request opener starts it, and
// no clause whose first word (after the openers) is an about-word does.
func asking(c clause) bool {
	k := 0
	for k < len(c.words) && requestOpeners.Get()[c.words[k]] {
		k++
	}
	if k < len(c.words) && aboutWords.Get()[c.words[k]] {
		return false
	}
	question := strings.HasSuffix(strings.TrimRight(c.text, "\"'`)*"), "?")
	return !question || k > 0
}

// dropQuoted removes the spans a line quotes (in quotation marks or a
// code span) that hold more than one word: a phrase the user quotes is
// someone else's ("the docs say \"push to main\""), while a quoted name
// ("push `main`") stays.
func dropQuoted(line string) string {
	for _, q := range [][2]string{{"`", "`"}, {"\"", "\""}, {"\u201c", "\u201d"}} {
		var b strings.Builder
		rest := line
		for {
			i := strings.Index(rest, q[0])
			if i < 0 {
				break
			}
			j := strings.Index(rest[i+len(q[0]):], q[1])
			if j < 0 {
				break
			}
			span := rest[i+len(q[0]) : i+len(q[0])+j]
			b.WriteString(rest[:i])
			if !strings.ContainsAny(strings.TrimSpace(span), " \t") {
				b.WriteString(span)
			} else {
				b.WriteString(" ")
			}
			rest = rest[i+len(q[0])+j+len(q[1]):]
		}
		b.WriteString(rest)
		line = b.String()
	}
	return line
}

// ownText returns the lines of a message that are the user's own.
func ownText(msg string) []string {
	var out []string
	fenced, tag := false, ""
	for _, line := range strings.Split(strings.ReplaceAll(msg, "\r", ""), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fenced = !fenced
			continue
		case fenced:
			continue
		case tag != "":
			if strings.Contains(t, "</"+tag+">") {
				tag = ""
			}
			continue
		case strings.HasPrefix(t, ">"):
			continue
		case strings.HasPrefix(t, "<") && !strings.HasPrefix(t, "</"):
			name := strings.FieldsFunc(t[1:], func(r rune) bool { return r == '>' || r == ' ' || r == '/' })
			if len(name) > 0 && !strings.Contains(t, "</"+name[0]+">") {
				tag = name[0]
			}
			continue
		case strings.Contains(t, "[Pasted text"):
			continue
		case (strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")):
			continue // an indented block: pasted code or output
		case (strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "! ") || strings.HasPrefix(t, "remote:")):
			continue // a terminal's prompt or output, pasted
		}
		out = append(out, t)
	}
	return out
}

// splitClauses splits text at sentence ends, semicolons and "but".
func splitClauses(text string) []clause {
	text = strings.ToLower(strings.NewReplacer("\u2019", "'", "\u2018", "'").Replace(text))
	var out []clause
	var cur []string
	var raw []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, clause{words: cur, text: strings.Join(raw, " ")})
		}
		cur, raw = nil, nil
	}
	for _, w := range strings.Fields(text) {
		if w == "but" || w == "however" || w == "except" || w == "unless" {
			flush()
			continue
		}
		// A trailing "." ends a sentence; one inside a word (a host, a
		// file) does not.
		word := strings.TrimRight(strings.TrimLeft(w, "\"'`([{<*"), "\"'`)]}>,:!?;*.")
		end := strings.HasSuffix(strings.TrimRight(w, "\"'`)"), ".") || strings.ContainsAny(w[len(w)-1:], "!?;")
		if word != "" {
			cur, raw = append(cur, word), append(raw, w)
		}
		if end {
			flush()
		}
	}
	flush()
	return out
}

// negations are the words that, in a clause naming an action, say not to
// do it, or not yet.
var negations = lazy.New(func() map[string]bool {
	return wordSet("don't dont not never no without avoid stop shouldn't mustn't won't can't cannot nor refrain skip neither before until wait")
})

// asked returns the clause of the user's words that names one of the
// verbs and one of the objects, within window words after the verb (0:
// anywhere in the clause, for "gcloud auth login"); false when none does,
// or when a clause that names one of the verbs also holds a negation
// ("don't push", "push it, not main"): the user's words then do not
// settle it.
func asked(words []clause, verbs map[string]bool, objects []string, window int) (string, bool) {
	said := ""
	for _, c := range words {
		if !anyOf(c.words, verbs) {
			continue
		}
		if anyOf(c.words, negations.Get()) {
			return "", false
		}
		if said == "" && namesAfterVerb(c.words, verbs, objects, window) {
			said = c.text
		}
	}
	return said, said != ""
}

// namesAfterVerb reports whether one of the objects follows one of the
// verbs within window words (or anywhere in the clause, for 0).
func namesAfterVerb(words []string, verbs map[string]bool, objects []string, window int) bool {
	if window == 0 {
		return namesObject(words, objects)
	}
	for k, w := range words {
		if verbs[w] && namesObject(words[k+1:min(len(words), k+1+window)], objects) {
			return true
		}
	}
	return false
}

func anyOf(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// namesObject reports whether one of the words is one of the objects, or
// a URL or address whose host is.
func namesObject(words, objects []string) bool {
	for _, w := range words {
		for _, o := range objects {
			if w == o || wordHost(w) == o {
				return true
			}
		}
	}
	return false
}

// hostOf returns the host a word names as a URL or a bare address
// (api.example.com/v1), lower-cased; "" when it names none.
func wordHost(w string) string {
	if !strings.Contains(w, "://") {
		w = "http://" + w
	}
	u, err := url.Parse(w)
	if err != nil || u.User != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// wordSet makes a set of the words of a space-separated list.
func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
