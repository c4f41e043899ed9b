package setup

import "testing"

// TestOpenClawEnabled reads whether openclaw.json runs arbiter's plugin.
func TestOpenClawEnabled(t *testing.T) {
	for _, c := range []struct {
		config string
		want   bool
		bad    bool
	}{
		{`{"plugins": {"entries": {"arbiter": {"enabled": true}}}}`, true, false},
		{"{\n  // mine\n  \"plugins\": {\"entries\": {\"arbiter\": {\"enabled\": true,},},},\n}", true, false},
		{`{"plugins": {"allow": ["arbiter", "x"], "entries": {"arbiter": {"enabled": true}}}}`, true, false},
		{`{}`, false, false},
		{`{"plugins": {"entries": {"arbiter": {"enabled": false}}}}`, false, false},
		{`{"plugins": {"enabled": false, "entries": {"arbiter": {"enabled": true}}}}`, false, false},
		{`{"plugins": {"deny": ["arbiter"], "entries": {"arbiter": {"enabled": true}}}}`, false, false},
		{`{"plugins": {"allow": ["voice-call"], "entries": {"arbiter": {"enabled": true}}}}`, false, false},
		{`{plugins: {entries: {arbiter: {enabled: true}}}}`, false, true},
	} {
		on, why, err := OpenClawEnabled([]byte(c.config))
		if on != c.want || (err != nil) != c.bad || !on && err == nil && why == "" {
			t.Errorf("%s: %v %q %v, want %v (unreadable: %v)", c.config, on, why, err, c.want, c.bad)
		}
	}
	if on, why, _ := OpenClawEnabled(nil); on || why == "" {
		t.Errorf("no file: %v %q", on, why)
	}
}
