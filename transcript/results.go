package transcript

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Results reads, from a Claude Code transcript, which of the given tool
// calls have a result and whether it succeeded: ids maps to true for a
// call that ran, false for one whose result is an error (refused by a
// person or a hook, or failed). An id with no result yet is absent. The
// file is read backwards from its end, as Requests reads it, and reading
// stops once every id is found or maxScan bytes were read.
func Results(path string, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	f, size, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	err = eachLineBackwards(f, size, func(head []byte, length int, full func() ([]byte, error)) bool {
		if !bytes.Contains(head, []byte(`"tool_result"`)) {
			return true
		}
		l, err := full()
		if err != nil {
			return false
		}
		resultsOf(l, ids, out)
		return len(out) < len(ids)
	})
	if err != nil {
		return nil, fmt.Errorf("reading transcript %s: %w", path, err)
	}
	return out, nil
}

// ResultsFromText is Results over a transcript already in memory.
func ResultsFromText(data []byte, ids []string) map[string]bool {
	out := map[string]bool{}
	for l := range bytes.SplitSeq(data, []byte("\n")) {
		resultsOf(l, ids, out)
	}
	return out
}

// resultsOf records the results of ids one line holds. Only the person's
// side of the conversation counts (a user line that is not a subagent's):
// a copy of the request sent to the model, or a subagent's own calls,
// are not this session's results. The newest result of an id wins, as
// lines are read last first.
func resultsOf(raw []byte, ids []string, out map[string]bool) {
	named := false
	for _, id := range ids {
		if _, seen := out[id]; !seen && id != "" && bytes.Contains(raw, []byte(id)) {
			named = true
			break
		}
	}
	if !named {
		return
	}
	var l struct {
		Type        string `json:"type"`
		IsSidechain bool   `json:"isSidechain"`
		Message     struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(raw, &l) != nil || l.Type != "user" || l.IsSidechain || l.Message.Role != "user" {
		return
	}
	var parts []struct {
		Type      string `json:"type"`
		ToolUseID string `json:"tool_use_id"`
		IsError   bool   `json:"is_error"`
	}
	if json.Unmarshal(l.Message.Content, &parts) != nil {
		return
	}
	for _, p := range parts {
		if p.Type != "tool_result" || p.ToolUseID == "" {
			continue
		}
		for _, id := range ids {
			if _, seen := out[id]; id == p.ToolUseID && !seen {
				out[id] = !p.IsError
			}
		}
	}
}
