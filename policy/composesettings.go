package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// composeServiceKeys are the service settings of the Compose
// specification. A service is judged by every setting it has, so one
// arbiter does not know (a newer specification's, a typo compose would
// refuse) leaves the service not understood. Those that give the
// container something of the host are judged in service and here; the
// others configure the container itself.
var composeServiceKeys = lazy.New(func() map[string]bool {
	keys := map[string]bool{}
	for _, k := range strings.Fields(`
		annotations attach blkio_config build cap_add cap_drop cgroup cgroup_parent
		command configs container_name cpu_count cpu_percent cpu_period cpu_quota
		cpu_rt_period cpu_rt_runtime cpu_shares cpus cpuset credential_spec
		depends_on deploy develop device_cgroup_rules devices dns dns_opt dns_search
		domainname entrypoint env_file environment expose extends external_links
		extra_hosts gpus group_add healthcheck hostname image init ipc isolation
		labels label_file links logging mac_address mem_limit mem_reservation
		mem_swappiness memswap_limit models net network_mode networks
		oom_kill_disable oom_score_adj pid pids_limit platform ports post_start
		pre_stop privileged profiles provider pull_policy read_only restart runtime
		scale secrets security_opt shm_size stdin_open stop_grace_period stop_signal
		storage_opt sysctls tmpfs tty ulimits use_api_socket user userns_mode uts
		volumes volumes_from working_dir`) {
		keys[k] = true
	}
	return keys
})

// unknownSettings defers a service with a setting arbiter does not know;
// x- fields are extensions compose itself ignores.
func (r *composeReader) unknownSettings(where string, svc map[string]any) {
	for k := range svc {
		if !composeServiceKeys.Get()[k] && !strings.HasPrefix(k, "x-") {
			r.j.fireWith(catalog.UUnknownOption, r.subj, where+" sets "+k+", a setting arbiter does not know, so what it gives the container cannot be checked")
		}
	}
}

// hostFilesOfService judges the host files a service's settings read into
// the container (env_file, label_file) or keep in step with it
// (develop.watch): one outside the project gives the container its
// contents.
func (r *composeReader) hostFilesOfService(where, dir string, svc map[string]any) {
	for _, key := range []string{"env_file", "label_file"} {
		for _, f := range composePaths(svc[key]) {
			r.hostPath(where, "reads "+key, f, dir, "")
		}
	}
	develop, _ := svc["develop"].(map[string]any)
	watch, _ := develop["watch"].([]any)
	for _, w := range watch {
		if m, ok := w.(map[string]any); ok {
			if p, ok := m["path"].(string); ok {
				r.hostPath(where, "watches", p, dir, "")
			}
		}
	}
}

// composePaths reads a path setting: a path, a list of paths, or entries
// with a path (env_file's long form).
func composePaths(v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		out = append(out, v)
	case []any:
		for _, e := range v {
			out = append(out, composePaths(e)...)
		}
	case map[string]any:
		if p, ok := v["path"].(string); ok {
			out = append(out, p)
		}
	}
	return out
}

// hostNetworks records the top-level networks that are the host's own
// network (an external network named host, or one with the host driver):
// a service joining one shares the host's network namespace.
func (r *composeReader) hostNetworks(top map[string]any) {
	nets, _ := top["networks"].(map[string]any)
	for name, n := range nets {
		m, _ := n.(map[string]any)
		real, _ := m["name"].(string)
		driver, _ := m["driver"].(string)
		if real == "host" || driver == "host" {
			r.hostNets[name] = true
		}
	}
}

// joinsNetworks records the networks a service joins (a list of names, or
// a mapping keyed by them), judged once every file is read.
func (r *composeReader) joinsNetworks(where string, svc map[string]any) {
	var names []string
	switch n := svc["networks"].(type) {
	case []any:
		names = scalars(n)
	case map[string]any:
		for k := range n {
			names = append(names, k)
		}
	}
	for _, name := range names {
		r.joins = append(r.joins, composeJoin{where, name})
	}
}

// composeJoin is a service joining a network.
type composeJoin struct{ where, network string }

// sharedHostNetwork asks for each service that joins the host's network.
func (r *composeReader) sharedHostNetwork() {
	for _, jn := range r.joins {
		if jn.network == "host" || r.hostNets[jn.network] {
			r.j.fireWith(catalog.B12PrivilegedContainer, r.subj, jn.where+" joins the network "+jn.network+", which is the host's own network")
		}
	}
}
