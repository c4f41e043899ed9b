package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config")
	os.WriteFile(file, []byte("# judge\nexport TYPESAFE_API_KEY=\"from-file\"\nARBITER_JUDGE_MODE = shadow\nARBITER_JUDGE_TIMEOUT='2s'\n\n"), 0o600)
	env := map[string]string{"ARBITER_CONFIG": file, "ARBITER_JUDGE_MODE": "measure"}
	c, err := Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if !c.FileFound || c.Get("TYPESAFE_API_KEY") != "from-file" || c.Get("ARBITER_JUDGE_MODE") != "measure" || c.Get("ARBITER_JUDGE_TIMEOUT") != "2s" {
		t.Errorf("got %+v", c.values)
	}
	for _, bad := range []string{"NOT_A_SETTING=1\n", "ARBITER_JUDGE_MODE\n"} {
		os.WriteFile(file, []byte(bad), 0o600)
		if _, err := Load(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), file+":1") {
			t.Errorf("%q: error %v, want one naming %s:1", bad, err, file)
		}
	}
	// A missing file at the default place is fine; one named explicitly
	// by ARBITER_CONFIG is a mistake to report.
	delete(env, "ARBITER_CONFIG")
	env["XDG_CONFIG_HOME"] = filepath.Join(dir, "absent")
	if c, err := Load(func(k string) string { return env[k] }); err != nil || c.FileFound {
		t.Errorf("missing default file: %v %v", c.FileFound, err)
	}
	env["ARBITER_CONFIG"] = filepath.Join(dir, "absent")
	if _, err := Load(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing ARBITER_CONFIG file: error %v, want one saying it does not exist", err)
	}
}

func TestCheckURL(t *testing.T) {
	for u, ok := range map[string]bool{
		"https://api.typesafe.ai": true, "http://127.0.0.1:8080": true, "http://localhost:1": true, "http://[::1]:9": true,
		"http://judge.example.com": false, "ftp://x": false, "not a url": false, "http://127.0.0.1.evil.example": false,
	} {
		if err := CheckURL("ARBITER_JUDGE_URL", u); (err == nil) != ok {
			t.Errorf("%s: %v", u, err)
		}
	}
}

// FuzzParse: any config file text either parses into known names only or
// fails with an error naming the file; it never panics.
func FuzzParse(f *testing.F) {
	f.Add("TYPESAFE_API_KEY=k\n# c\nARBITER_JUDGE_MODE=shadow")
	f.Add("export ARBITER_LOG='on'\n")
	f.Fuzz(func(t *testing.T, text string) {
		into := map[string]string{}
		if err := parse("cfg", []byte(text), into, nil); err != nil {
			if !strings.HasPrefix(err.Error(), "cfg:") && !strings.Contains(err.Error(), "token too long") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for k := range into {
			known := false
			for _, n := range Names {
				known = known || n == k
			}
			if !known {
				t.Fatalf("unknown name %q accepted", k)
			}
		}
	})
}

// TestLoadRefusesSpecialFiles: a config path that names a FIFO or a
// device would block the hook, or feed it without end, if it were read;
// it is reported instead. /dev/null is the one way to name no file.
func TestLoadRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "config.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, file := range []string{fifo, "/dev/zero", dir} {
		done := make(chan error, 1)
		go func() {
			_, err := Load(func(k string) string { return map[string]string{"ARBITER_CONFIG": file}[k] })
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: error %v, want one saying it is not a regular file", file, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Load did not return: it is reading the file", file)
		}
	}
	c, err := Load(func(k string) string { return map[string]string{"ARBITER_CONFIG": os.DevNull}[k] })
	if err != nil || len(c.Problems) != 0 || len(c.Rules) != 0 {
		t.Errorf("/dev/null: %v %v %v", err, c.Problems, c.Rules)
	}
}
