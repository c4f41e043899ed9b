package secrets

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// pemBody is a key's body: lines of base64, built rather than written.
func pemBody() string {
	var b strings.Builder
	for i := 0; i < 6; i++ {
		b.WriteString(fill(b64, 64) + "\n")
	}
	return b.String()
}

func pemBlock(label string) string {
	return "-----BEGIN " + label + "-----\n" + pemBody() + "-----END " + label + "-----\n"
}

// contentCases are files as they are found on disk: each shape of
// credential, and the same files with the secret taken out.
func contentCases() []struct{ name, text, kind string } {
	pw := "Xk93" + fill(b62, 8)
	return []struct{ name, text, kind string }{
		// Published formats, under any name.
		{"notes.txt", "deploy with\nGITHUB=ghp_" + fill(b62, 36) + "\n", "GitHub token"},
		{"settings.yaml", "openai:\n  model: gpt\n  api: sk-proj-" + fill(b64u, 40) + "\n", "OpenAI API key"},
		{"run.sh", "#!/bin/sh\nexport SLACK=xoxb-" + fill("0123456789", 12) + "-" + fill(b62, 24) + "\n", "Slack token"},
		// Private keys.
		{"deploy", pemBlock("OPENSSH PRIVATE KEY"), "SSH private key"},
		{"server.txt", "Bag Attributes\n" + pemBlock("RSA PRIVATE KEY"), "private key"},
		{"signing.asc.bak", pemBlock("PGP PRIVATE KEY BLOCK"), "PGP private key"},
		{"gcp.json", `{"type": "service_account", "project_id": "p", "private_key": "-----BEGIN PRIVATE KEY-----\n` + strings.ReplaceAll(pemBody(), "\n", `\n`) + `-----END PRIVATE KEY-----\n"}`, "Google service account key"},
		// JSON credential objects.
		{"client.json", `{"installed": {"client_id": "1.apps.googleusercontent.com", "client_secret": "GOCSPX-` + fill(b64u, 28) + `"}}`, "secret"},
		{"adc.json", `{"type": "authorized_user", "refresh_token": "` + fill(b64u, 40) + `", "client_id": "x"}`, "token"},
		{"registry.json", `{"auths": {"ghcr.io": {"auth": "` + fill(b64, 40) + `=="}}}`, "registry login"},
		// Kubernetes configurations.
		{"cluster.yaml", "users:\n- name: admin\n  user:\n    client-key-data: " + fill(b64, 80) + "\n", "client key"},
		{"kc", "users:\n- name: ci\n  user:\n    token: " + fill(b62, 40) + "\n", "token"},
		{"prod.kube", "users:\n- name: ci\n  user:\n    password: " + pw + "\n", "password"},
		// Assignments in every configuration syntax.
		{"app.ini", "[db]\nhost = localhost\ndb_password = " + pw + "\n", "password"},
		{"config.toml", "[smtp]\nsmtp_password = \"" + pw + "\"\n", "password"},
		{"prod.tfvars", "region = \"eu\"\ndb_admin_password = \"" + pw + "\"\n", "password"},
		{"application.properties", "spring.datasource.password=" + pw + "\n", "password"},
		{"local_settings.py", "DEBUG = False\nSECRET_KEY = '" + pw + "'\n", "secret key"},
		{"vars", "export AWS_SECRET_ACCESS_KEY=" + fill(b64, 40) + "\n", "AWS secret key"},
		{"compose.yml", "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: " + pw + "\n", "password"},
		// URLs with a password, .netrc lines.
		{"db.conf", "url: postgres://app:" + pw + "@db.internal:5432/app\n", "password in a URL"},
		{"remote.txt", "https://deploy:" + pw + "@git.example.com/r.git\n", "password in a URL"},
		{"mirror.cfg", "[mirror]\nurl = ftp://user:" + pw + "@ftp.example.org/\n", "password in a URL"},
		{"hosts", "machine api.example.com login me password " + pw + "\n", "password in a .netrc line"},
		{"auth.lst", "machine a.example.com\n  login me\n  password " + pw + "\n", "password in a .netrc line"},
		{"ftp.txt", "default login anonymous password " + pw + "\n", "password in a .netrc line"},

		// The same shapes without a secret.
		{"notes.txt", "deploy with\nGITHUB=$GITHUB_TOKEN\n", ""},
		{"cert.pem", pemBlock("CERTIFICATE"), ""},
		{"id_test.pub", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + fill(b64, 43) + " me@host\n", ""},
		{"keys.go", "if strings.HasPrefix(line, \"-----BEGIN RSA PRIVATE KEY-----\") {\n", ""},
		{"client.json", `{"installed": {"client_id": "1.apps.googleusercontent.com", "client_secret": "<your client secret>"}}`, ""},
		{"registry.json", `{"auths": {"ghcr.io": {}}, "credsStore": "desktop"}`, ""},
		{"cluster.yaml", "users:\n- name: admin\n  user:\n    client-key-data: ${CLIENT_KEY}\n", ""},
		{"kc", "users:\n- name: ci\n  user:\n    token: \"\"\n", ""},
		{"app.ini", "[auth]\npassword_min_length = 12\ntoken_ttl = 3600\nsecret_name = prod-db\n", ""},
		{"config.toml", "[smtp]\nsmtp_password = \"changeme\"\n", ""},
		{"prod.tfvars", "db_admin_password = var.db_password\n", ""},
		{"application.properties", "spring.datasource.password=${DB_PASSWORD}\n", ""},
		{"local_settings.py", "SECRET_KEY = os.environ['SECRET_KEY']\ntoken = get_token()\npassword = settings_password\n", ""},
		{"compose.yml", "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: postgres\n      POSTGRES_PASSWORD_FILE: /run/secrets/db\n", ""},
		{"db.conf", "url: postgres://app@db.internal:5432/app\nother: postgres://app:${PW}@db/app\n", ""},
		{"hosts", "machine api.example.com login me password xxxxxxxx\n", ""},
		{"app.yaml", "password: <password>\napi_key: YOUR_API_KEY\ntoken: example-token-1234\n", ""},
		{"fixtures_test.go", "token := \"ghp_0123456789abcdefghijABCDEFGHIJ012345\"\n", ""},
		{"README.md", "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE\n", ""},
		{"openssl.cnf", "secret = pass:insta # can be used for both client and server side\n", ""},
		{"gen.go", "\tencodeUserPassword:   \"encodeUserPassword\",\n", ""},
		{"main.go", "func login(password string) error {\n\ttoken := newToken(password)\n\tkey := cache.Key(token)\n\treturn nil\n}\n", ""},
	}
}

func TestContent(t *testing.T) {
	for _, c := range contentCases() {
		got := Content(c.name, c.text)
		if got.Kind != c.kind {
			t.Errorf("%s %q: got %q, want %q", c.name, clip(c.text), got.Kind, c.kind)
		}
	}
}

// TestContentPublic: certificates and public keys are recognised as such,
// so that a key-like name holding one is not taken for a secret.
func TestContentPublic(t *testing.T) {
	for _, text := range []string{pemBlock("CERTIFICATE"), pemBlock("PUBLIC KEY"), "ssh-rsa AAAAB3" + fill(b64, 60) + " me\n", pemBlock("CERTIFICATE REQUEST")} {
		if f := Content("x.pem", text); !f.Public || f.Kind != "" {
			t.Errorf("%q: got %+v, want public", clip(text), f)
		}
	}
	if f := Content("x.pem", pemBlock("CERTIFICATE")+pemBlock("PRIVATE KEY")); f.Public || f.Kind == "" {
		t.Errorf("a certificate with its key: got %+v, want the key", f)
	}
}

// TestScanFileCache: a second scan of an unchanged file is answered from
// the cache, which holds the verdict and never the secret; a changed file
// is scanned again.
func TestScanFileCache(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	p := filepath.Join(dir, "notes.txt")
	token := "ghp_" + fill(b62, 36)
	if err := os.WriteFile(p, []byte("GITHUB="+token+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An hour ahead: the file just written is old enough to be trusted
	// (see racyWindow).
	later := time.Now().Add(time.Hour)
	f := Files{Cache: cache, Version: func() string { return "test" }, Now: func() time.Time { return later }}
	if s := f.ScanFile(p); s.Kind != "GitHub token" {
		t.Fatalf("first scan: %+v", s)
	}
	var entries []os.DirEntry
	all, _ := os.ReadDir(filepath.Join(cache, cacheFolder))
	for _, e := range all {
		if !strings.HasPrefix(e.Name(), ".") { // the mark of the last prune
			entries = append(entries, e)
		}
	}
	if len(entries) != 1 {
		t.Fatalf("cache holds %d entries, want 1", len(entries))
	}
	kept := filepath.Join(cache, cacheFolder, entries[0].Name())
	b, _ := os.ReadFile(kept)
	if strings.Contains(string(b), token[4:12]) {
		t.Fatalf("the cache holds the secret: %q", b)
	}
	if info, _ := os.Stat(kept); info.Mode().Perm() != 0o600 {
		t.Errorf("cache entry mode %v, want 0600", info.Mode().Perm())
	}
	// An entry planted with another verdict is what the next scan returns:
	// the file is not read again.
	os.WriteFile(kept, []byte("--- "+strconv.FormatInt(later.UnixNano(), 10)+" planted\n"), 0o600)
	if s := f.ScanFile(p); s.Kind != "planted" {
		t.Fatalf("second scan read the file again: %+v", s)
	}
	// Any change to the file gives it a new key.
	os.WriteFile(p, []byte("GITHUB="+token+"\n# x\n"), 0o644)
	if s := f.ScanFile(p); s.Kind != "GitHub token" {
		t.Fatalf("changed file: %+v", s)
	}
	// Not a regular file, or not there: nothing is read.
	for _, q := range []string{dir, filepath.Join(dir, "missing")} {
		if s := f.ScanFile(q); s.Regular || s.Kind != "" {
			t.Errorf("%s: %+v", q, s)
		}
	}
}

// TestScanFileCacheRacy: a verdict is trusted only when the file's last
// change is older than the verdict by more than a file system's clock
// tick (racyWindow), as git trusts its index: a file scanned clean and
// rewritten with a secret in the same tick keeps its identity, and so
// the clean verdict's key. Each attack plants the clean verdict such a
// race leaves under the key of the file now holding a secret, made at a
// time within the window of the file's change; each must be scanned
// again. The twins, a verdict made well after, are trusted.
func TestScanFileCacheRacy(t *testing.T) {
	token := "ghp_" + fill(b62, 36)
	for _, tc := range []struct {
		name string
		// mtime is the file's modification time and made the verdict's,
		// both from the file's change time.
		mtime, made time.Duration
		trusted     bool
	}{
		{"verdict made in the tick of the change", 0, 0, false},
		{"verdict made a second after the change", 0, time.Second, false},
		{"modification time after the verdict", 2 * time.Hour, time.Hour, false},
		{"verdict made an hour after", 0, time.Hour, true},
		{"old file, verdict made an hour after its change", -24 * time.Hour, time.Hour, true},
		{"verdict made just past the window", 0, racyWindow + time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, cache := t.TempDir(), t.TempDir()
			p := filepath.Join(dir, "notes.txt")
			if err := os.WriteFile(p, []byte("GITHUB="+token+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			info, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			changed := info.ModTime()
			if err := os.Chtimes(p, changed, changed.Add(tc.mtime)); err != nil {
				t.Fatal(err)
			}
			if info, err = os.Stat(p); err != nil {
				t.Fatal(err)
			}
			key, id, ok := cacheKey(info, "test")
			if !ok {
				t.Skip("no inode")
			}
			ctime := time.Unix(0, id.Ctime)
			store(cache, key, Scan{Regular: true}, ctime.Add(tc.made).UnixNano())
			f := Files{Cache: cache, Version: func() string { return "test" }}
			s := f.ScanFile(p)
			if trusted := s.Kind == ""; trusted != tc.trusted {
				t.Errorf("scan %+v: verdict trusted %v, want %v", s, trusted, tc.trusted)
			}
		})
	}
}

// TestScanFileKeepsNoRacyVerdict: a file scanned in the window of its
// change keeps no verdict, which could never be trusted; one older does.
func TestScanFileKeepsNoRacyVerdict(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	p := filepath.Join(dir, "notes.txt")
	os.WriteFile(p, []byte("routine notes\n"), 0o644)
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		now  time.Time
		kept int
	}{{info.ModTime(), 0}, {info.ModTime().Add(time.Hour), 1}} {
		f := Files{Cache: cache, Version: func() string { return "test" }, Now: func() time.Time { return tc.now }}
		f.ScanFile(p)
		n := 0
		all, _ := os.ReadDir(filepath.Join(cache, cacheFolder))
		for _, e := range all {
			if !strings.HasPrefix(e.Name(), ".") {
				n++
			}
		}
		if n != tc.kept {
			t.Errorf("scanned at %v after the change: %d verdicts kept, want %d", tc.now.Sub(info.ModTime()), n, tc.kept)
		}
	}
}

// TestScanFileNamesTheProgramOnlyToKeep: the program is named (a
// readlink and a stat) only for a file whose verdict is kept, and a
// program that cannot be named keeps nothing.
func TestScanFileNamesTheProgramOnlyToKeep(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	p := filepath.Join(dir, "notes.txt")
	os.WriteFile(p, []byte("routine notes\n"), 0o644)
	named := 0
	f := Files{Cache: cache, Version: func() string { named++; return "" }}
	for _, q := range []string{dir, filepath.Join(dir, "missing")} {
		f.ScanFile(q)
	}
	if named != 0 {
		t.Errorf("the program was named %d times for files that are not there or not regular", named)
	}
	if s := f.ScanFile(p); !s.Regular || s.Err != nil || named != 1 {
		t.Errorf("scan %+v, program named %d times; want a clean scan, named once", s, named)
	}
	if entries, _ := os.ReadDir(filepath.Join(cache, cacheFolder)); len(entries) != 0 {
		t.Errorf("a program that cannot be named kept %d verdicts", len(entries))
	}
}

// TestScanFileReadsBinariesBriefly: a file with a NUL byte is binary and
// not scanned, wherever in the bound the byte is, and is read no further
// than the chunk that shows it; one past the bound is not seen, and the
// text before it is scanned.
func TestScanFileReadsBinariesBriefly(t *testing.T) {
	token := "ghp_" + fill(b62, 36)
	text := strings.Repeat("routine line of a log file\n", MaxScan/27+1)[:MaxScan-len(token)-8]
	for _, tt := range []struct {
		name    string
		content string
		binary  bool
		kind    string
	}{
		{"program", "\x7fELF\x00" + strings.Repeat("x", 2*MaxScan) + token, true, ""},
		{"late NUL", text + "\x00 " + token, true, ""},
		{"NUL past the bound", text + "GH=" + token + "\n" + strings.Repeat("y", 64) + "\x00", false, "GitHub token"},
		{"text", "GH=" + token + "\n", false, "GitHub token"},
	} {
		p := filepath.Join(t.TempDir(), "f")
		os.WriteFile(p, []byte(tt.content), 0o644)
		if s := (Files{}).ScanFile(p); s.Binary != tt.binary || s.Kind != tt.kind || s.Err != nil {
			t.Errorf("%s: %+v; want binary %v, kind %q", tt.name, s, tt.binary, tt.kind)
		}
	}
	data, err := readScanned(strings.NewReader("\x00"+strings.Repeat("z", 4*MaxScan)), 4*MaxScan+1)
	if err != nil || len(data) > readChunk {
		t.Errorf("a binary read %d bytes (%v), want at most %d", len(data), err, readChunk)
	}
	data, err = readScanned(strings.NewReader(strings.Repeat("z", 4*MaxScan)), 10) // grew since its stat
	if err != nil || len(data) != MaxScan+1 {
		t.Errorf("a large text read %d bytes (%v), want %d", len(data), err, MaxScan+1)
	}
}

// TestScanFileBound: a file larger than MaxScan is scanned in its first
// MaxScan bytes and says so.
func TestScanFileBound(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.log")
	big := strings.Repeat("routine line of a log file\n", MaxScan/20)
	os.WriteFile(p, []byte(big+"token = "+fill(b62, 30)+"\n"), 0o644)
	s := Files{}.ScanFile(p)
	if !s.Truncated || s.Kind != "" {
		t.Errorf("got %+v, want truncated and clean (the secret is past the bound)", s)
	}
}

func FuzzContent(f *testing.F) {
	for _, c := range contentCases() {
		f.Add(c.name, c.text)
	}
	f.Fuzz(func(t *testing.T, name, text string) {
		got := Content(name, text)
		if got.Kind != "" && got.Public {
			t.Fatalf("both a secret and public material: %+v", got)
		}
		// Bounded time per byte: a linear pass and bounded look-arounds.
		limit := 20*time.Millisecond + time.Duration(len(text))*200*time.Nanosecond
		if d := steadyTime(limit, func() { Content(name, text) }); d > limit {
			t.Fatalf("Content took %v on %d bytes", d, len(text))
		}
	})
}
