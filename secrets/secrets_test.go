package secrets

import "testing"

func TestInline(t *testing.T) {
	for s, want := range map[string]bool{
		"token ghp_abcdefghijklmnopqrstuvwxyz0123456789":   true,
		"AKIAABCDEFGHIJKLMNOP":                             true,
		"-----BEGIN OPENSSH PRIVATE KEY-----":              true,
		"https://user:hunter22@example.com/x":              true,
		"password=correcthorsebattery":                     true,
		"password=your_password_here_example":              false,
		"go test ./... && git push origin main":            false,
		"curl -H 'Authorization: Bearer $TOKEN' https://x": false,
	} {
		if got := Inline(s) != ""; got != want {
			t.Errorf("Inline(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestFile(t *testing.T) {
	for p, want := range map[string]bool{
		"/p/.env": true, "/p/.env.production": true, "/p/.env.example": false,
		"/home/u/.ssh/id_ed25519": true, "/home/u/.ssh/id_ed25519.pub": false, "/home/u/.ssh/config": false,
		"/home/u/.aws/credentials": true, "/etc/shadow": true, "/p/src/shadow": false,
		"/p/main.go": false, "/p/deploy_key": true, "/home/u/.cargo/credentials.toml": true,
	} {
		if got := File(p) != ""; got != want {
			t.Errorf("File(%q) = %v, want %v", p, got, want)
		}
	}
	if !EnvName("OPENAI_API_KEY") || EnvName("PATH") || EnvName("PWD") {
		t.Error("EnvName misjudges common names")
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345' https://x", "curl -H '[authorization header redacted]' https://x"},
		{"export AWS_KEY=AKIAIOSFODNN7EXAMPLE; ls", "export AWS_KEY=[AWS access key redacted]; ls"},
		{"git clone https://bob:hunter2hunter2@github.com/x/y", "git clone [password in a URL redacted]github.com/x/y"},
		{"password=changeme_placeholder", "password=changeme_placeholder"},
		{"go test ./...", "go test ./..."},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if Inline(Redact(tt.in)) != "" {
			t.Errorf("Redact(%q) still holds a secret", tt.in)
		}
	}
}
