package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
)

// docker inspect prints a container's whole configuration, environment
// included, unless --format picks fields: a template that reaches only
// the container's state, size, name and network settings prints no
// secret. Each routine case asked; each neighbour reaches the
// environment, or the whole value, and still asks.
func TestDockerInspectFormat(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want arbiter.Verdict
	}{
		{`docker inspect --format '{{.State.Health.Status}}' web`, arbiter.Allow},
		{`docker image inspect --format '{{.Size}}' app:latest`, arbiter.Allow},
		{`docker inspect -f '{{json .NetworkSettings.Ports}}' db`, arbiter.Allow},
		{`docker inspect --format='{{.State.Running}} {{.RestartCount}} {{.Name}}' web`, arbiter.Allow},
		// Neighbours.
		{`docker inspect web`, arbiter.Ask},
		{`docker inspect --format '{{.Config.Env}}' web`, arbiter.Ask},
		{`docker inspect --format '{{json .}}' web`, arbiter.Ask},
		{`docker inspect -f '{{range .Config.Env}}{{println .}}{{end}}' web`, arbiter.Ask},
		{`docker inspect -f '{{index . "Config"}}' web`, arbiter.Ask},
		{`docker inspect -f '{{$c := .}}{{$c.Config.Env}}' web`, arbiter.Ask},
		{`docker inspect -f '{{.State.Status}}' -f '{{.Config.Env}}' web`, arbiter.Ask},
		{`docker inspect --format '{{define ""}}{{json .Config.Env}}{{end}}' web`, arbiter.Ask},
		{`docker inspect --format '{{define "x"}}{{.Config.Env}}{{end}}{{.Name}}' web`, arbiter.Ask},
		{`docker inspect --format '{{.Name}}' -sf '{{json .Config.Env}}' web`, arbiter.Ask},
	} {
		d := Decide(context.Background(), bash(tt.cmd))
		if d.Decision != tt.want {
			t.Errorf("%s\n got %s %v: %s\nwant %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
