package policy

import (
	"os"
	"path/filepath"
	"testing"
)

// exampleEnv is a project's template of its environment file: names, and
// placeholders where the secrets go.
const exampleEnv = "DATABASE_URL=postgres://localhost:5432/app\nAPI_KEY=your-api-key-here\nDEBUG=true\n"

// TestEnvFromTemplate: copying the project's template of an environment
// file (.env.example) to the environment file itself, where there is
// none, creates a file that holds no credential. Each routine variant was
// asked as a credentials write (B3.secret-write) before.
func TestEnvFromTemplate(t *testing.T) {
	runReadCases(t, []readCase{
		{"example", map[string]string{".env.example": exampleEnv}, "cp .env.example .env", allow, "D2.env-from-template"},
		{"sample, no-clobber", map[string]string{".env.sample": exampleEnv}, "cp -n .env.sample .env", allow, "D2.env-from-template"},
		{"in a folder", map[string]string{"backend/.env.template": exampleEnv}, "cd backend && cp .env.template .env", allow, "D2.env-from-template"},
		{"a named environment", map[string]string{"config/.env.local.example": exampleEnv}, "cp config/.env.local.example config/.env.local", allow, "D2.env-from-template"},

		{"over the user's .env", map[string]string{".env.example": exampleEnv, ".env": "API_KEY=the-real-one\n"}, "cp .env.example .env", ask, "B3.secret-write"},
		{"forced over the user's .env", map[string]string{".env.example": exampleEnv, ".env": "API_KEY=the-real-one\n"}, "cp -f .env.example .env", ask, "B3.secret-write"},
		{"a template holding a token", map[string]string{".env.example": "GITHUB_TOKEN=ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8\n"}, "cp .env.example .env", ask, ""},
		{"from a credentials file", map[string]string{".env.local": "API_KEY=the-real-one\n"}, "cp .env.local .env", ask, "B3.secret-copy"},
		{"the template written first", map[string]string{}, "echo 'API_KEY=x' > .env.example && cp .env.example .env", ask, "B3.secret-write"},
		{"not the template's name", map[string]string{"notes.txt": "x\n"}, "cp notes.txt .env", ask, "B3.secret-write"},
		{"into a direnv file", map[string]string{".envrc.example": "export A=1\n"}, "cp .envrc.example .envrc", ask, ""},
		{"a recursive copy", map[string]string{".env.example": exampleEnv}, "cp -r .env.example .env", ask, "B3.secret-write"},
	})
}

// TestEnvFromTemplateLinks: a destination that is a link, even one that
// leads nowhere yet, is not a new file.
func TestEnvFromTemplateLinks(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".env.example": exampleEnv})
	if err := os.Symlink(filepath.Join(dir, "elsewhere", "credentials"), filepath.Join(dir, ".env")); err != nil {
		t.Fatal(err)
	}
	if d := Decide(t.Context(), projectCall(dir, "cp .env.example .env")); d.Decision == allow {
		t.Errorf("cp over a link: %s %v: %s", d.Decision, d.Rules, d.Reason)
	}
}
