package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorHermesConsent: Hermes skips a hook the person has not
// consented to, so doctor reports it until Hermes's allowlist records
// the consent; install never writes it.
func TestDoctorHermesConsent(t *testing.T) {
	home, env := doctorEnv(t)
	if out, _, code := runBinary(t, nil, env, "install", "hermes", "--binary", binary); code != 0 || !strings.Contains(out, "consent") {
		t.Fatalf("install hermes: %d, %s; want the consent explained", code, out)
	}
	allowlist := filepath.Join(home, ".hermes", "shell-hooks-allowlist.json")
	if _, err := os.Stat(allowlist); err == nil {
		t.Fatal("install consented for the person")
	}
	out, _, code := runBinary(t, nil, env, "doctor")
	if code != 1 || !strings.Contains(out, "✗ hermes") || !strings.Contains(out, "not consented") {
		t.Errorf("no consent: exit %d:\n%s", code, out)
	}
	os.WriteFile(allowlist, []byte(`{"approvals": [{"event": "pre_tool_call", "command": "`+binary+` hook hermes"}]}`), 0o600)
	if out, _, code := runBinary(t, nil, env, "doctor"); code != 0 || !strings.Contains(out, "✓ hermes: you consented") {
		t.Errorf("consented: exit %d:\n%s", code, out)
	}
}

// TestDoctorOpenClawEnabled: OpenClaw runs the plugin only once
// openclaw.json enables it, so doctor reports it until then.
func TestDoctorOpenClawEnabled(t *testing.T) {
	home, env := doctorEnv(t)
	if out, _, code := runBinary(t, nil, env, "install", "openclaw", "--binary", binary); code != 0 || !strings.Contains(out, "openclaw plugins enable arbiter") {
		t.Fatalf("install openclaw: %d, %s; want the enabling explained", code, out)
	}
	out, _, code := runBinary(t, nil, env, "doctor")
	if code != 1 || !strings.Contains(out, "✗ openclaw") || !strings.Contains(out, "does not run arbiter's plugin") {
		t.Errorf("not enabled: exit %d:\n%s", code, out)
	}
	config := filepath.Join(home, ".openclaw", "openclaw.json")
	os.WriteFile(config, []byte(`{"plugins": {"entries": {"arbiter": {"enabled": true}}}}`), 0o600)
	if out, _, code := runBinary(t, nil, env, "doctor"); code != 0 || !strings.Contains(out, "✓ openclaw: "+config+" enables") {
		t.Errorf("enabled: exit %d:\n%s", code, out)
	}
}
