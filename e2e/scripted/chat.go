package scripted

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// chatTools reads the names of a Chat Completions request's function
// tools.
func chatTools(doc map[string]any) []string {
	var names []string
	for _, t := range list(doc["tools"]) {
		if n := text(obj(obj(t)["function"])["name"]); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// chatResults reads the tool messages of the request's conversation.
func chatResults(doc map[string]any) []Result {
	var out []Result
	for _, m := range list(doc["messages"]) {
		msg := obj(m)
		if text(msg["role"]) != "tool" {
			continue
		}
		out = append(out, Result{CallID: text(msg["tool_call_id"]), Output: flatten(msg["content"])})
	}
	return out
}

// chatShell is the client's shell tool and its arguments: Cline's
// run_commands takes a list of command lines, Factory Droid's Execute
// also the risk level by which Droid's autonomy decides (medium: above
// its read-only default), the others one command.
func chatShell(call *Call, tools []string) (string, map[string]any) {
	switch {
	case slices.Contains(tools, "run_commands"):
		return "run_commands", map[string]any{"commands": []string{call.Command}}
	case slices.Contains(tools, "Execute"):
		return "Execute", map[string]any{"command": call.Command, "riskLevel": "medium", "riskLevelReason": description}
	case slices.Contains(tools, "execute_command"):
		return "execute_command", map[string]any{"command": call.Command}
	}
	return "bash", map[string]any{"command": call.Command, "description": description}
}

// chat streams a Chat Completions answer: one tool call in a single
// delta for call (the script's n-th), or a text delta when call is nil,
// then the finish reason, the usage and the end marker.
func (s *Server) chat(w io.Writer, tools []string, call *Call, n int) error {
	delta := map[string]any{"role": "assistant", "content": closing}
	finish := "stop"
	if call != nil {
		name, args := chatShell(call, tools)
		b, err := json.Marshal(args)
		if err != nil {
			return err
		}
		delta = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
			"index": 0, "id": fmt.Sprintf("call_scripted_%d", n), "type": "function",
			"function": map[string]any{"name": name, "arguments": string(b)},
		}}}
		finish = "tool_calls"
	}
	chunk := func(choices []any, usage any) map[string]any {
		c := map[string]any{"id": "chatcmpl-scripted", "object": "chat.completion.chunk", "created": 0,
			"model": "scripted", "choices": choices}
		if usage != nil {
			c["usage"] = usage
		}
		return c
	}
	usage := map[string]any{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
	for _, c := range []map[string]any{
		chunk([]any{map[string]any{"index": 0, "delta": delta, "finish_reason": nil}}, nil),
		chunk([]any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": finish}}, nil),
		chunk([]any{}, usage),
	} {
		if err := event(w, "", c); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "data: [DONE]\n\n")
	return err
}
