package config

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// The tests check the walk against go-toml's own decoder, by reflection
// into these structs: what the walk accepts, the decoder accepts alike.

// userFile is the user's config.toml. Settings are top-level keys with
// the environment's names; a value may be a string, a number or a
// boolean.
type userFile struct {
	JudgeURL         any    `toml:"ARBITER_JUDGE_URL"`
	Key              any    `toml:"TYPESAFE_API_KEY"`
	JudgeModel       any    `toml:"ARBITER_JUDGE_MODEL"`
	JudgeTimeout     any    `toml:"ARBITER_JUDGE_TIMEOUT"`
	JudgeMode        any    `toml:"ARBITER_JUDGE_MODE"`
	JudgeBackend     any    `toml:"ARBITER_JUDGE_BACKEND"`
	JudgeAPIKey      any    `toml:"ARBITER_JUDGE_API_KEY"`
	Log              any    `toml:"ARBITER_LOG"`
	JudgeMinServes   any    `toml:"ARBITER_JUDGE_MIN_SERVES"`
	JudgeMaxRisk     any    `toml:"ARBITER_JUDGE_MAX_RISK"`
	JudgeMaxSteering any    `toml:"ARBITER_JUDGE_MAX_STEERING"`
	JudgeDenyRisk    any    `toml:"ARBITER_JUDGE_DENY_RISK"`
	JudgeDenyServes  any    `toml:"ARBITER_JUDGE_DENY_SERVES"`
	Rule             []Rule `toml:"rule"`
}

func (u *userFile) settings() map[string]any {
	return map[string]any{
		"ARBITER_JUDGE_URL": u.JudgeURL, "TYPESAFE_API_KEY": u.Key, "ARBITER_JUDGE_MODEL": u.JudgeModel,
		"ARBITER_JUDGE_TIMEOUT": u.JudgeTimeout, "ARBITER_JUDGE_MODE": u.JudgeMode, "ARBITER_JUDGE_BACKEND": u.JudgeBackend,
		"ARBITER_JUDGE_API_KEY": u.JudgeAPIKey, "ARBITER_LOG": u.Log, "ARBITER_JUDGE_MIN_SERVES": u.JudgeMinServes,
		"ARBITER_JUDGE_MAX_RISK": u.JudgeMaxRisk, "ARBITER_JUDGE_MAX_STEERING": u.JudgeMaxSteering,
		"ARBITER_JUDGE_DENY_RISK": u.JudgeDenyRisk, "ARBITER_JUDGE_DENY_SERVES": u.JudgeDenyServes,
	}
}

// projectFile is a project's .arbiter.toml: rules only. Settings (a judge
// URL, a key) are never read from the repository, which the agent writes.
type projectFile struct {
	Rule []Rule `toml:"rule"`
}

// decode parses TOML strictly: an unknown key or a value of the wrong
// type is a problem naming its line and key.
func decode(file string, b []byte, into any) *Problem {
	if len(b) > maxFile {
		return &Problem{File: file, Msg: fmt.Sprintf("larger than %d bytes", maxFile)}
	}
	dec := toml.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	err := dec.Decode(into)
	if err == nil {
		return nil
	}
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		e := strict.Errors[0]
		line, _ := e.Position()
		return &Problem{File: file, Line: line, Key: strings.Join(e.Key(), "."), Msg: "unknown key"}
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if i := strings.Index(msg, " into struct field"); i >= 0 {
			msg = "wrong type: " + msg[:i] // the Go type names mean nothing to a reader
		}
		return &Problem{File: file, Line: line, Key: strings.Join(de.Key(), "."), Msg: msg}
	}
	return &Problem{File: file, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
}

func settingText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case int64:
		return strconv.FormatInt(x, 10), true
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// FuzzWalkAgreesWithDecoder: whatever the walk accepts, go-toml's strict
// decoder accepts with the same settings and rules.
func FuzzWalkAgreesWithDecoder(f *testing.F) {
	f.Add("ARBITER_JUDGE_MODE = \"shadow\"\nARBITER_JUDGE_MAX_RISK = 0.2\n[[rule]]\ndecision = \"allow\"\ncommand = \"npm ci\"\nmatch = [\"npm ci -q\", 'x']\n")
	f.Add("[[rule]]\ndecision = \"deny\"\npath = '**/prod.tfstate'\n[[rule]]\ndecision = 3\n")
	f.Add("[rule]\nx = 1\n")
	f.Add("ARBITER_JUDGE_TIMEOUT = 1_500\nARBITER_LOG = true\n")
	f.Add("a.b = 1\n[[rule]]\ndecision = \"ask\"\ndecision = \"ask\"\n")
	f.Add("rule = [{decision = \"allow\"}]\n")
	f.Fuzz(func(t *testing.T, text string) {
		doc, p := walk("f.toml", []byte(text), true)
		if p != nil {
			if p.File != "f.toml" {
				t.Fatalf("problem without the file: %v", p)
			}
			return
		}
		var u userFile
		if pr := decode("f.toml", []byte(text), &u); pr != nil {
			t.Fatalf("the walk accepted what the decoder refuses (%v):\n%s", pr, text)
		}
		for name, v := range u.settings() {
			got, ok := doc.settings[name]
			if v == nil {
				if ok {
					t.Fatalf("%s: walk has %q, decoder none", name, got.text)
				}
				continue
			}
			want, _ := settingText(v)
			if !ok || got.text != want {
				t.Fatalf("%s: walk %q, decoder %q", name, got.text, want)
			}
		}
		if len(u.Rule) != len(doc.rules) {
			t.Fatalf("walk %d rules, decoder %d", len(doc.rules), len(u.Rule))
		}
		for i := range u.Rule {
			a, b := u.Rule[i], doc.rules[i]
			b.Line = 0
			if a.Match == nil && len(b.Match) == 0 {
				b.Match = nil
			}
			if a.NotMatch == nil && len(b.NotMatch) == 0 {
				b.NotMatch = nil
			}
			if a.Match != nil && len(a.Match) == 0 {
				a.Match = []string{}
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("rule %d: walk %+v, decoder %+v", i, b, a)
			}
		}
	})
}
