package policy

import "testing"

// Files that run on their own later are persistence wherever they are:
// python's start-up files in any site-packages (the project's virtual
// environment too), and git maintenance's schedule.
func TestPythonStartupFiles(t *testing.T) {
	venv := ".venv/lib/python3.12/site-packages/"
	files := map[string]string{"x.pth": "import os; os.system('id')\n", venv + "pkg/__init__.py": "", "t.py": "print(1)\n"}
	runReadCases(t, []readCase{
		{"pth deletes home", files, `echo 'import os; os.system("rm -rf ~")' > ` + venv + "x.pth", deny, "A2.home-delete"},
		{"pth import", files, `echo 'import evil' > ` + venv + "evil.pth", ask, "B5.persistence"},
		{"pth copied", files, "cp x.pth " + venv + "x.pth", ask, "B5.persistence"},
		{"sitecustomize", files, "printf 'import os\\n' > " + venv + "sitecustomize.py", ask, "B5.persistence"},
		{"usercustomize home", files, "echo x > ~/.local/lib/python3.12/site-packages/usercustomize.py", ask, "B5.persistence"},
		{"dist-packages", files, "tee /usr/lib/python3/dist-packages/a.pth < x.pth", deny, "A2.system-tree-write"},
		{"local site-packages", files, "tee ~/.local/lib/python3.12/site-packages/a.pth < x.pth", ask, "B5.persistence"},
		{"stdlib sitecustomize", files, "echo x > .venv/lib/python3.12/sitecustomize.py", ask, "B5.persistence"},
		{"package module", files, "echo 'x = 1' > " + venv + "pkg/mod.py", allow, ""},
		{"pth outside site", files, "echo x > notes.pth", allow, ""},
		{"sitecustomize in src", files, "echo 'x = 1' > src/sitecustomize.py", allow, ""},
	})
}

func TestGitMaintenance(t *testing.T) {
	runReadCases(t, []readCase{
		{"start", nil, "git maintenance start", ask, "B5.persistence"},
		{"register", nil, "git maintenance register", ask, "B5.persistence"},
		{"unregister", nil, "git maintenance unregister --force", ask, "B5.persistence"},
		{"stop", nil, "git -C . maintenance stop", ask, "B5.persistence"},
		{"run", nil, "git maintenance run --task=gc", allow, ""},
	})
}
