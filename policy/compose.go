package policy

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// composeRuns are the compose subcommands that create or start containers
// from the compose file, or build its images: what the file says about
// host access applies to them.
var composeRuns = lazy.New(func() map[string]bool {
	return map[string]bool{"up": true, "run": true, "create": true, "start": true, "restart": true, "build": true, "watch": true}
})

// composeNames are the files compose looks for, in each folder from where
// it runs up to the root, when no -f or COMPOSE_FILE names one (Docker
// Compose's and podman-compose's lists, overrides included: every one
// present in the folder is read, which is stricter than either tool).
var composeNames = []string{
	"compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml",
	"podman-compose.yaml", "podman-compose.yml", "container-compose.yml", "container-compose.yaml",
	"compose.override.yaml", "compose.override.yml", "docker-compose.override.yml", "docker-compose.override.yaml",
	"container-compose.override.yml", "container-compose.override.yaml",
}

// Bounds on what one compose command reads: its files, those they include
// or extend, and how far up the folders the default names are looked for.
const (
	maxComposeFiles = 32
	maxComposeWalk  = 64
)

type composeRead struct {
	docs []any
	err  error
}

// composeCommand returns the words after compose's own name (docker
// compose …, docker-compose …) when c is a compose command.
func composeCommand(c *shell.Command) ([]shell.Word, bool) {
	switch c.Program {
	case "docker-compose", "podman-compose":
		return c.Args, true
	case "docker", "podman", "nerdctl":
		for k, a := range c.Args {
			if a.Text == "compose" {
				return c.Args[k+1:], true
			}
			if !strings.HasPrefix(a.Text, "-") {
				return nil, false
			}
		}
	}
	return nil, false
}

// composeOptions are compose's own options that take a value.
var composeOptions = lazy.New(func() map[string]bool {
	return map[string]bool{"-f": true, "--file": true, "-p": true, "--project-name": true, "--profile": true, "--env-file": true, "--project-directory": true, "--ansi": true, "--parallel": true, "--progress": true}
})

// composeArgs are compose's options before its subcommand.
type composeArgs struct {
	sub, projectDir, envFile string
	files                    []shell.Word
}

func parseComposeArgs(words []shell.Word) composeArgs {
	var a composeArgs
	for k := 0; k < len(words); k++ {
		t := words[k].Text
		name, value, inline := strings.Cut(t, "=")
		if !inline && strings.HasPrefix(t, "-f") && len(t) > 2 && !strings.HasPrefix(t, "--") {
			name, value, inline = "-f", t[2:], true
		}
		if !strings.HasPrefix(t, "-") {
			a.sub = t
			return a
		}
		if !composeOptions.Get()[name] {
			continue
		}
		w := shell.Word{Text: value, Dynamic: words[k].Dynamic}
		if !inline {
			if k+1 >= len(words) {
				return a
			}
			k++
			w = words[k]
		}
		switch name {
		case "-f", "--file":
			a.files = append(a.files, w)
		case "--project-directory":
			a.projectDir = w.Text
		case "--env-file":
			a.envFile = w.Text
		}
	}
	return a
}

// compose reads the compose files a compose command that starts or builds
// containers uses, and judges what they give the containers of the host.
func (j *judgement) compose(c *shell.Command) {
	words, ok := composeCommand(c)
	if !ok {
		return
	}
	args := parseComposeArgs(words)
	if !composeRuns.Get()[args.sub] {
		return
	}
	subj := c.String()
	files, ok := j.composeFiles(c, args, subj)
	if !ok {
		return
	}
	r := composeReader{j: j, subj: subj, seen: map[string]bool{}, hostNets: map[string]bool{}}
	for _, f := range files {
		if !r.file(f, 0) {
			return
		}
	}
	r.sharedHostNetwork()
}

// composeFiles lists the files compose will read first: -f, else
// COMPOSE_FILE (the command's own environment, or the .env file), else the
// default names found from the folder it runs in upwards. ok is false when
// a finding was made instead (a file from standard input, a name only
// known at run time).
func (j *judgement) composeFiles(c *shell.Command, args composeArgs, subj string) ([]string, bool) {
	dir := j.res.Resolve(".", c.Dir)
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, "compose reads its file from a folder only known when the command runs")
		return nil, false
	}
	if args.projectDir != "" {
		dir = j.res.Resolve(args.projectDir, dir)
	}
	var named []string
	for _, w := range args.files {
		switch {
		case w.Dynamic:
			j.fireWith(catalog.UUnresolved, subj, "compose reads a file named only when the command runs, so what it gives the containers cannot be checked")
			return nil, false
		case w.Text == "-":
			j.fireWith(catalog.UUnreadableConfig, subj, "compose reads its file from standard input, which arbiter cannot read, so what it gives the containers of the host cannot be checked")
			return nil, false
		}
		named = append(named, j.res.Resolve(w.Text, dir))
	}
	if len(named) > 0 {
		return named, true
	}
	if list, ok, found := j.composeFileVariable(c, args, dir, subj); !ok {
		return nil, false
	} else if found {
		return list, true
	}
	return composeDefaults(dir), true
}

// composeFileVariable reads COMPOSE_FILE from the command's environment or
// the .env file compose loads; found is false when neither sets it.
func (j *judgement) composeFileVariable(c *shell.Command, args composeArgs, dir, subj string) (files []string, ok, found bool) {
	value, set, dynamic := "", false, false
	for _, e := range c.Env {
		if e.Name == "COMPOSE_FILE" {
			value, set, dynamic = e.Value.Text, true, e.Value.Dynamic
		}
	}
	if !set {
		env := path.Join(dir, ".env")
		if args.envFile != "" {
			env = j.res.Resolve(args.envFile, dir)
		}
		var err error
		value, set, err = envFileValue(env, "COMPOSE_FILE")
		if err != nil {
			j.fireWith(catalog.UUnreadableConfig, subj, "compose reads COMPOSE_FILE from "+j.fileShown(env)+", and "+err.Error())
			return nil, false, false
		}
		dynamic = strings.Contains(value, "$")
	}
	if !set {
		return nil, true, false
	}
	if dynamic {
		j.fireWith(catalog.UUnresolved, subj, "COMPOSE_FILE names its files with a variable only known when the command runs")
		return nil, false, false
	}
	for _, p := range strings.Split(value, ":") {
		if p != "" {
			files = append(files, j.res.Resolve(p, dir))
		}
	}
	return files, true, true
}

// envFileValue finds NAME=VALUE in a dotenv file; a missing file sets
// nothing.
func envFileValue(file, name string) (value string, set bool, err error) {
	f, err := project.Read(file)
	switch {
	case project.IsNotExist(err):
		return "", false, nil
	case err != nil:
		return "", false, err
	case f.Kind != project.Text:
		return "", false, fmt.Errorf("it holds %s", f.Kind)
	}
	for _, line := range strings.Split(f.Text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
		k, v, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(k) == name {
			value, set = strings.Trim(strings.TrimSpace(v), `"'`), true
		}
	}
	return value, set, nil
}

// composeDefaults finds the default compose files: those in the first
// folder, from dir upwards, that holds any.
func composeDefaults(dir string) []string {
	for d, k := dir, 0; k < maxComposeWalk; d, k = path.Dir(d), k+1 {
		var found []string
		for _, name := range composeNames {
			if info, err := os.Stat(path.Join(d, name)); err == nil && info.Mode().IsRegular() {
				found = append(found, path.Join(d, name))
			}
		}
		if len(found) > 0 || d == "/" {
			return found
		}
	}
	return nil
}

// composeReader judges compose files, following include and extends.
type composeReader struct {
	j        *judgement
	subj     string
	seen     map[string]bool
	hostNets map[string]bool // top-level networks that are the host's
	joins    []composeJoin
}

// file judges one compose file; false when it made a finding that stops
// reading (the file could not be read).
func (r *composeReader) file(file string, depth int) bool {
	if r.seen[file] {
		return true
	}
	r.seen[file] = true
	shown := r.j.fileShown(file)
	if len(r.seen) > maxComposeFiles || depth > maxReading {
		r.j.fireWith(catalog.UTooDeep, r.subj, "compose includes or extends more than "+fmt.Sprint(maxComposeFiles)+" files ("+shown+")")
		return false
	}
	docs, err := r.j.cachedCompose(file)
	switch {
	case project.IsNotExist(err):
		return true // compose stops there, having started nothing
	case err != nil:
		r.j.fireWith(catalog.UUnreadableConfig, r.subj, "compose reads "+shown+", which arbiter cannot read: "+err.Error())
		return false
	}
	dir := path.Dir(file)
	for _, doc := range docs {
		top, _ := doc.(map[string]any)
		for _, inc := range composeIncludes(top["include"]) {
			if !r.file(r.j.res.Resolve(inc, dir), depth+1) {
				return false
			}
		}
		r.hostNetworks(top)
		services, _ := top["services"].(map[string]any)
		for name, s := range services {
			svc, _ := s.(map[string]any)
			if !r.service(shown, dir, name, svc, depth) {
				return false
			}
		}
		r.hostFiles(shown, dir, top)
	}
	return true
}

// composeIncludes lists the files an include: entry names (a path, or a
// mapping whose path is one or a list).
func composeIncludes(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, e := range list {
		switch e := e.(type) {
		case string:
			out = append(out, e)
		case map[string]any:
			out = append(out, scalars(e["path"])...)
		}
	}
	return out
}

// scalars reads a scalar or a list of scalars.
func scalars(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			} else if e != nil {
				out = append(out, fmt.Sprint(e))
			}
		}
		return out
	}
	return nil
}

// composeHostKeys are the service settings that share a namespace of the
// host's with the container when set to "host".
var composeHostKeys = []string{"pid", "ipc", "uts", "network_mode", "userns_mode", "cgroup", "net"}

// service judges one service: what it shares of the host, what it mounts,
// where it builds, and the file it extends.
func (r *composeReader) service(shown, dir, name string, svc map[string]any, depth int) bool {
	where := "service " + name + " in " + shown
	host := func(what string) {
		r.j.fireWith(catalog.B12PrivilegedContainer, r.subj, where+" "+what)
	}
	if r.variable(where, svc, "privileged", "pid", "ipc", "uts", "network_mode", "userns_mode", "cgroup", "net", "cap_add", "devices", "device_cgroup_rules", "security_opt", "use_api_socket", "env_file", "label_file", "networks", "develop") {
		return true
	}
	r.unknownSettings(where, svc)
	if truthy(svc["privileged"]) {
		host("is privileged: it can do anything the host's root can")
	}
	if truthy(svc["use_api_socket"]) {
		host("is given the container engine's API socket, with which it can start privileged containers")
	}
	for _, k := range composeHostKeys {
		if s, _ := svc[k].(string); s == "host" {
			host("shares the host's " + k + " namespace (" + k + ": host)")
		}
	}
	if caps := scalars(svc["cap_add"]); len(caps) > 0 {
		host("adds the capabilities " + strings.Join(caps, ", ") + ", which reach past the container")
	}
	if devs := scalars(svc["devices"]); len(devs) > 0 {
		host("is given the host's devices " + strings.Join(devs, ", "))
	}
	if rules := scalars(svc["device_cgroup_rules"]); len(rules) > 0 {
		host("may use the host's devices by the rules " + strings.Join(rules, ", "))
	}
	for _, o := range scalars(svc["security_opt"]) {
		if lo := strings.ToLower(o); strings.Contains(lo, "unconfined") || strings.Contains(lo, "disable") {
			host("switches off its confinement (security_opt " + o + ")")
		}
	}
	for _, lc := range []string{"post_start", "pre_stop"} {
		hooks, _ := svc[lc].([]any)
		for _, h := range hooks {
			if hm, ok := h.(map[string]any); ok && truthy(hm["privileged"]) {
				host("runs a privileged " + lc + " command")
			}
		}
	}
	if _, ok := svc["provider"]; ok {
		r.j.fireWith(catalog.URunsAProgram, r.subj, where+" has a provider, a program compose runs on the host, which arbiter did not check")
	}
	r.volumes(where, dir, svc["volumes"])
	r.hostFilesOfService(where, dir, svc)
	r.joinsNetworks(where, svc)
	r.build(where, dir, svc["build"])
	return r.extends(dir, svc["extends"], depth)
}

// variable defers a service whose deciding settings use interpolation
// (${VAR}, $VAR): their value is known only when compose runs. True when
// it did.
func (r *composeReader) variable(where string, svc map[string]any, keys ...string) bool {
	for _, k := range keys {
		if v, ok := svc[k]; ok && interpolates(v, 0) {
			r.j.fireWith(catalog.UUnresolved, r.subj, where+" sets "+k+" from a variable only known when compose runs, so what it gives the container of the host cannot be checked")
			return true
		}
	}
	return false
}

// interpolates reports a $ that compose replaces ($$ is a literal $).
func interpolates(v any, depth int) bool {
	if depth > 8 {
		return true
	}
	switch v := v.(type) {
	case string:
		return strings.Contains(strings.ReplaceAll(v, "$$", ""), "$")
	case []any:
		for _, e := range v {
			if interpolates(e, depth+1) {
				return true
			}
		}
	case map[string]any:
		for k, e := range v {
			if interpolates(k, depth+1) || interpolates(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func truthy(v any) bool {
	s, _ := v.(string)
	switch strings.ToLower(s) {
	case "true", "yes", "on", "y", "1":
		return true
	}
	return false
}

// volumes judges a service's mounts: a bind mount of a host folder outside
// the project (the root, the home folder, credentials, the engine's
// socket) gives the container the host.
func (r *composeReader) volumes(where, dir string, v any) {
	list, _ := v.([]any)
	for _, e := range list {
		var source, mode string
		switch e := e.(type) {
		case string:
			parts := strings.Split(e, ":")
			if len(parts) < 2 {
				continue // an anonymous volume
			}
			source = parts[0]
			if len(parts) > 2 {
				mode = parts[len(parts)-1]
			}
		case map[string]any:
			if t, _ := e["type"].(string); t != "bind" {
				continue
			}
			source, _ = e["source"].(string)
			if truthy(e["read_only"]) {
				mode = "ro"
			}
		}
		if interpolates(source, 0) {
			r.j.fireWith(catalog.UUnresolved, r.subj, where+" mounts "+clipText(source, 60)+", a host path only known when compose runs, so what it gives the container cannot be checked")
			continue
		}
		if !isHostPath(source) {
			continue // a named volume
		}
		r.hostPath(where, "mounts", source, dir, mode)
	}
}

// isHostPath tells a bind mount's host path from a named volume's name.
func isHostPath(s string) bool {
	return strings.HasPrefix(s, "/") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~")
}

// hostPath judges a host path given to a container.
func (r *composeReader) hostPath(where, verb, source, dir, mode string) {
	abs := r.j.res.Resolve(source, dir)
	switch place := r.j.res.Classify(abs, false); {
	case place == paths.Project || place == paths.ProjectRoot:
		return
	case mode == "ro" && inertHostFiles.Get()[abs]:
		return
	}
	what := r.j.shownPath(abs)
	switch {
	case abs == "/":
		what = "the host's root folder"
	case strings.HasSuffix(abs, "docker.sock") || strings.HasSuffix(abs, "podman.sock"):
		what = "the container engine's socket " + abs + ", with which it can start privileged containers"
	}
	r.j.fireWith(catalog.B12PrivilegedContainer, r.subj, where+" "+verb+" "+what+" from outside the project")
}

// inertHostFiles are host files commonly given read-only to containers
// for their clock, which give nothing else.
var inertHostFiles = lazy.New(func() map[string]bool {
	return map[string]bool{"/etc/localtime": true, "/etc/timezone": true}
})

// hostFiles judges the top-level configs, secrets and volumes that take a
// host file or folder: a secret from ~/.ssh is a mount of it.
func (r *composeReader) hostFiles(shown, dir string, top map[string]any) {
	for _, section := range []string{"configs", "secrets"} {
		items, _ := top[section].(map[string]any)
		for name, it := range items {
			m, _ := it.(map[string]any)
			if f, ok := m["file"].(string); ok {
				where := section + " " + name + " in " + shown
				if interpolates(f, 0) {
					r.j.fireWith(catalog.UUnresolved, r.subj, where+" names its file with a variable only known when compose runs")
					continue
				}
				r.hostPath(where, "gives the containers", f, dir, "")
			}
		}
	}
	vols, _ := top["volumes"].(map[string]any)
	for name, it := range vols {
		m, _ := it.(map[string]any)
		opts, _ := m["driver_opts"].(map[string]any)
		if dev, ok := opts["device"].(string); ok && isHostPath(dev) {
			where := "volume " + name + " in " + shown
			if interpolates(dev, 0) {
				r.j.fireWith(catalog.UUnresolved, r.subj, where+" names its folder with a variable only known when compose runs")
				continue
			}
			r.hostPath(where, "binds", dev, dir, "")
		}
	}
}

// build judges where a service's image is built from: a context outside
// the project (a URL, a folder elsewhere) runs build steps arbiter did not
// read.
func (r *composeReader) build(where, dir string, v any) {
	var contexts []string
	switch b := v.(type) {
	case nil:
		return
	case string:
		contexts = []string{b}
	case map[string]any:
		if c, ok := b["context"].(string); ok {
			contexts = append(contexts, c)
		} else {
			contexts = append(contexts, ".")
		}
		extra, _ := b["additional_contexts"].(map[string]any)
		for _, c := range extra {
			if s, ok := c.(string); ok && !strings.HasPrefix(s, "docker-image://") && !strings.HasPrefix(s, "service:") {
				contexts = append(contexts, s)
			}
		}
	default:
		contexts = []string{fmt.Sprint(b)}
	}
	for _, c := range contexts {
		if interpolates(c, 0) {
			r.j.fireWith(catalog.UUnresolved, r.subj, where+" builds from "+clipText(c, 60)+", a place only known when compose runs")
			continue
		}
		if strings.Contains(c, "://") || strings.HasPrefix(c, "git@") || strings.HasPrefix(c, "github.com/") {
			r.j.fireWith(catalog.CRunOutsideCode, r.subj, where+" builds from "+clipText(c, 60)+", whose build steps arbiter did not read")
			continue
		}
		abs := r.j.res.Resolve(c, dir)
		if place := r.j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot {
			r.j.fireWith(catalog.CRunOutsideCode, r.subj, where+" builds from "+r.j.shownPath(abs)+", outside the project, whose build steps arbiter did not read")
		}
	}
}

// extends reads the file a service extends (the same file's services are
// judged with it).
func (r *composeReader) extends(dir string, v any, depth int) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return true
	}
	f, ok := m["file"].(string)
	if !ok {
		return true
	}
	if interpolates(f, 0) {
		r.j.fireWith(catalog.UUnresolved, r.subj, "a service extends a file named with a variable only known when compose runs")
		return false
	}
	return r.file(r.j.res.Resolve(f, dir), depth+1)
}

// cachedCompose reads a compose file once per decision.
func (j *judgement) cachedCompose(file string) ([]any, error) {
	c := j.cache()
	if c.compose == nil {
		c.compose = map[string]composeRead{}
	}
	if r, ok := c.compose[file]; ok {
		return r.docs, r.err
	}
	docs, err := project.ReadYAML(file)
	c.compose[file] = composeRead{docs, err}
	return docs, err
}
