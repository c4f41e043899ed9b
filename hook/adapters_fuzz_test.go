package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/policy"
)

// fuzzAdapter feeds arbitrary payloads to one runtime's adapter: no panic
// escapes, the status is 0 (or, for a runtime that blocks on the status,
// BlockStatus with a deny), the answer is JSON or nothing, a payload that
// is not JSON is never allowed, and with FailClosed it is denied (in the
// runtime's own blocking answer, Denies).
func fuzzAdapter(f *testing.F, runtime string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	p := policy.New(policy.Options{})
	f.Fuzz(func(t *testing.T, payload string, failClosed bool) {
		var out, errb bytes.Buffer
		code := Run(context.Background(), runtime, strings.NewReader(payload), &out, &errb, p, Options{Home: "/home/u", FailClosed: failClosed})
		blocked := code == BlockStatus && BlocksByExit(runtime)
		if code != 0 && !blocked {
			t.Fatalf("exit %d for %q", code, payload)
		}
		if blocked && !Denies(runtime, out.Bytes()) {
			t.Fatalf("exit %d without a deny: %q", code, out.String())
		}
		if out.Len() > 0 && !json.Valid(out.Bytes()) {
			t.Fatalf("answer is not JSON: %q", out.String())
		}
		if json.Valid([]byte(payload)) {
			return
		}
		if strings.Contains(out.String(), `"allow"`) {
			t.Fatalf("a payload that is not JSON was allowed: %q", out.String())
		}
		if failClosed && !Denies(runtime, out.Bytes()) {
			t.Fatalf("a payload that is not JSON was not denied fail-closed: %q", out.String())
		}
	})
}

func FuzzQwen(f *testing.F) {
	fuzzAdapter(f, "qwen",
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls","directory":"src"}}`,
		`{"hook_event_name":"PermissionRequest","cwd":"/p","tool_name":"edit","tool_input":{"file_path":"a","old_string":"x","new_string":"y"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"exec","tool_input":{"source":"1"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"read_file","tool_input":{"file_path":"/etc/passwd"}}`)
}

func FuzzDroid(f *testing.F) {
	fuzzAdapter(f, "droid",
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Execute","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"MultiEdit","tool_input":{"file_path":"a","changes":[{"old_str":"x","new_str":"y"}]}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"ApplyPatch","tool_input":{"input":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"}}`,
		`{"hook_event_name":"Stop","session_id":"s"}`)
}

func FuzzOpenCode(f *testing.F) {
	fuzzAdapter(f, "opencode",
		`{"hook_event_name":"tool.execute.before","tool":"bash","cwd":"/p","worktree":"/p","args":{"command":"ls","workdir":"src"}}`,
		`{"hook_event_name":"tool.execute.before","tool":"edit","cwd":"/p","args":{"filePath":"/p/a","oldString":"x","newString":"y"}}`,
		`{"hook_event_name":"tool.execute.before","tool":"apply_patch","args":{"patchText":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"}}`,
		`{"hook_event_name":"tool.execute.before","tool":"mcp__x__y","args":null}`)
}

func FuzzPi(f *testing.F) {
	fuzzAdapter(f, "pi",
		`{"hook_event_name":"tool_call","tool":"bash","cwd":"/p","args":{"command":"ls"}}`,
		`{"hook_event_name":"tool_call","tool":"edit","cwd":"/p","args":{"path":"a","edits":[{"oldText":"x","newText":"y"}]}}`,
		`{"hook_event_name":"tool_call","tool":"read","args":{"path":"~/.ssh/id_rsa"}}`,
		`{"hook_event_name":"tool_call","tool":"custom","args":{}}`)
}

func FuzzKiro(f *testing.F) {
	fuzzAdapter(f, "kiro",
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"execute_bash","tool_input":{"command":"ls","working_dir":"src"}}`,
		`{"hook_event_name":"preToolUse","cwd":"/p","tool_name":"fs_read","tool_input":{"operations":[{"mode":"Line","path":"a"},{"mode":"Image","image_paths":["~/.ssh/id_rsa"]}]}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"fs_write","tool_input":{"command":"str_replace","path":"/p/a","old_str":"x","new_str":"y"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"use_aws","tool_input":{}}`)
}

func FuzzCline(f *testing.F) {
	fuzzAdapter(f, "cline",
		`{"hookName":"PreToolUse","taskId":"t","workspaceRoots":["/p"],"preToolUse":{"toolName":"execute_command","parameters":{"command":"ls","requires_approval":"false"}}}`,
		`{"hookName":"tool_call","workspaceRoots":["/p"],"tool_call":{"id":"1","name":"run_commands","input":{"commands":["ls",{"command":"rm","args":["-rf","/"]}]}}}`,
		`{"hookName":"PreToolUse","preToolUse":{"toolName":"use_mcp_tool","parameters":{"server_name":"db","tool_name":"query","arguments":"{\"sql\":\"DROP TABLE x\"}"}}}`,
		`{"hookName":"tool_result","tool_call":{"name":"read_files","input":{"files":[{"path":"a"}]}}}`)
}

func FuzzKilo(f *testing.F) {
	fuzzAdapter(f, "kilo",
		`{"hook_event_name":"tool.execute.before","tool":"bash","cwd":"/p","worktree":"/p","args":{"command":"ls","workdir":"src"}}`,
		`{"hook_event_name":"tool.execute.before","tool":"codebase_search","cwd":"/p","args":{"query":"login"}}`,
		`{"hook_event_name":"tool.execute.before","tool":"apply_patch","args":{"patchText":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"}}`,
		`{"hook_event_name":"tool.execute.before","tool":"mcp__x__y","args":null}`)
}

func FuzzAmp(f *testing.F) {
	fuzzAdapter(f, "amp",
		`{"hook_event_name":"tool.call","tool":"Bash","session_id":"T-1","call_id":"toolu_1","cwd":"/p","args":{"cmd":"ls","cwd":"src"}}`,
		`{"hook_event_name":"tool.call","tool":"edit_file","cwd":"/p","args":{"path":"/p/a","old_str":"x","new_str":"y"}}`,
		`{"hook_event_name":"tool.call","tool":"apply_patch","args":{"patch":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"}}`,
		`{"hook_event_name":"tool.call","tool":"mcp__x__y","args":null}`)
}

func FuzzAntigravity(f *testing.F) {
	fuzzAdapter(f, "antigravity",
		`{"toolCall":{"name":"run_command","args":{"CommandLine":"ls","Cwd":"src"}},"stepIdx":1,"conversationId":"c","workspacePaths":["/p"]}`,
		`{"toolCall":{"name":"multi_replace_file_content","args":{"TargetFile":"a","ReplacementChunks":[{"TargetContent":"x","ReplacementContent":"y"}]}},"workspacePaths":["/p"]}`,
		`{"toolCall":{"name":"view_file","args":"{\"AbsolutePath\":\"~/.ssh/id_rsa\"}"}}`,
		`{"conversationId":"c","stepIdx":2,"error":""}`)
}

func FuzzDevin(f *testing.F) {
	fuzzAdapter(f, "devin",
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"exec","tool_input":{"command":"ls","shell_id":"main"}}`,
		`{"tool_name":"edit","tool_input":{"file_path":"/p/a","old_string":"x","new_string":"y"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"read","tool_input":{"path":"~/.ssh/id_rsa"}}`,
		`{"hook_event_name":"SessionEnd","session_id":"s"}`)
}

func FuzzOpenClaw(f *testing.F) {
	fuzzAdapter(f, "openclaw",
		`{"hook_event_name":"before_tool_call","tool":"exec","cwd":"/p","args":{"command":"ls","workdir":"src","env":{"LD_PRELOAD":"/tmp/x.so"}}}`,
		`{"hook_event_name":"before_tool_call","tool":"exec","tool_kind":"code_mode_exec","cwd":"/p","args":{"code":"console.log(1)"}}`,
		`{"hook_event_name":"before_tool_call","tool":"exec","exec_host":"node","args":{"command":"ls","host":"auto"}}`,
		`{"hook_event_name":"before_tool_call","tool":"apply_patch","args":{"input":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"}}`,
		`{"hook_event_name":"before_tool_call","tool":"github__create_issue","args":null}`)
}

func FuzzHermes(f *testing.F) {
	fuzzAdapter(f, "hermes",
		`{"hook_event_name":"pre_tool_call","tool_name":"terminal","tool_input":{"command":"ls","workdir":"src"},"session_id":"s","cwd":"/p","extra":{}}`,
		`{"hook_event_name":"pre_tool_call","tool_name":"patch","tool_input":{"mode":"patch","patch":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"},"cwd":"/p"}`,
		`{"hook_event_name":"pre_tool_call","tool_name":"execute_code","tool_input":{"code":"print(open('/etc/shadow').read())"},"cwd":"/p"}`,
		`{"hook_event_name":"pre_tool_call","tool_name":"read_file","tool_input":null,"cwd":"/p"}`,
		`{"hook_event_name":"post_tool_call","tool_name":"write_file","tool_input":{"path":"a","content":"x"}}`)
}
