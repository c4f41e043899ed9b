package policy

import (
	"context"
	"strings"
	"testing"
)

// A WHERE clause that picks rows by a value is not one that holds for
// every row: the reason must not say the whole table goes. Each of the
// first cases said "every row"; the last ones still do.
func TestSQLWhereEveryRow(t *testing.T) {
	for _, tt := range []struct {
		cmd   string
		every bool
	}{
		{`sqlite3 app.db "DELETE FROM orders WHERE id = 1"`, false},
		{`sqlite3 app.db "UPDATE users SET name = 'x' WHERE id=2"`, false},
		{`psql -c "DELETE FROM sessions WHERE user_id = 7 AND expired = 1"`, false},
		{`mysql -u root app -e 'DELETE FROM users WHERE 1=1'`, true},
		{`sqlite3 app.db "DELETE FROM users WHERE id = id"`, true},
		{`sqlite3 app.db "UPDATE users SET admin = 1"`, true},
		{`sqlite3 app.db "DELETE FROM t WHERE TRUE"`, true},
	} {
		d := Decide(context.Background(), bash(tt.cmd))
		if got := strings.Contains(d.Reason, "every row"); got != tt.every {
			t.Errorf("%s: %s %v: %s (every row: got %v, want %v)", tt.cmd, d.Decision, d.Rules, d.Reason, got, tt.every)
		}
	}
}
