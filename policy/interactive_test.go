package policy

import "testing"

// TestInteractiveByArguments: a program is interactive because of the
// arguments it is given, not its name. The twins were denied as
// interactive (H8) or deferred before; the interactive uses stay denied.
func TestInteractiveByArguments(t *testing.T) {
	files := map[string]string{"files.txt": "main.go\nREADME.md\n"}
	runReadCases(t, []readCase{
		// Print and exit, or run once reading stdin.
		{"fzf version", nil, "fzf --version", allow, "D1.help"},
		{"fzf help", nil, "fzf --help", allow, "D1.help"},
		{"fzf filter on a pipe", nil, "git ls-files | fzf --filter main -e", allow, "D1.read-only"},
		{"fzf filter on a file", files, "fzf -f main --no-sort < files.txt", allow, "D1.read-only"},
		{"top batch", nil, "top -b -n 1", allow, "D1.read-only"},
		{"top clustered", nil, "top -bn1 -o %MEM", allow, "D1.read-only"},
		{"top fields", nil, "top -O", allow, "D1.help"},
		{"htop version", nil, "htop --version", allow, "D1.help"},
		{"vim version", nil, "vim --version", allow, "D1.help"},
		{"nvim help", nil, "nvim -h", allow, "D1.help"},

		// Wait for a person.
		{"fzf alone", nil, "fzf", deny, "H8.interactive"},
		{"fzf query", nil, "fzf -q main --multi", deny, "H8.interactive"},
		{"fzf on a pipe without a filter", nil, "git ls-files | fzf", deny, "H8.interactive"},
		{"fzf filter with no input", nil, "fzf --filter main", dfr, "U.runs-a-program"},
		{"fzf filter with a preview", nil, "git ls-files | fzf --filter main --preview 'rm -rf ~'", dfr, "U.unknown-option"},
		{"top alone", nil, "top", deny, "H8.interactive"},
		{"top with a delay", nil, "top -d 2 -u www", deny, "H8.interactive"},
		{"htop alone", nil, "htop -t", deny, "H8.interactive"},
		{"vim a file", nil, "vim notes.txt", deny, "H8.interactive"},
		{"vim version after --", nil, "vim -- --version", deny, "H8.interactive"},
		{"less runs a command", nil, "less '+!rm -rf ~' README.md", dfr, "U.unknown-option"},
	})
}

// TestOptionBySubcommand: an option means what its subcommand makes it.
// git stash show -p and git stash list -p print a patch; push, save and
// stash with options alone pick hunks at the terminal.
func TestOptionBySubcommand(t *testing.T) {
	runReadCases(t, []readCase{
		{"stash show -p", nil, "git stash show -p", allow, "D6.git-local"},
		{"stash show --patch of one", nil, "git stash show --patch stash@{1}", allow, "D6.git-local"},
		{"stash list -p", nil, "git stash list -p", allow, "D6.git-local"},
		{"stash -p", nil, "git stash -p", deny, "H8.interactive"},
		{"stash push -p", nil, "git stash push -m wip -p", deny, "H8.interactive"},
		{"stash save -p", nil, "git stash save -p", deny, "H8.interactive"},
		{"stash -q -p", nil, "git stash -q -p", deny, "H8.interactive"},
	})
}

// TestCertificatesArePublic: openssl x509 prints the certificate it
// parses and never a private key, so its file is not read as a secret
// (it was asked as one by its name, cert.pem); what prints a key still
// asks.
func TestCertificatesArePublic(t *testing.T) {
	key := map[string]string{"key.pem": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n"}
	runReadCases(t, []readCase{
		{"x509 of a cert", nil, "openssl x509 -in cert.pem -noout -text", allow, "D1.read-only"},
		{"x509 dates", nil, "openssl x509 -in server.crt -noout -subject -issuer -dates", allow, "D1.read-only"},
		{"x509 of a key file prints no key", key, "openssl x509 -in key.pem -noout -text", allow, "D1.read-only"},
		{"rsa prints the key", key, "openssl rsa -in key.pem -text", ask, "B3.secret-read"},
		{"pkey prints the key", key, "openssl pkey -in key.pem", ask, "B3.secret-read"},
		{"ec prints the key", key, "openssl ec -in key.pem -text -noout", ask, "B3.secret-read"},
		{"x509 written to a dotfile", nil, "openssl x509 -in cert.pem -out ~/.bashrc", dfr, "U.unknown-option"},
		{"x509 signing with a key", key, "openssl x509 -in cert.pem -signkey key.pem", dfr, ""},
		{"x509 of a raw disk", nil, "openssl x509 -in /dev/sda -noout", ask, "B.raw-disk-read"},
	})
}
