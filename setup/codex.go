package setup

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
)

// CodexHook is one of arbiter's hooks in a Codex hooks.json, named as
// Codex names it in config.toml: "<hooks.json path>:<event>:<group>:<hook>".
type CodexHook struct {
	Key     string
	Event   string
	Command string
	// Definition is what Codex's trust covers: the group's matcher and
	// the hook entry, as compact JSON.
	Definition string
}

// CodexHooks returns arbiter's hooks in a Codex target's hooks.json.
func (t Target) CodexHooks() ([]CodexHook, error) {
	data, err := read(t.Path)
	if err != nil || data == nil {
		return nil, err
	}
	root, err := t.parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	path, err := filepath.Abs(t.Path)
	if err != nil {
		return nil, err
	}
	var out []CodexHook
	for _, m := range hooksMembers(root.get("hooks")) {
		for g, el := range m.val.elems {
			for _, h := range arbiterItems(el) {
				if h < 0 {
					continue // a flat entry is not Codex's shape
				}
				entry := el.get("hooks").elems[h]
				cmd, _ := entry.get("command").value.(string)
				def := compact(data, entry)
				if matcher := el.get("matcher"); matcher != nil {
					def = compact(data, matcher) + " " + def
				}
				out = append(out, CodexHook{Key: fmt.Sprintf("%s:%s:%d:%d", path, snake(m.key), g, h), Event: m.key, Command: cmd, Definition: def})
			}
		}
	}
	return out, nil
}

// compact returns a value's JSON without insignificant space.
func compact(data []byte, n *node) string {
	var b bytes.Buffer
	if json.Compact(&b, data[n.start:n.end]) != nil {
		return string(data[n.start:n.end])
	}
	return b.String()
}

// snake turns an event name into Codex's label: PreToolUse → pre_tool_use.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CodexTrust reads the hook trust Codex keeps in config.toml: the
// trusted_hash of each [hooks.state."KEY"] table, by key. Only those
// entries are read, in the forms Codex and TOML writers use for them: a
// table header per key, dotted keys under [hooks.state] or [hooks], and
// inline tables. No TOML parser is a dependency of arbiter, and doctor
// needs only this; anything it cannot read counts as not trusted.
func CodexTrust(config []byte) map[string]string {
	out := map[string]string{}
	var table []string
	sc := bufio.NewScanner(bytes.NewReader(config))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || line[0] == '#':
			continue
		case strings.HasPrefix(line, "[["):
			table = nil // an array of tables is never hook state
			continue
		case line[0] == '[':
			keys, rest, ok := tomlKeys(line[1:])
			if !ok || !strings.HasPrefix(strings.TrimSpace(rest), "]") {
				table = nil
				continue
			}
			table = keys
			continue
		}
		keys, rest, ok := tomlKeys(line)
		rest = strings.TrimSpace(rest)
		if !ok || !strings.HasPrefix(rest, "=") {
			continue
		}
		value := strings.TrimSpace(rest[1:])
		full := append(append([]string{}, table...), keys...)
		if len(full) == 4 && full[0] == "hooks" && full[1] == "state" && full[3] == "trusted_hash" {
			if s, _, ok := tomlString(value); ok {
				out[full[2]] = s
			}
			continue
		}
		if len(full) == 3 && full[0] == "hooks" && full[1] == "state" && strings.HasPrefix(value, "{") {
			if s, ok := inlineTrustedHash(value[1:]); ok {
				out[full[2]] = s
			}
		}
	}
	return out
}

// inlineTrustedHash reads trusted_hash from the inside of an inline
// table: `trusted_hash = "…", enabled = true }`.
func inlineTrustedHash(s string) (string, bool) {
	for {
		s = strings.TrimLeft(s, " \t,")
		keys, rest, ok := tomlKeys(s)
		rest = strings.TrimSpace(rest)
		if !ok || !strings.HasPrefix(rest, "=") {
			return "", false
		}
		rest = strings.TrimSpace(rest[1:])
		if len(keys) == 1 && keys[0] == "trusted_hash" {
			v, _, ok := tomlString(rest)
			return v, ok
		}
		// Skip a simple value (a string, or a bare word such as true).
		if _, after, ok := tomlString(rest); ok {
			s = after
			continue
		}
		i := strings.IndexAny(rest, ",}")
		if i < 0 || rest[i] == '}' {
			return "", false
		}
		s = rest[i:]
	}
}

// tomlKeys reads a dotted key (bare, "basic" or 'literal' parts) from
// the start of s and returns its parts and what follows.
func tomlKeys(s string) (keys []string, rest string, ok bool) {
	for {
		s = strings.TrimLeft(s, " \t")
		var k string
		switch {
		case s == "":
			return nil, "", false
		case s[0] == '"' || s[0] == '\'':
			if k, s, ok = tomlString(s); !ok {
				return nil, "", false
			}
		default:
			i := strings.IndexFunc(s, func(r rune) bool {
				return !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
			})
			if i == 0 {
				return nil, "", false
			}
			if i < 0 {
				i = len(s)
			}
			k, s = s[:i], s[i:]
		}
		keys = append(keys, k)
		t := strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(t, ".") {
			return keys, s, true
		}
		s = t[1:]
	}
}

// tomlString reads a one-line basic ("…", with escapes) or literal ('…')
// string from the start of s.
func tomlString(s string) (value, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	if s[0] == '\'' {
		end := strings.IndexByte(s[1:], '\'')
		if end < 0 || strings.HasPrefix(s, "'''") {
			return "", "", false
		}
		return s[1 : 1+end], s[2+end:], true
	}
	if s[0] != '"' || strings.HasPrefix(s, `"""`) {
		return "", "", false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			// TOML's escapes are Go's, but for \e and \xHH, which hook
			// keys (paths) do not need.
			v, err := strconv.Unquote(s[:i+1])
			if err != nil {
				return "", "", false
			}
			return v, s[i+1:], true
		}
	}
	return "", "", false
}

// Timeouts returns the timeout of each of arbiter's hook entries that
// names one, in the runtime's unit (seconds for Claude Code and Codex,
// milliseconds for Gemini CLI).
func (t Target) Timeouts() ([]float64, error) {
	if t.module != nil {
		// A module's timeout is in its own code (moduleTimeout).
		return nil, nil
	}
	data, err := read(t.Path)
	if err != nil || data == nil {
		return nil, err
	}
	root, err := t.parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	var out []float64
	for _, m := range hooksMembers(root.get("hooks")) {
		for _, el := range m.val.elems {
			for _, h := range arbiterItems(el) {
				entry := el
				if h >= 0 {
					entry = el.get("hooks").elems[h]
				}
				for _, key := range []string{"timeout", "timeoutSec"} {
					if v := entry.get(key); v != nil {
						if n, ok := v.value.(json.Number); ok {
							if f, err := n.Float64(); err == nil {
								out = append(out, f)
							}
						}
					}
				}
			}
		}
	}
	return out, nil
}
