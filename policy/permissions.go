package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) permissions(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "--reference", "--from")
	if c.Program == "chattr" || c.Program == "setfacl" || c.Program == "chflags" {
		j.fireWith(catalog.BPermissions, subj, "changes file attributes or access lists")
	}
	if len(ops) < 2 {
		j.fireWith(catalog.UBadInput, subj, c.Program+" without a mode and a file")
		return
	}
	mode, files := ops[0].Text, ops[1:]
	recursive := hasFlag(c, 'R', "--recursive")
	for _, f := range files {
		if f.Dynamic {
			j.fireWith(catalog.BPermissions, f.Text, "changes permissions of a path only known at run time")
			continue
		}
		abs := j.res.Resolve(f.Text, c.Dir)
		place := j.res.Classify(abs, f.Glob)
		switch {
		case j.isGuardPath(abs):
			j.guardTamper(f.Text, "changes the permissions of a permission gate's files")
		case place == paths.Root || place == paths.SystemRoot || place == paths.Device || place == paths.HomeRoot && recursive || place == paths.System && (recursive || c.Program != "chmod" || !plainMode(mode)):
			j.fireWith(catalog.A4Permissions, f.Text, "changes OS-level ownership or permissions, which can lock users out or open the system to others")
		case place == paths.System:
			j.fireWith(catalog.BPermissions, f.Text, "changes permissions of a system file")
		case c.Program != "chmod":
			j.fireWith(catalog.BOwnership, f.Text, "changes who owns files")
		case setuid(mode):
			j.fire(catalog.B12Setuid, f.Text)
		case place == paths.Temp && isTempRoot(abs, f.Glob):
			// chmod 777 /tmp clears the sticky bit that keeps users from
			// deleting or replacing each other's temp files.
			j.fireWith(catalog.BPermissions, f.Text, "changes the permissions of the shared temp directory, which other users and programs rely on")
		case place == paths.Project || place == paths.ProjectRoot || place == paths.Temp:
			j.fire(catalog.D2PermissionsProject, f.Text)
		default:
			j.fireWith(catalog.BPermissions, f.Text, "changes permissions outside the project")
		}
	}
}

// plainMode reports whether a chmod mode only adds read or execute bits.
func plainMode(mode string) bool {
	return mode == "+x" || mode == "a+x" || mode == "u+x" || mode == "+r" || mode == "a+r" || mode == "644" || mode == "755" || mode == "0644" || mode == "0755"
}

func setuid(mode string) bool {
	if strings.Contains(mode, "s") {
		return true
	}
	return len(mode) == 4 && mode[0] >= '1' && mode[0] <= '7' && strings.Trim(mode, "01234567") == "" && mode[0] != '0' && (mode[0]&6) != 0
}
