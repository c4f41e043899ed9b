package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/shell"
)

// exports are the names a command line exports, so that a variable it
// sets without export (NAME=value alone, read, for, printf -v) reaches
// the programs after it as their environment: export NAME, declare -x
// and the like. all is set -a (every variable set is exported) and code
// the analysis does not see (source, eval), which may export anything.
type exports struct {
	names map[string]bool
	all   bool
	env   func(string) bool // Options.Exported: what the environment exports
}

func (e exports) has(name string) bool {
	return e.all || e.names[name] || e.env != nil && e.env(name)
}

// exported collects the exports of a's commands, beside those of the
// environment the call runs in, where it is known.
func (j *judgement) exported(a *shell.Analysis) exports {
	e := exports{names: map[string]bool{}, env: j.envExported}
	for i := range a.Commands {
		c := &a.Commands[i]
		switch c.Program {
		case ".", "source", "eval":
			e.all = true
		case "set":
			for _, w := range c.Args {
				if w.Dynamic || w.Text == "allexport" || strings.HasPrefix(w.Text, "-") && w.Text != "--" && strings.Contains(w.Text, "a") {
					e.all = true
				}
			}
		case "export", "declare", "typeset", "local", "readonly":
			x := c.Program == "export"
			for _, w := range c.Args {
				x = x || strings.HasPrefix(w.Text, "-") && strings.Contains(w.Text, "x")
				e.all = e.all || w.Dynamic // declare $(…) cfg may be declare -x
			}
			if !x {
				continue
			}
			for _, w := range c.Args {
				if w.Dynamic {
					e.all = true
				}
				if name, _, _ := strings.Cut(w.Text, "="); !strings.HasPrefix(name, "-") {
					e.names[name] = true
				}
			}
			for _, v := range c.Env {
				e.names[v.Name] = true
			}
		}
	}
	return e
}

// allexport reports shell options that turn allexport on (-a in a
// cluster, -o allexport) among words, which end at the first operand
// unless more is true (a #! line's words, where env -S names the shell
// after its own options): every variable the shell's code sets is then
// exported, which exported does not see.
func allexport(words []string, more bool) bool {
	for k, w := range words {
		switch {
		case w == "allexport" && k > 0 && words[k-1] == "-o", w == "-oallexport":
			return true
		case w == "-o" || w == "+o" || strings.HasPrefix(w, "+"):
		case strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--"):
			if strings.Contains(w, "a") {
				return true
			}
		case k > 0 && (words[k-1] == "-o" || words[k-1] == "+o"):
		case !more:
			return false
		}
	}
	return false
}

// allexportShell defers a shell run with allexport on, by its options or
// its script's #! line (read even when bash is named, which ignores it).
func (j *judgement) allexportShell(words []string, more bool, subj string) {
	if allexport(words, more) {
		j.fireWith(catalog.UEnvRedirect, subj, "runs the shell with allexport, so every variable its code sets becomes the environment of the programs it runs")
	}
}

// shellLocalName reports names a script's variables take, and programs'
// environment variables do not: by convention (POSIX reserves names with
// lowercase letters for applications) tools read uppercase names, but for
// the proxy variables (http_proxy, no_proxy), which the environment often
// already exports, and the package managers' lowercase configuration
// (npm_config_*, pnpm_config_*, yarn_*).
func shellLocalName(name string) bool {
	return strings.ToUpper(name) != name && !readLowercase(name) && !shellParameter(name)
}

// unexported reports an uppercase name the runtime's shell cannot be
// exporting on its own: the environment the call runs in is known and
// does not export it, and no start-up file of the shell names it,
// sources another file or evaluates code (read as missing.go reads
// them). A name the shells themselves read is never one.
func (j *judgement) unexported(name string) bool {
	env := j.cache().env
	if !env.known || j.envExported == nil || j.envExported(name) || shellVariable.MatchString(name) {
		return false
	}
	startup := env.startup
	if startup == nil {
		startup = shellStartup(j.res.Home)
	}
	for _, f := range startup {
		if mayExport(f, name) {
			return false
		}
	}
	return true
}

// shellVariable matches the uppercase names Bash and zsh give a meaning
// of their own (bash(1) "Shell Variables", zshparam(1)): setting one
// changes how the shell reads, expands or runs what follows, exported or
// not.
var shellVariable = lazyregexp.New(`^(?:BASH\w*|HIST\w*|LC_\w+|LANG|LANGUAGE|POSIXLY_CORRECT|GLOBIGNORE|GLOBSORT|FIGNORE|FPATH|MANPATH|MODULE_PATH|MAIL\w*|INPUTRC|HOSTFILE|TIMEFORMAT|TMOUT|TMPDIR|TMPPREFIX|OPT\w+|REPLY|COMP\w+|READLINE_\w+|SECONDS|RANDOM|SRANDOM|LINENO|EPOCH\w+|PWD|OLDPWD|COLUMNS|LINES|TERM|TERMINFO\w*|SHLVL|WORDCHARS|KEYTIMEOUT|ZLE_\w+|ZSH_\w+|ZDOTDIR|PROMPT\w*|RPROMPT\w*|RPS\d|PS\d|SPROMPT|NULLCMD|READNULLCMD|WATCH\w*|LOGCHECK|PERIOD|SAVEHIST|STTY|DIRSTACKSIZE|LISTMAX|REPORTTIME|REPORTMEMORY|KSH_\w+|SHELL|EXECIGNORE|CHILD_MAX|IGNOREEOF|CDPATH|ENV|IFS|PATH|HOME|UID|EUID|PPID|GROUPS|HOSTNAME|HOSTTYPE|MACHTYPE|OSTYPE|FUNCNAME|PIPESTATUS|DIRSTACK|MAPFILE|EMACS|INSIDE_EMACS|SRANDOM|ARGV\w*|FUNCNEST|PROMPT_COMMAND|PROMPT_DIRTRIM)$`)

// shellParameters are the lowercase names a shell itself gives a meaning
// (the runtime's shell may be the user's zsh): zsh ties path to PATH,
// cdpath to CDPATH, fpath and module_path to where functions and modules
// load from, and its parameter tables (aliases, commands, functions, …)
// define what a name runs; Bash reads auto_resume and histchars.
var shellParameters = lazy.New(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`path cdpath fpath manpath mailpath module_path fignore psvar watch prompt histchars auto_resume
		options aliases galiases saliases dis_aliases dis_galiases dis_saliases functions dis_functions functions_source builtins dis_builtins commands modules parameters reswords dis_reswords patchars dis_patchars
		nameddirs userdirs usergroups dirstack jobdirs jobstates jobtexts funcstack functrace funcfiletrace funcsourcetrace history historywords widgets keymaps mapfile termcap terminfo errnos sysparams
		zsh_eval_context zsh_scheduled_events zle_bracketed_paste zle_highlight zle_line_abort zle_spaceout zsh_highlight_highlighters argv status pipestatus signals match mbegin mend epochtime
		precmd_functions preexec_functions chpwd_functions periodic_functions zshaddhistory_functions zshexit_functions zsh_directory_name_functions`) {
		m[n] = true
	}
	return m
})

// shellParameter reports a name the shell itself reads (shellParameters)
// or a hook function's array (zsh's *_functions).
func shellParameter(name string) bool {
	return shellParameters.Get()[name] || strings.HasSuffix(name, "_functions")
}

// readLowercase reports the lowercase names programs read (see
// shellLocalName).
func readLowercase(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasSuffix(lower, "_proxy") || strings.HasPrefix(lower, "npm_") || strings.HasPrefix(lower, "pnpm_") || strings.HasPrefix(lower, "yarn_")
}
