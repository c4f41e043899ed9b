package policy

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
)

// devcontainerReader judges dev container configurations, with the
// compose reader's checks of what reaches the host.
type devcontainerReader struct {
	composeReader
	sub string
	ws  string // the workspace folder, absolute
}

// devcontainerLifecycle are the configuration's commands: initializeCommand
// runs on this machine, the others inside the container.
var devcontainerLifecycle = []string{"initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"}

// devcontainerVariable is a ${…} the CLI replaces in the configuration.
var devcontainerVariable = lazy.New(func() *regexp.Regexp { return regexp.MustCompile(`\$\{([^}]*)\}`) })

// config judges one configuration file; false when it made a finding that
// stops reading.
func (d *devcontainerReader) config(file string) bool {
	j := d.j
	shown := j.fileShown(file)
	doc, err := project.ReadDevcontainer(file)
	switch {
	case project.IsNotExist(err):
		j.fireWith(catalog.D5Build, d.subj, "finds no dev container configuration "+shown+", so it starts nothing")
		return false
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, d.subj, "devcontainer reads "+shown+", which arbiter cannot read: "+err.Error())
		return false
	}
	if d.sub == "read-configuration" {
		if usesHostEnvironment(doc) {
			j.fireWith(catalog.B3SecretPrint, d.subj, "prints the dev container configuration with the values of the variables of this machine it names (${localEnv:…}) filled in, where tokens are")
		}
		return true
	}
	for k := range doc {
		if strings.HasSuffix(strings.ToLower(k), "command") && !slices.Contains(devcontainerLifecycle, k) {
			j.fireWith(catalog.URunsAProgram, d.subj, shown+" has "+k+", a setting arbiter does not know, which may run a program")
			return false
		}
	}
	dir := path.Dir(file)
	where := "the dev container of " + shown
	if d.sub == "up" || d.sub == "build" {
		if !d.hostCommand(shown, doc["initializeCommand"]) {
			return false
		}
		d.image(where, dir, doc)
	}
	if d.sub == "up" {
		d.container(where, dir, doc)
		for _, f := range scalars(doc["dockerComposeFile"]) {
			if !d.composeReader.file(j.res.Resolve(f, dir), 1) {
				return false
			}
		}
	}
	return true
}

// usesHostEnvironment reports a configuration that names a variable of
// this machine.
func usesHostEnvironment(doc map[string]any) bool {
	b, _ := json.Marshal(doc)
	return strings.Contains(string(b), "${localEnv:")
}

// hostCommand judges initializeCommand, which the CLI runs on this
// machine in the workspace folder: a string through a shell, a list of
// words as a program and its arguments, an object's values in parallel.
func (d *devcontainerReader) hostCommand(shown string, v any) bool {
	var lines []string
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			line, ok := devcontainerLine(v[k])
			if !ok {
				return d.unreadableCommand(shown)
			}
			lines = append(lines, line)
		}
	default:
		line, ok := devcontainerLine(v)
		if !ok {
			return d.unreadableCommand(shown)
		}
		lines = append(lines, line)
	}
	for _, line := range lines {
		text, ok := d.substitute(line, true)
		if !ok {
			d.j.fireWith(catalog.UUnresolved, d.subj, "the initializeCommand of "+shown+" uses a variable arbiter cannot tell on this machine ("+clipText(line, 60)+")")
			return false
		}
		d.j.shellText(text, d.ws, d.subj+" (initializeCommand of "+shown+": "+clipText(text, 80)+")")
	}
	return true
}

func (d *devcontainerReader) unreadableCommand(shown string) bool {
	d.j.fireWith(catalog.UUnreadableConfig, d.subj, "the initializeCommand of "+shown+" is neither a command line nor a list of words, so what it runs on this machine cannot be read")
	return false
}

// devcontainerLine is a command as a shell line: a string as it is, a list
// of strings quoted word by word.
func devcontainerLine(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case []any:
		words := make([]string, 0, len(v))
		for _, w := range v {
			s, ok := w.(string)
			if !ok {
				return "", false
			}
			words = append(words, shellQuote(s))
		}
		return strings.Join(words, " "), len(words) > 0
	}
	return "", false
}

// substitute replaces the CLI's variables of this machine: the workspace
// folder, and ${localEnv:NAME} (as the shell's $NAME in a command, which
// the analysis judges; in a path only HOME is known). ok is false for
// another variable.
func (d *devcontainerReader) substitute(s string, command bool) (string, bool) {
	ok := true
	out := devcontainerVariable.Get().ReplaceAllStringFunc(s, func(m string) string {
		name := m[2 : len(m)-1]
		switch {
		case name == "localWorkspaceFolder":
			return d.ws
		case name == "localWorkspaceFolderBasename":
			return path.Base(d.ws)
		case name == "localEnv:HOME" || name == "localEnv:USERPROFILE" || name == "env:HOME":
			return d.j.res.Home
		}
		if v, found := strings.CutPrefix(name, "localEnv:"); found && command {
			v, _, _ = strings.Cut(v, ":")
			return "${" + v + "}"
		}
		ok = false
		return m
	})
	return out, ok
}

// image judges where the image is built from: a Dockerfile and context
// outside the project run build steps arbiter did not read.
func (d *devcontainerReader) image(where, dir string, doc map[string]any) {
	b, _ := doc["build"].(map[string]any)
	if b == nil {
		b = map[string]any{}
		if f, ok := doc["dockerFile"]; ok {
			b["dockerfile"] = f
			b["context"] = doc["context"]
		}
	}
	for _, k := range []string{"dockerfile", "context"} {
		s, ok := b[k].(string)
		if !ok {
			continue
		}
		src, known := d.substitute(s, false)
		if !known {
			d.j.fireWith(catalog.UUnresolved, d.subj, where+" builds from "+clipText(s, 60)+", a place only known when the CLI runs")
			continue
		}
		abs := d.j.res.Resolve(src, dir)
		if place := d.j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot {
			d.j.fireWith(catalog.CRunOutsideCode, d.subj, where+" builds from "+d.j.shownPath(abs)+", outside the project, whose build steps arbiter did not read")
		}
	}
	if opts, ok := b["options"].([]any); ok {
		d.runArgs(where+" (build options)", dir, opts)
	}
}

// container judges what the container is given of the host.
func (d *devcontainerReader) container(where, dir string, doc map[string]any) {
	host := func(what string) { d.j.fireWith(catalog.B12PrivilegedContainer, d.subj, where+" "+what) }
	if truthyJSON(doc["privileged"]) {
		host("is privileged: it can do anything the host's root can")
	}
	if caps := scalars(doc["capAdd"]); len(caps) > 0 {
		host("adds the capabilities " + strings.Join(caps, ", ") + ", which reach past the container")
	}
	for _, o := range scalars(doc["securityOpt"]) {
		if lo := strings.ToLower(o); strings.Contains(lo, "unconfined") || strings.Contains(lo, "disable") {
			host("switches off its confinement (securityOpt " + o + ")")
		}
	}
	if list, ok := doc["runArgs"].([]any); ok {
		d.runArgs(where, dir, list)
	}
	if m, ok := doc["workspaceMount"].(string); ok {
		d.mount(where+" (workspaceMount)", m, dir)
	}
	mounts, _ := doc["mounts"].([]any)
	for _, m := range mounts {
		switch m := m.(type) {
		case string:
			d.mount(where, m, dir)
		case map[string]any:
			t, _ := m["type"].(string)
			src, _ := m["source"].(string)
			if t == "bind" {
				d.bind(where, src, dir, "")
			}
		}
	}
}

// truthyJSON is a JSON true, or a string compose-style truthy.
func truthyJSON(v any) bool {
	if b, ok := v.(bool); ok {
		return b
	}
	return truthy(v)
}

// mount judges a mount in docker's --mount syntax (type=bind,source=…).
func (d *devcontainerReader) mount(where, spec, dir string) {
	kind, src, mode := "volume", "", ""
	for _, f := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(f, "=")
		switch strings.TrimSpace(k) {
		case "type":
			kind = v
		case "source", "src":
			src = v
		case "readonly", "ro":
			if v == "" || v == "true" || v == "1" {
				mode = "ro"
			}
		}
	}
	if kind == "bind" {
		d.bind(where, src, dir, mode)
	}
}

// bind judges a host folder given to the container.
func (d *devcontainerReader) bind(where, src, dir, mode string) {
	abs, ok := d.substitute(src, false)
	if !ok || interpolates(abs, 0) {
		d.j.fireWith(catalog.UUnresolved, d.subj, where+" mounts "+clipText(src, 60)+", a host path only known when the CLI runs, so what it gives the container cannot be checked")
		return
	}
	if abs == "" {
		return
	}
	d.hostPath(where, "mounts", abs, dir, mode)
}

// devcontainerHostNamespaces are docker run's options that share a
// namespace of the host's when given "host".
var devcontainerHostNamespaces = lazy.New(func() map[string]bool {
	return setOfWords("--pid", "--ipc", "--uts", "--network", "--net", "--userns", "--cgroupns")
})

// runArgs judges the docker run arguments the configuration adds: those
// that reach past the container; the others only shape it.
func (d *devcontainerReader) runArgs(where, dir string, list []any) {
	host := func(what string) { d.j.fireWith(catalog.B12PrivilegedContainer, d.subj, where+" "+what) }
	for k := 0; k < len(list); k++ {
		s, ok := list[k].(string)
		if !ok {
			d.j.fireWith(catalog.UUnreadableConfig, d.subj, where+" has a run argument that is not a string ("+clipText(fmt.Sprint(list[k]), 40)+")")
			return
		}
		name, value, inline := strings.Cut(s, "=")
		next := func() string {
			if inline {
				return value
			}
			if k+1 < len(list) {
				k++
				v, _ := list[k].(string)
				return v
			}
			return ""
		}
		switch {
		case name == "--privileged":
			host("is privileged (--privileged): it can do anything the host's root can")
		case name == "--cap-add":
			host("adds the capability " + next() + ", which reaches past the container")
		case name == "--device":
			host("is given the host's device " + next())
		case name == "--security-opt":
			if lo := strings.ToLower(next()); strings.Contains(lo, "unconfined") || strings.Contains(lo, "disable") {
				host("switches off its confinement (--security-opt " + lo + ")")
			}
		case devcontainerHostNamespaces.Get()[name]:
			if v := next(); v == "host" {
				host("shares the host's namespace (" + name + "=host)")
			}
		case name == "-v" || name == "--volume":
			d.volume(where, next(), dir)
		case strings.HasPrefix(s, "-v") && !strings.HasPrefix(s, "--"):
			d.volume(where, s[2:], dir) // -v/src:/dst
		case name == "--mount":
			d.mount(where, next(), dir)
		}
	}
}

// volume judges a -v SOURCE:TARGET[:MODE]: a host path as a source (not a
// named volume's name) is a bind mount.
func (d *devcontainerReader) volume(where, spec, dir string) {
	parts := strings.Split(spec, ":")
	if len(parts) < 2 {
		return // an anonymous volume
	}
	mode := ""
	if len(parts) > 2 {
		mode = parts[len(parts)-1]
	}
	if src, _ := d.substitute(parts[0], false); isHostPath(src) || strings.Contains(parts[0], "${") {
		d.bind(where, parts[0], dir, mode)
	}
}
