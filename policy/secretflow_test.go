package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// A secret variable leaks however its value reaches what is printed or
// sent: nested in another expansion's operand, through a variable assigned
// from it, or bit by bit through a test whose outcome is seen.
var secretFlowCases = []secretCase{
	// Nested in an operand.
	{"echo ${UNSET:-$NPM_TOKEN}", wantAsk, "B3.secret-print"},
	{"echo ${HOME:+$NPM_TOKEN}", wantAsk, "B3.secret-print"},
	{`echo ${PATH/\//$GITHUB_TOKEN}`, wantAsk, "B3.secret-print"},
	{`echo "${AWS_SECRET_ACCESS_KEY:0:4}"`, wantAsk, "B3.secret-print"},
	{`printf '%s\n' "${GITHUB_TOKEN/ghp_/}"`, wantAsk, "B3.secret-print"},
	{`echo "${X:=$OPENAI_API_KEY}"`, wantAsk, "B3.secret-print"},
	// Through an assignment (taint).
	{`x=$AWS_SECRET_ACCESS_KEY; echo "$x"`, wantAsk, "B3.secret-print"},
	{`x=${NPM_TOKEN}; echo "${x}"`, wantAsk, "B3.secret-print"},
	{`a=$GITHUB_TOKEN; b="t=$a"; printf '%s' "$b"`, wantAsk, "B3.secret-print"},
	{`read -r x <<< "$OPENAI_API_KEY"; echo "$x"`, wantAsk, "B3.secret-print"},
	{`printf -v x '%s' "$NPM_TOKEN"; echo "$x"`, wantAsk, "B3.secret-print"},
	{`for x in "$GITHUB_TOKEN"; do echo "$x"; done`, wantAsk, "B3.secret-print"},
	{`export T=$NPM_TOKEN; echo $T`, wantAsk, "B3.secret-print"},
	{`declare t=$NPM_TOKEN; cat <<< "$t"`, wantAsk, "B3.secret-print"},
	{`f() { local t=$NPM_TOKEN; echo $t; }; f`, wantAsk, "B3.secret-print"},
	// Compared: the outcome tells the value bit by bit.
	{`test "${AWS_SECRET_ACCESS_KEY:0:1}" = A && echo A`, wantAsk, "B3.secret-print"},
	{`[ "$GITHUB_TOKEN" = ghp_x ] && echo yes`, wantAsk, "B3.secret-print"},
	{`[[ $NPM_TOKEN == a* ]] && echo a`, wantAsk, "B3.secret-print"},
	{`case $AWS_SECRET_ACCESS_KEY in A*) echo A;; esac`, wantAsk, "B3.secret-print"},
	{`(( ${#GITHUB_TOKEN} > 0 && PIN_SECRET > 1000 )) && echo big`, wantAsk, "B3.secret-print"},
	{`x=$NPM_TOKEN; [[ $x == npm_* ]] && echo npm`, wantAsk, "B3.secret-print"},
	// More secret names.
	{"echo $STRIPE_SK", wantAsk, "B3.secret-print"},
	{"echo $GH_PAT", wantAsk, "B3.secret-print"},
	{"echo $JWT", wantAsk, "B3.secret-print"},
	{"echo $SLACK_CREDS", wantAsk, "B3.secret-print"},
	{"echo $API_BEARER", wantAsk, "B3.secret-print"},
	{`python3 -c 'import os; print(os.environ["GH_PAT"])'`, wantAsk, "B3.secret-print"},
	// Benign twins: a plain variable, a default, length, whether a secret
	// is set, and a secret used without printing it.
	{"x=$HOME; echo $x", wantAllow, ""},
	{"echo ${HOME:-/root}", wantAllow, ""},
	{`x=$PATH; echo "${x%%:*}"`, wantAllow, ""},
	{`echo "${GITHUB_TOKEN:+set}"`, wantAllow, ""},
	{`echo ${#GITHUB_TOKEN}`, wantAllow, ""},
	{`[ -n "$GITHUB_TOKEN" ] && echo set`, wantAllow, ""},
	{`[ -z "$NPM_TOKEN" ] && echo missing`, wantAllow, ""},
	{`[[ -n $NPM_TOKEN ]] || echo unset`, wantAllow, ""},
	{`if [ "$CI" = true ]; then echo ci; fi`, wantAllow, ""},
	{`case $OSTYPE in linux*) echo linux;; esac`, wantAllow, ""},
	{`TOKEN=abc; echo $TOKEN`, wantUnflagged, ""},
	{"echo $JWT_ALGORITHM $LIVE_RELOAD $ENCRYPTION $X_API_URL", wantAllow, ""},
	{"for f in a b; do echo $f; done", wantAllow, ""},
}

func TestSecretFlow(t *testing.T) { runSecretCases(t, secretFlowCases) }

// A secret's value reaches what is printed through the positional
// parameters (set --, shift, a function's or a nested shell's arguments,
// getopts) and through the default names read and mapfile assign to. Each
// attack has a benign twin of the same shape with a plain variable.
var secretCarriedCases = []secretCase{
	// Positional parameters.
	{`set -- "$GITHUB_TOKEN"; echo $1`, wantAsk, "B3.secret-print"},
	{`set -- $AWS_SECRET_ACCESS_KEY; printf %s "$@"`, wantAsk, "B3.secret-print"},
	{`set -- x "$NPM_TOKEN"; shift; echo "$1"`, wantAsk, "B3.secret-print"},
	{`set -- "$GITHUB_TOKEN"; echo "$*"`, wantAsk, "B3.secret-print"},
	{`set -- "$GITHUB_TOKEN"; echo "${1:0:4}"`, wantAsk, "B3.secret-print"},
	{`set -- "$GITHUB_TOKEN"; printf %s "${@:1}"`, wantAsk, "B3.secret-print"},
	{`set "$GITHUB_TOKEN"; x=$1; echo "$x"`, wantAsk, "B3.secret-print"},
	{`set -- "$GITHUB_TOKEN"; [ "$1" = ghp_a ] && echo a`, wantAsk, "B3.secret-print"},
	{`set -- "$HOME_DIR"; echo $1`, wantAllow, ""},
	{`set -- $PATH; printf %s "$@"`, wantAllow, ""},
	{`set -- x "$PWD"; shift; echo "$1"`, wantAllow, ""},
	{`set -- "$GITHUB_TOKEN"; echo "${#1}" "$#"`, wantAllow, ""},
	// A function's arguments are its body's parameters, and a nested
	// shell's words after its code are its own.
	{`f() { echo "$1"; }; f "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`f() { printf '%s\n' "$@"; }; x=$NPM_TOKEN; f a "$x"`, wantAsk, "B3.secret-print"},
	{`bash -c 'echo "$1"' _ "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`sh -c 'printf %s "$0"' "$NPM_TOKEN"`, wantAsk, "B3.secret-print"},
	{`set -- "$GITHUB_TOKEN"; for a; do echo "$a"; done`, wantAsk, "B3.secret-print"},
	{`set -euo pipefail "$GITHUB_TOKEN"; echo "$1"`, wantAsk, "B3.secret-print"},
	{`f() { echo "$1"; }; f "$PWD"`, wantUnflagged, ""},
	{`bash -c 'echo "$1"' _ "$PWD"`, wantAllow, ""},
	{`set -- "$PWD"; for a; do echo "$a"; done`, wantAllow, ""},
	{`set -euo pipefail; echo "$1"`, wantAllow, ""},
	// A shift moves the parameters, if it runs: $1 is then not known.
	{`set -- /tmp/x ~/.ssh/id_rsa; shift; cat "$1"`, arbiter.Defer, "U.unresolved"},
	{`set -- ~/.ssh/id_rsa; if false; then set -- /tmp/x; fi; cat "$1"`, arbiter.Defer, "U.unresolved"},
	{`set -- ~/.ssh/id_rsa /tmp/x; shift; cat "$1"`, wantUnflagged, ""},
	{`set -- /tmp/x; cat "$1"`, wantAllow, ""},
	// getopts, and the default names of read and mapfile.
	{`while getopts t: o -t "$GITHUB_TOKEN"; do echo $OPTARG; done`, wantAsk, "B3.secret-print"},
	{`getopts t: o -t "$NPM_TOKEN"; echo "$OPTARG"`, wantAsk, "B3.secret-print"},
	{`set -- -t "$NPM_TOKEN"; getopts t: o; printf %s "$OPTARG"`, wantAsk, "B3.secret-print"},
	{`read <<< "$GITHUB_TOKEN"; echo "$REPLY"`, wantAsk, "B3.secret-print"},
	{`mapfile <<< "$GITHUB_TOKEN"; echo "${MAPFILE[0]}"`, wantAsk, "B3.secret-print"},
	{`read -ra parts <<< "$AWS_SECRET_ACCESS_KEY"; echo "${parts[0]}"`, wantAsk, "B3.secret-print"},
	{`IFS=_ read -r -d '' -a p <<< "$GITHUB_TOKEN"; echo "${p[1]}"`, wantAsk, "B3.secret-print"},
	{`getopts t: o -t "$PWD"; echo "$OPTARG"`, wantAllow, ""},
	{`read <<< "$PWD"; echo "$REPLY"`, wantAllow, ""},
	{`mapfile <<< "$HOME"; echo "${MAPFILE[0]}"`, wantAllow, ""},
	{`read -ra parts <<< "$PATH"; echo "${parts[0]}"`, wantAllow, ""},
}

func TestSecretCarried(t *testing.T) { runSecretCases(t, secretCarriedCases) }

// A program given a secret's value as an argument shows it: as its
// result (basename, realpath, expr), or in the message naming an operand
// it cannot use (ls: cannot access 'ghp_…', date: invalid date 'ghp_…').
var secretArgumentCases = []secretCase{
	{`basename "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`dirname "$AWS_SECRET_ACCESS_KEY"`, wantAsk, "B3.secret-print"},
	{`realpath "$NPM_TOKEN"`, wantAsk, "B3.secret-print"},
	{`readlink -f "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`ls "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`stat "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`wc -c "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`file "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`du -sh "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`md5sum "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`expr "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`date -d "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`sleep "$NPM_TOKEN"`, wantAsk, "B3.secret-print"},
	{`x=$GITHUB_TOKEN; basename "$x"`, wantAsk, "B3.secret-print"},
	{`basename "${GITHUB_TOKEN:0:8}"`, wantAsk, "B3.secret-print"},
	{`n=GITHUB_TOKEN; ls "${!n}"`, wantAsk, "B3.secret-print"},
	{`basename "$PWD"`, wantAllow, ""},
	{`dirname "$HOME_DIR"`, wantAllow, ""},
	{`ls "$HOME"`, wantAllow, ""},
	{`stat "$PWD"`, wantAllow, ""},
	{`wc -c "$PWD/README.md"`, wantAllow, ""},
	{`x=$PWD; basename "$x"`, wantAllow, ""},
	{`echo ${#GITHUB_TOKEN}; basename "${GITHUB_TOKEN:+set}"`, wantAllow, ""},
	{`pushd "$GITHUB_TOKEN"`, wantAsk, "B3.secret-print"},
	{`set -- "$NPM_TOKEN"; basename "$1"`, wantAsk, "B3.secret-print"},
	{`pushd "$PWD"`, wantAllow, ""},
	{`set -- "$PWD"; basename "$1"`, wantAllow, ""},
	// Setting a variable or the parameters, or testing whether a secret
	// is set, shows nothing.
	{`set -- "$GITHUB_TOKEN"`, wantAllow, ""},
	{`getopts t: o -t "$GITHUB_TOKEN"`, wantAllow, ""},
	{`[ -n "$GITHUB_TOKEN" ] && echo set`, wantAllow, ""},
	{`test -z "$NPM_TOKEN" || echo set`, wantAllow, ""},
	{`true "$GITHUB_TOKEN"`, wantUnflagged, ""},
	// The shell's trace prints every command with its words expanded.
	{`set -x; x=$GITHUB_TOKEN`, wantAsk, "B3.secret-print"},
	{`bash -x -c 'x=$NPM_TOKEN'`, wantAsk, "B3.secret-print"},
	{`set -o xtrace; t=$AWS_SECRET_ACCESS_KEY; [ -n "$t" ]`, wantAsk, "B3.secret-print"},
	{`set -euxo pipefail; t=$GITHUB_TOKEN`, wantAsk, "B3.secret-print"},
	{`set -x; x=$PWD`, wantAllow, ""},
	{`bash -x -c 'x=$PWD'`, wantAllow, ""},
	{`set -euo pipefail; t=$GITHUB_TOKEN`, wantAllow, ""},
	{`set +x; x=$GITHUB_TOKEN`, wantAllow, ""},
}

func TestSecretArgument(t *testing.T) { runSecretCases(t, secretArgumentCases) }
