package paths

import "testing"

func TestClassify(t *testing.T) {
	r := Resolver{Project: "/work/app", Cwd: "/work/app", Home: "/home/dev"}
	tests := []struct {
		p    string
		glob bool
		want Place
	}{
		{"src/main.go", false, Project},
		{".", false, ProjectRoot},
		{"../other", false, Outside},
		{"/tmp/build", false, Temp},
		{"~", false, HomeRoot},
		{"~/.ssh/id_rsa", false, Home},
		{"/home/test", false, HomeRoot},
		{"/", false, Root},
		{"/*", true, Root},
		{"/etc", false, SystemRoot},
		{"/etc/hosts", false, System},
		{"/dev/sda", false, Device},
		{"/dev/null", false, Null},
		{"/proc/sysrq-trigger", false, Device},
	}
	for _, tt := range tests {
		abs := r.Resolve(tt.p, "")
		if got := r.Classify(abs, tt.glob); got != tt.want {
			t.Errorf("Classify(%q → %q) = %s, want %s", tt.p, abs, got, tt.want)
		}
	}
	if got := r.Resolve("x", "/etc"); got != "/etc/x" {
		t.Errorf("Resolve after cd = %q", got)
	}
}
