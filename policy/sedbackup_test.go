package policy

import "testing"

// TestSedBackupPath: GNU sed -iSUFFIX renames each file to its backup
// name before writing the edited copy; a suffix with * names the backup
// by a pattern (each * is the file operand as given) and one with a /
// puts it in another folder, relative to the working folder. The backup
// is a write of that path, outside the project too.
func TestSedBackupPath(t *testing.T) {
	files := map[string]string{".bashrc": "a\n", "f": "a\n", "src/g.txt": "a\n"}
	runReadCases(t, []readCase{
		{"star to home", files, `sed -i'/home/dev/*' 's/a/a/' .bashrc`, ask, ""},
		{"long form to home", files, `sed --in-place='/home/dev/*' 's/a/a/' .bashrc`, ask, ""},
		{"climbs out", files, `sed -i'../../../../../../../../home/dev/*' 's/a/a/' f`, ask, ""},
		{"suffix after a cluster", files, `sed -Ei'/home/dev/.ssh/authorized_*' 's/a/a/' f`, ask, ""},
		{"absolute with a suffix", files, `sed -i'/etc/cron.d/x*' 's/a/a/' f`, ask, ""},
		{"dynamic suffix", files, `sed -i"$HOME/*" 's/a/a/' .bashrc`, ask, ""},
		// Twins: a backup beside the file, none, a backup folder in the
		// project.
		{"dot bak", files, `sed -i.bak 's/a/b/' f`, allow, "D2.write-project"},
		{"no backup", files, `sed -i 's/a/b/' f`, allow, "D2.write-project"},
		{"empty suffix", files, `sed -i'' 's/a/b/' f`, allow, "D2.write-project"},
		{"bsd empty suffix", files, `sed -i '' 's/a/b/' f`, allow, "D2.write-project"},
		{"prefix in the project", files, `sed -i'bak_*' 's/a/b/' src/g.txt`, allow, "D2.write-project"},
		{"long form bak", files, `sed --in-place=.orig 's/a/b/' src/g.txt`, allow, "D2.write-project"},
	})
}
