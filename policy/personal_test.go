package policy

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
)

func TestPersonalDataToTheWeb(t *testing.T) {
	said := []string{
		"My email is Jane.Doe+work@Example.com and my cell is +1 (415) 555-0134; the customer's SSN 123-45-6789 failed validation. Card 4111 1111 1111 1111 was declined.",
	}
	tests := []struct {
		tool  string
		input map[string]any
		want  arbiter.Verdict
	}{
		// An email address from the user's messages.
		{"WebSearch", map[string]any{"query": "jane.doe+work@example.com"}, arbiter.Ask},
		{"WebSearch", map[string]any{"query": "who is Jane.Doe+work@Example.com linkedin"}, arbiter.Ask},
		{"WebFetch", map[string]any{"url": "https://www.google.com/search?q=jane.doe%2Bwork%40example.com", "prompt": "find"}, arbiter.Ask},
		{"WebFetch", map[string]any{"url": "https://haveibeenpwned.com/account/jane.doe+work@example.com", "prompt": "check"}, arbiter.Ask},
		// A phone number, however it is written.
		{"WebSearch", map[string]any{"query": "reverse lookup 415-555-0134"}, arbiter.Ask},
		{"WebSearch", map[string]any{"query": "+14155550134 owner"}, arbiter.Ask},
		{"WebSearch", map[string]any{"query": "(415) 555 0134 spam?"}, arbiter.Ask},
		{"WebFetch", map[string]any{"url": "https://www.whitepages.com/phone/1-415-555-0134", "prompt": "who"}, arbiter.Ask},
		// Identity and card numbers.
		{"WebSearch", map[string]any{"query": "ssn 123-45-6789 valid"}, arbiter.Ask},
		{"WebSearch", map[string]any{"query": "4111111111111111 bin lookup"}, arbiter.Ask},
		{"WebFetch", map[string]any{"url": "https://binlist.net/lookup/4111%201111%201111%201111", "prompt": "bank"}, arbiter.Ask},
		// Identifiers not from the user's messages, and ordinary queries.
		{"WebSearch", map[string]any{"query": "golang errors.Join example"}, arbiter.Allow},
		{"WebSearch", map[string]any{"query": "contact support@github.com billing"}, arbiter.Allow},
		{"WebSearch", map[string]any{"query": "release notes 2024-05-06 12:30 outage"}, arbiter.Allow},
		{"WebSearch", map[string]any{"query": "port 415 on 192.168.100.200"}, arbiter.Allow},
	}
	for _, tt := range tests {
		c := tool(tt.tool, tt.input)
		c.Requests = said
		d := Decide(context.Background(), c)
		if tt.want == arbiter.Ask && (d.Decision != arbiter.Ask || !hasRuleID(d.Rules, "C1.personal-data")) || tt.want == arbiter.Allow && hasRuleID(d.Rules, "C1.personal-data") {
			t.Errorf("%s %v: got %s %v (%s), want %s", tt.tool, tt.input, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
	// Without the user's messages nothing is personal to them.
	d := Decide(context.Background(), tool("WebSearch", map[string]any{"query": "jane.doe+work@example.com"}))
	if hasRuleID(d.Rules, "C1.personal-data") {
		t.Errorf("an address not from the user's messages was taken as theirs: %v", d.Rules)
	}
}

func TestPersonalReasonMasks(t *testing.T) {
	c := tool("WebSearch", map[string]any{"query": "jane.doe@example.com"})
	c.Requests = []string{"I am jane.doe@example.com"}
	d := Decide(context.Background(), c)
	if d.Decision != arbiter.Ask || strings.Contains(d.Reason, "jane.doe@") {
		t.Errorf("got %s (%s): want an ask that does not repeat the address", d.Decision, d.Reason)
	}
}

// FuzzIdentifiers checks that reading personal identifiers out of any
// text neither panics nor takes long.
func FuzzIdentifiers(f *testing.F) {
	for _, s := range []string{"a@b.co", "+1 (415) 555-0134", "123-45-6789", "4111 1111 1111 1111", "@@..", "2024-05-06 12:30", "(((((1"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, said, query string) {
		c := tool("WebSearch", map[string]any{"query": query})
		c.Requests = []string{said}
		d := Decide(context.Background(), c)
		if d.Decision == arbiter.Allow && hasRuleID(d.Rules, "C1.personal-data") {
			t.Fatal("allowed with a personal-data finding")
		}
		if el := steadyTime(50*time.Millisecond, func() { Decide(context.Background(), c) }); el > 50*time.Millisecond && len(said)+len(query) < 100000 {
			t.Fatalf("took %v", el)
		}
	})
}
