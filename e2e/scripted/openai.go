package scripted

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

func openAITools(doc map[string]any) []string {
	var names []string
	for _, t := range list(doc["tools"]) {
		if n := text(obj(t)["name"]); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// openAIResults reads the function_call_output items of the request's
// input.
func openAIResults(doc map[string]any) []Result {
	var out []Result
	for _, it := range list(doc["input"]) {
		item := obj(it)
		if text(item["type"]) != "function_call_output" {
			continue
		}
		out = append(out, Result{CallID: text(item["call_id"]), Output: flatten(item["output"])})
	}
	return out
}

// openAIArguments is the function call for the client's shell tool:
// exec_command (unified exec) when offered, else the older shell tool.
func openAIArguments(call *Call, tools []string) (string, map[string]any) {
	if !slices.Contains(tools, "exec_command") && slices.Contains(tools, "shell") {
		args := map[string]any{"command": []string{"bash", "-lc", call.Command}}
		if call.Escalate {
			args["with_escalated_permissions"] = true
			args["justification"] = call.Justification
		}
		return "shell", args
	}
	args := map[string]any{"cmd": call.Command}
	if call.Escalate {
		args["sandbox_permissions"] = "require_escalated"
		args["justification"] = call.Justification
	}
	return "exec_command", args
}

// openAI streams a Responses API answer: one function_call item for
// call (the script's n-th), or one assistant message when call is nil.
func (s *Server) openAI(w io.Writer, tools []string, call *Call, n int) error {
	var item map[string]any
	if call != nil {
		name, args := openAIArguments(call, tools)
		b, err := json.Marshal(args)
		if err != nil {
			return err
		}
		item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_scripted_%d", n), "call_id": fmt.Sprintf("call_scripted_%d", n),
			"name": name, "arguments": string(b), "status": "completed"}
	} else {
		item = map[string]any{"type": "message", "id": "msg_scripted_1", "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": closing, "annotations": []any{}}}}
	}
	usage := map[string]any{"input_tokens": 100, "input_tokens_details": map[string]any{"cached_tokens": 0},
		"output_tokens": 20, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 120}
	events := []struct {
		name string
		data any
	}{
		{"response.created", map[string]any{"type": "response.created",
			"response": map[string]any{"id": "resp_scripted", "object": "response", "status": "in_progress", "output": []any{}}}},
		{"response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item}},
		{"response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item}},
		{"response.completed", map[string]any{"type": "response.completed",
			"response": map[string]any{"id": "resp_scripted", "object": "response", "status": "completed",
				"output": []any{item}, "usage": usage}}},
	}
	for _, e := range events {
		if err := event(w, e.name, e.data); err != nil {
			return err
		}
	}
	return nil
}
