package report

import (
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/replay"
)

// TestReportHeadlineFirst: the page opens with the finding that matters
// (for a replay, the calls that ran which arbiter would have denied),
// and lists every session and the files that could not be read.
func TestReportHeadlineFirst(t *testing.T) {
	ran := Entry{Time: time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC), Runtime: "claude", Tool: "Bash", Subject: "rm -rf ~/old-project",
		Decision: arbiter.Deny, Rules: []string{"A2.home-delete"}, Reason: "deletes the home folder", Outcome: "ran"}
	d := Data{Source: "replay", Replayed: true, Entries: []Entry{ran, {Tool: "Bash", Subject: "git status", Decision: arbiter.Allow}},
		RanDenied: []Entry{ran},
		Sessions: []SessionRow{{Runtime: "claude", Start: ran.Time, Calls: 2, Decisions: map[string]int{"allow": 1, "deny": 1}, Project: "/home/dev/shop"},
			{Runtime: "codex", Calls: 0, Decisions: map[string]int{}, Project: "/home/dev/api"}},
		Unreadable: []replay.Unreadable{{Path: "/home/dev/.codex/sessions/broken.jsonl", Error: "line 3: not JSON"}}}
	page := render(t, d)
	first := strings.Index(page, "<section id=")
	if !strings.HasPrefix(page[first:], `<section id="headline">`) {
		t.Fatalf("the first section is not the headline: %.80s", page[first:])
	}
	head := page[first:strings.Index(page, `<section id="summary">`)]
	for _, want := range []string{"1 call ran that arbiter would have denied", `class="alarm"`, "rm -rf ~/old-project", "A2.home-delete", "1 session could not be read"} {
		if !strings.Contains(head, want) {
			t.Errorf("the headline lacks %q:\n%s", want, head)
		}
	}
	for _, want := range []string{"/home/dev/shop", "/home/dev/api", "/home/dev/.codex/sessions/broken.jsonl", "line 3: not JSON"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	d.RanDenied = nil
	if page := render(t, d); !strings.Contains(page, "No call that ran would arbiter have denied (2 calls in 2 sessions)") || strings.Contains(page, `<h2 class="alarm">`) {
		t.Error("a clean replay's headline is wrong")
	}
}
