package setup

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// hermesYAML is Hermes Agent's config.yaml: arbiter's entry is an item of
// hooks.pre_tool_call with no matcher (every tool). fail_closed makes
// Hermes block the call when the hook cannot run, times out or prints
// something other than a JSON object; without it, Hermes runs the call.
var hermesYAML = &yamlHooks{item: hermesItem}

// hermesTimeout is the entry's timeout in seconds (Hermes allows 1 to
// 300): the judge's timeout and start-up, with room to spare.
const hermesTimeout = 30

func hermesItem(command string) []string {
	// A JSON string is a YAML double-quoted scalar: the command reads back
	// exactly, whatever quotes or colons it holds.
	q, err := json.Marshal(command)
	if err != nil {
		panic(err) // a string always encodes
	}
	return []string{"- command: " + string(q), "  timeout: " + strconv.Itoa(hermesTimeout), "  fail_closed: true"}
}

// HermesConsented reports whether Hermes's shell-hook allowlist (its
// shell-hooks-allowlist.json) records the person's consent to command on
// event: Hermes skips a hook it has no consent for, unless it runs with
// --accept-hooks, HERMES_ACCEPT_HOOKS or hooks_auto_accept.
func HermesConsented(allowlist []byte, event, command string) bool {
	var f struct {
		Approvals []struct {
			Event   string `json:"event"`
			Command string `json:"command"`
		} `json:"approvals"`
	}
	// Hermes reads the file with a byte-order mark too.
	if json.Unmarshal(bytes.TrimPrefix(allowlist, []byte("\xef\xbb\xbf")), &f) != nil {
		return false
	}
	for _, a := range f.Approvals {
		if a.Event == event && a.Command == command {
			return true
		}
	}
	return false
}

// HermesAutoAccept reports whether config.yaml's hooks_auto_accept
// consents to every hook (true, or a string Hermes reads as true).
func HermesAutoAccept(config []byte) bool {
	doc, err := yamlDoc(config)
	if err != nil {
		return false
	}
	switch v := doc["hooks_auto_accept"].(type) {
	case string:
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "1", "true", "yes", "on":
			return true
		}
	}
	return false
}
