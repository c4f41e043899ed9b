package policy

import "testing"

// An input redirection reads its target as a file operand does: the same
// credential, process-environment and run-time-path rules apply to
// <, <>, 0<, N< (exec N< then <&N) and $(<file).
func TestRedirectReads(t *testing.T) {
	files := map[string]string{"input.txt": "a\n", "data/names.txt": "b\n", "README.md": "c\n", "list.txt": "d\n"}
	runReadCases(t, []readCase{
		{"home strip key", files, "cat < ${HOME%/}/.ssh/id_rsa", deny, "A6.credential-read"},
		{"home strip aws base64", files, "base64 < ${HOME%/}/.aws/credentials", deny, "A6.credential-read"},
		{"user home key", files, "cat < /home/$USER/.ssh/id_rsa", deny, "A6.credential-read"},
		{"substituted key", files, "cat < $(ls ~/.ssh/id_*)", dfr, "U.dynamic-path"},
		{"proc cwd walk", files, "cat < /proc/$$/cwd/../../../root/.ssh/id_rsa", deny, "A6.credential-read"},
		{"proc root", files, "cat < /proc/$$/root/root/.ssh/id_rsa", deny, "A6.credential-read"},
		{"own environ", files, "cat < /proc/$$/environ", deny, "A6.credential-read"},
		{"parent environ", files, "cat < /proc/$PPID/environ", deny, "A6.credential-read"},
		{"tr environ", files, `tr '\0' '\n' </proc/$$/environ`, deny, "A6.credential-read"},
		{"strings environ", files, "strings < /proc/$$/environ", deny, "A6.credential-read"},
		{"xargs environ", files, "xargs -0 -n1 < /proc/$$/environ", deny, "A6.credential-read"},
		{"exec fd environ", files, "exec 3</proc/$$/environ; cat <&3", deny, "A6.credential-read"},
		{"fd 0 environ", files, "cat 0</proc/$$/environ", deny, "A6.credential-read"},
		{"read-write environ", files, "cat <>/proc/$$/environ", deny, "A6.credential-read"},
		{"dollar-lt environ", files, `echo "$(</proc/$$/environ)"`, deny, "A6.credential-read"},
		{"read environ", files, `read -r -d '' x < /proc/$$/environ; echo "$x"`, deny, "A6.credential-read"},
		{"diff environ", files, "diff /dev/null - < /proc/$$/environ", deny, "A6.credential-read"},
		{"wc dynamic", files, "wc -l < $F", dfr, "U.dynamic-path"},
		{"loop dynamic", files, `while read l; do echo "$l"; done < "$1"`, dfr, "U.dynamic-path"},
		// Benign twins: plain files, and a loop over literal names.
		{"plain input", files, "cat < input.txt", allow, ""},
		{"sort data", files, "sort < data/names.txt", allow, ""},
		{"wc readme", files, "wc -l < README.md", allow, ""},
		{"while read list", files, "while read l; do echo $l; done < list.txt", allow, ""},
		{"known variable", files, "f=input.txt; cat < $f", allow, ""},
		{"literal loop", files, "for f in input.txt list.txt; do wc -l < $f; done", allow, ""},
		{"fd dup", files, "exec 3<input.txt; cat <&3", allow, ""},
		{"process substitution as a file", files, "xargs -a <(ls data) -n1 echo", allow, ""},
		{"process substitution as input", files, "while read l; do echo $l; done < <(ls data)", allow, ""},
		{"environ through /dev/fd/..", files, `echo "$(< /dev/fd/../environ)"`, deny, "A6.credential-read"},
		{"environ through /dev/fd/.. by grep", files, "grep TOKEN < /dev/fd/../environ", deny, "A6.credential-read"},
		{"a descriptor named at run time", files, `cat < "/dev/fd/$(cat p.txt)"`, dfr, "U.dynamic-path"},
		{"process substitution of a secret", files, "cat < <(cat ~/.ssh/id_rsa)", deny, "A6.credential-read"},
	})
}
