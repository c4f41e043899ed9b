#!/usr/bin/env bash
# Times `arbiter hook claude` as a whole process on a typical call against a
# trivial Go program that only decodes the same JSON and answers.
# Usage: bench/hook.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/arbiter" ./cmd/arbiter
go build -o "$out/floor" ./bench/floor
go build -o "$out/hooktime" ./bench/hooktime
cat > "$out/payload.json" <<'JSON'
{"session_id":"3f1c2b7e-5d1a-4b0e-9f3c-8a2d6e4b1c90","transcript_path":"","cwd":"/home/dev/proj","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./... 2>&1 | tail -20","description":"Run the tests"},"tool_use_id":"toolu_01ABCDEF"}
JSON
"$out/hooktime" -n "${1:-300}" -payload "$out/payload.json" -- "$out/floor" -- "$out/arbiter" hook claude
