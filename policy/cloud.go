package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// cloud judges infrastructure and cloud CLIs: reads defer to the runtime,
// deletions and applies ask (B1, B6).
func (j *judgement) cloud(c *shell.Command) {
	subj := c.String()
	text := " " + strings.Join(c.ArgTexts(), " ") + " "
	for _, w := range []string{" delete ", " destroy ", " rm ", " remove ", " rb ", " terminate-instances ", " delete-", " uninstall ", " drain ", " scale ", " purge "} {
		if strings.Contains(text, w) {
			j.fire(catalog.B1CloudDelete, subj)
			return
		}
	}
	for _, w := range []string{" apply ", " create ", " deploy ", " up ", " run-instances ", " publish ", " set ", " patch ", " replace ", " rollout ", " install ", " upgrade ", " put-", " cp ", " sync ", " mv ", " update"} {
		if strings.Contains(text, w) {
			j.fire(catalog.B6CloudChange, subj)
			return
		}
	}
	if strings.Contains(text, " auth ") || strings.Contains(text, " login ") || strings.Contains(text, " configure ") {
		j.fireWith(catalog.C6Login, subj, "signs in to a cloud account")
		return
	}
	j.fire(catalog.C1CloudRead, subj)
}
