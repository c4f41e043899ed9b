package otelcol

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// builderVersion is the Collector builder's release; manifest.yaml pins
// the components at the same one.
const builderVersion = "v0.165.0"

// root is arbiter's module, two folders up.
var root = filepath.Join("..", "..")

// fetchProblems are what the go command says when modules cannot be
// fetched: no network, a proxy that refuses or lacks a version.
var fetchProblems = []string{"reading https://", "dial tcp", "no such host", "403 Forbidden", "404 Not Found", "410 Gone",
	"verifying go.mod", "proxyconnect", "i/o timeout", "TLS handshake", "connection refused", "GOPROXY=off", "GOFLAGS=-mod=mod"}

// collector returns the Collector built from manifest.yaml, building it
// once per manifest, builder and Go version into the user's cache (a
// first build takes minutes; later runs reuse it). Without the modules
// the test skips, except in CI, where it fails.
func collector(t *testing.T) string {
	t.Helper()
	manifest, err := os.ReadFile("manifest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(append(append(manifest, builderVersion...), runtime.Version()...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "arbiter-otelcol", hex.EncodeToString(sum[:8]))
	bin := filepath.Join(dir, "otelcol-arbiter", "otelcol-arbiter")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.yaml"), manifest, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cmd := exec.Command("go", "run", "go.opentelemetry.io/collector/cmd/builder@"+builderVersion, "--config", "manifest.yaml")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		for _, p := range fetchProblems {
			if bytes.Contains(out, []byte(p)) {
				unavailable(t, "the OpenTelemetry Collector's modules cannot be fetched ("+p+"), so the Collector was not built:\n"+tail(out))
			}
		}
		t.Fatalf("building the Collector (builder %s) failed: %v\n%s", builderVersion, err, tail(out))
	}
	t.Logf("built the OpenTelemetry Collector (builder %s) in %s; cached at %s", builderVersion, time.Since(start).Round(time.Second), bin)
	return bin
}

// unavailable skips, or fails when CI is set: there the test is required.
func unavailable(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatal("CI is set, so the Collector test is required: " + why)
	}
	t.Skip(why)
}

func tail(b []byte) string {
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

// buildArbiter builds arbiter from this checkout.
func buildArbiter(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "arbiter")
	abs, _ := filepath.Abs(bin)
	cmd := exec.Command("go", "build", "-o", abs, "./cmd/arbiter")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building arbiter: %v\n%s", err, out)
	}
	return abs
}

// secretsInCalls are calls whose commands hold a secret of a format the
// inline table knows; none may reach the Collector. Built in parts, so
// that no scanner takes this file for a leak.
var secretsInCalls = []string{
	"curl -H 'Authorization: token " + "ghp_" + strings.Repeat("aB3", 12) + "' https://api.github.com/user",
	"AWS_ACCESS_KEY_ID=" + "AKIA" + "Q3EGRJ7ZKD2XW5MN" + " aws s3 ls",
	"git clone https://bob:" + "hunter2hunter2" + "@github.com/x/y",
	"curl -X POST https://hooks.slack.com/services/T0" + "ABCDEFGH/B0" + "ABCDEFGH/" + strings.Repeat("xY7", 8) + " -d hi",
}

// call is one hook call of the test and what it must export.
type call struct {
	project, command, decision string
}

// TestCollector: the hook writes a decision log, the real Collector
// tails it with docs/otel/collector.yaml and exports it over OTLP/HTTP
// to a server of the test's own; every record arrives with its time,
// severity, body, resource and arbiter.* attributes, and no secret.
func TestCollector(t *testing.T) {
	otelcol := collector(t)
	arbiter := buildArbiter(t)
	home := t.TempDir()
	var calls []call
	for _, p := range []string{"alpha", "beta"} {
		dir := filepath.Join(home, "src", p)
		if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		calls = append(calls, call{dir, "git status", "allow"}, call{dir, "rm -rf ~", "deny"}, call{dir, "npm ci", "ask"})
	}
	for _, s := range secretsInCalls {
		calls = append(calls, call{calls[0].project, s, ""})
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "USER=alice", "XDG_CACHE_HOME=" + filepath.Join(home, "cache")}
	for i, c := range calls {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": "s1",
			"tool_input": map[string]string{"command": c.command}, "cwd": c.project, "tool_use_id": "t" + strconv.Itoa(i)})
		cmd := exec.Command(arbiter, "hook", "claude")
		cmd.Env, cmd.Stdin = env, bytes.NewReader(payload)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hook on %q: %v\n%s", c.command, err, out)
		}
	}
	logFile := filepath.Join(home, ".local", "state", "arbiter", "decisions.jsonl")
	written, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal("the hook wrote no log:", err)
	}
	if n := bytes.Count(written, []byte("\n")); n != len(calls) {
		t.Fatalf("%d lines in the log for %d calls", n, len(calls))
	}

	srv := newReceiver(t)
	override := filepath.Join(t.TempDir(), "test.yaml")
	// The test reads the log from its start and takes OTLP/JSON,
	// uncompressed, to read what arrives; the rest is the shipped file.
	os.WriteFile(override, []byte("receivers:\n  filelog/arbiter:\n    start_at: beginning\nexporters:\n  otlphttp:\n    encoding: json\n    compression: none\n"), 0o600)
	shipped, _ := filepath.Abs(filepath.Join(root, "docs", "otel", "collector.yaml"))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	col := exec.CommandContext(ctx, otelcol, "--config", shipped, "--config", override)
	col.Env = append(env, "OTEL_EXPORTER_OTLP_ENDPOINT="+srv.url, "HOSTNAME=test-host")
	var colOut bytes.Buffer
	col.Stdout, col.Stderr = &colOut, &colOut
	if err := col.Start(); err != nil {
		t.Fatal(err)
	}
	records := srv.wait(len(calls), time.Minute)
	col.Process.Signal(os.Interrupt)
	col.Wait()
	if len(records) != len(calls) {
		t.Fatalf("%d records arrived for %d decisions; the Collector said:\n%s", len(records), len(calls), tail(colOut.Bytes()))
	}
	t.Logf("%d records arrived; the first: %+v; the last: %+v", len(records), records[0], records[len(records)-1])
	for _, s := range secretsInCalls {
		for _, part := range []string{"ghp_", "AKIAQ3EG", "hunter2hunter2", strings.Repeat("xY7", 8)} {
			if strings.Contains(s, part) && bytes.Contains(srv.body(), []byte(part)) {
				t.Errorf("a secret reached the Collector's export: %q", part)
			}
		}
	}
	// What the Collector exports is what its file exporter writes, one
	// request per line: arbiter report reads it back, per user and project.
	exported := filepath.Join(t.TempDir(), "team.jsonl")
	os.WriteFile(exported, srv.body(), 0o600)
	page := filepath.Join(t.TempDir(), "report.html")
	rep := exec.Command(arbiter, "report", "--log", exported, "--log", logFile, "-o", page)
	rep.Env = env
	if out, err := rep.CombinedOutput(); err != nil || !bytes.Contains(out, []byte("("+strconv.Itoa(2*len(calls))+" calls)")) {
		t.Errorf("arbiter report on the export and the log: %v\n%s", err, out)
	}
	html, _ := os.ReadFile(page)
	for _, s := range []string{"By user and project", "alice@", calls[0].project, calls[3].project} {
		if !bytes.Contains(html, []byte(s)) {
			t.Errorf("the report does not show %q", s)
		}
	}
	for i, r := range records {
		c := calls[i]
		checks := map[string]string{
			"resource service.name": r.resource["service.name"], "resource user.name": r.resource["user.name"],
			"arbiter.runtime": r.attrs["arbiter.runtime"], "arbiter.tool": r.attrs["arbiter.tool"],
			"arbiter.project": r.attrs["arbiter.project"], "arbiter.session": r.attrs["arbiter.session"],
			"arbiter.decider": r.attrs["arbiter.decider"],
		}
		want := map[string]string{"resource service.name": "arbiter", "resource user.name": "alice", "arbiter.runtime": "claude",
			"arbiter.tool": "Bash", "arbiter.project": c.project, "arbiter.session": "s1", "arbiter.decider": "static"}
		for k, v := range want {
			if checks[k] != v {
				t.Errorf("record %d (%q): %s = %q, want %q", i, c.command, k, checks[k], v)
			}
		}
		if c.decision != "" && (r.attrs["arbiter.decision"] != c.decision || !strings.Contains(r.attrs["arbiter.subject"], c.command)) {
			t.Errorf("record %d: decision %q subject %q, want %s of %q", i, r.attrs["arbiter.decision"], r.attrs["arbiter.subject"], c.decision, c.command)
		}
		if r.resource["host.name"] == "" || r.time == "" || r.time == "0" || r.severity == "" || !strings.HasPrefix(r.body, r.attrs["arbiter.decision"]+" Bash") || r.rules == 0 || r.attrs["arbiter.latency_us"] == "" || r.attrs["arbiter.reason"] == "" {
			t.Errorf("record %d lacks a field of the data model: %+v", i, r)
		}
	}
}

// record is one log record as the Collector exported it.
type record struct {
	time, severity, body string
	resource, attrs      map[string]string
	rules                int // values of arbiter.rules, an array
}

// receiver is an OTLP/HTTP logs endpoint that keeps what it is sent.
type receiver struct {
	url  string
	mu   sync.Mutex
	recs []record
	raw  bytes.Buffer
	got  chan struct{}
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &receiver{url: "http://" + l.Addr().String(), got: make(chan struct{}, 100)}
	s := &http.Server{Handler: r}
	go s.Serve(l)
	t.Cleanup(func() { s.Close() })
	return r
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	var body io.Reader = req.Body
	if req.Header.Get("Content-Encoding") == "gzip" {
		z, err := gzip.NewReader(req.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body = z
	}
	b, err := io.ReadAll(body)
	if err != nil || req.URL.Path != "/v1/logs" {
		http.Error(w, "want a POST of logs to /v1/logs", http.StatusBadRequest)
		return
	}
	recs, err := parseOTLP(b)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	r.recs = append(r.recs, recs...)
	r.raw.Write(append(bytes.TrimSpace(b), '\n'))
	r.mu.Unlock()
	r.got <- struct{}{}
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte("{}"))
}

// wait returns the records once n have arrived, or what came by timeout.
func (r *receiver) wait(n int, timeout time.Duration) []record {
	deadline := time.After(timeout)
	for {
		r.mu.Lock()
		have := len(r.recs)
		r.mu.Unlock()
		if have >= n {
			break
		}
		select {
		case <-r.got:
		case <-deadline:
			return r.records()
		}
	}
	return r.records()
}

func (r *receiver) records() []record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]record(nil), r.recs...)
}

func (r *receiver) body() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]byte(nil), r.raw.Bytes()...)
}

// OTLP/JSON, as far as the test reads it.
type otlpValue struct {
	StringValue *string  `json:"stringValue"`
	IntValue    *string  `json:"intValue"`
	DoubleValue *float64 `json:"doubleValue"`
	ArrayValue  *struct {
		Values []otlpValue `json:"values"`
	} `json:"arrayValue"`
}

type otlpKV struct {
	Key   string    `json:"key"`
	Value otlpValue `json:"value"`
}

func (v otlpValue) text() string {
	switch {
	case v.StringValue != nil:
		return *v.StringValue
	case v.IntValue != nil:
		return *v.IntValue
	case v.DoubleValue != nil:
		return strconv.FormatFloat(*v.DoubleValue, 'f', -1, 64)
	}
	return ""
}

func parseOTLP(b []byte) ([]record, error) {
	var req struct {
		ResourceLogs []struct {
			Resource struct {
				Attributes []otlpKV `json:"attributes"`
			} `json:"resource"`
			ScopeLogs []struct {
				LogRecords []struct {
					TimeUnixNano string    `json:"timeUnixNano"`
					SeverityText string    `json:"severityText"`
					Body         otlpValue `json:"body"`
					Attributes   []otlpKV  `json:"attributes"`
				} `json:"logRecords"`
			} `json:"scopeLogs"`
		} `json:"resourceLogs"`
	}
	if err := json.Unmarshal(b, &req); err != nil {
		return nil, err
	}
	var out []record
	for _, rl := range req.ResourceLogs {
		res := map[string]string{}
		for _, kv := range rl.Resource.Attributes {
			res[kv.Key] = kv.Value.text()
		}
		for _, sl := range rl.ScopeLogs {
			for _, lr := range sl.LogRecords {
				r := record{time: lr.TimeUnixNano, severity: lr.SeverityText, body: lr.Body.text(), resource: res, attrs: map[string]string{}}
				for _, kv := range lr.Attributes {
					r.attrs[kv.Key] = kv.Value.text()
					if kv.Key == "arbiter.rules" && kv.Value.ArrayValue != nil {
						r.rules = len(kv.Value.ArrayValue.Values)
					}
				}
				out = append(out, r)
			}
		}
	}
	return out, nil
}
