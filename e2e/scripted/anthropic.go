package scripted

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

func anthropicTools(doc map[string]any) []string {
	var names []string
	for _, t := range list(doc["tools"]) {
		if n := text(obj(t)["name"]); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// anthropicResults reads the tool_result blocks of the request's user
// messages.
func anthropicResults(doc map[string]any) []Result {
	var out []Result
	for _, m := range list(doc["messages"]) {
		for _, b := range list(obj(m)["content"]) {
			blk := obj(b)
			if text(blk["type"]) != "tool_result" {
				continue
			}
			isErr, _ := blk["is_error"].(bool)
			out = append(out, Result{CallID: text(blk["tool_use_id"]), Output: flatten(blk["content"]), IsError: isErr})
		}
	}
	return out
}

// anthropicShell is the client's shell tool: Claude Code's Bash, or
// pi's bash or OpenClaw's exec where that is what the client offers.
func anthropicShell(tools []string) string {
	if slices.Contains(tools, "Bash") {
		return "Bash"
	}
	for _, name := range []string{"bash", "exec"} {
		if slices.Contains(tools, name) {
			return name
		}
	}
	return "Bash"
}

// anthropic streams a Messages API answer: a shell tool_use block for
// call (the script's n-th), or a text block when call is nil.
func (s *Server) anthropic(w io.Writer, tools []string, call *Call, n int) error {
	usage := map[string]any{"input_tokens": 100, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	start := map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_scripted", "type": "message", "role": "assistant", "model": "claude-scripted",
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": usage,
	}}
	if err := event(w, "message_start", start); err != nil {
		return err
	}
	var block, delta map[string]any
	stop := "end_turn"
	if call != nil {
		input, err := json.Marshal(map[string]any{"command": call.Command, "description": description})
		if err != nil {
			return err
		}
		block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_scripted_%d", n), "name": anthropicShell(tools), "input": map[string]any{}}
		delta = map[string]any{"type": "input_json_delta", "partial_json": string(input)}
		stop = "tool_use"
	} else {
		block = map[string]any{"type": "text", "text": ""}
		delta = map[string]any{"type": "text_delta", "text": closing}
	}
	events := []struct {
		name string
		data any
	}{
		{"content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": block}},
		{"content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": delta}},
		{"content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}},
		{"message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
			"usage": map[string]any{"output_tokens": 20}}},
		{"message_stop", map[string]any{"type": "message_stop"}},
	}
	for _, e := range events {
		if err := event(w, e.name, e.data); err != nil {
			return err
		}
	}
	return nil
}
