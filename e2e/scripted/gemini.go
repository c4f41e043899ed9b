package scripted

import (
	"encoding/json"
	"io"
)

func geminiTools(doc map[string]any) []string {
	var names []string
	for _, t := range list(doc["tools"]) {
		for _, f := range list(obj(t)["functionDeclarations"]) {
			if n := text(obj(f)["name"]); n != "" {
				names = append(names, n)
			}
		}
	}
	return names
}

// geminiResults reads the functionResponse parts of the request's
// contents.
func geminiResults(doc map[string]any) []Result {
	var out []Result
	for _, c := range list(doc["contents"]) {
		for _, p := range list(obj(c)["parts"]) {
			fr := obj(obj(p)["functionResponse"])
			if fr == nil {
				continue
			}
			id := text(fr["id"])
			if id == "" {
				id = text(fr["name"])
			}
			b, _ := json.Marshal(fr["response"])
			out = append(out, Result{CallID: id, Output: string(b)})
		}
	}
	return out
}

// gemini streams a streamGenerateContent answer as one chunk: a
// run_shell_command functionCall for call, or a text part when call is
// nil. Gemini CLI names its calls itself.
func (s *Server) gemini(w io.Writer, _ []string, call *Call, _ int) error {
	part := map[string]any{"text": closing}
	if call != nil {
		part = map[string]any{"functionCall": map[string]any{"name": "run_shell_command",
			"args": map[string]any{"command": call.Command, "description": description}}}
	}
	chunk := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP", "index": 0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120},
		"modelVersion":  "gemini-scripted",
	}
	return event(w, "", chunk)
}
