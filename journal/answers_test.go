package journal

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"github.com/arbitergate/arbiter"
)

func digest(s string) string {
	sum := arbiter.ContentSum([]byte(s))
	return hex.EncodeToString(sum[:])
}

func answer(key, status string, n int) Answer {
	return Answer{Time: int64(n), Status: status, Key: digest(key), Files: digest("files"), Input: digest("input"), ID: fmt.Sprintf("toolu_%d", n)}
}

// TestAnswers: answers are kept beside writes, found by key, oldest
// first, and never taken for a write's entry (nor a write for one).
func TestAnswers(t *testing.T) {
	dir := t.TempDir()
	j, err := Open(dir, "session-1")
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Append(entry("/tmp/a.sh", 1)); err != nil {
		t.Fatal(err)
	}
	if err := j.AppendAnswers(answer("npm install", "ask", 2), answer("git push", "ask", 3)); err != nil {
		t.Fatal(err)
	}
	if err := j.AppendAnswers(answer("npm install", "ran", 4)); err != nil {
		t.Fatal(err)
	}
	again, err := Open(dir, "session-1")
	if err != nil {
		t.Fatal(err)
	}
	got := again.Answers(digest("npm install"))
	if len(got) != 2 || got[0].Status != "ask" || got[1].Status != "ran" || got[1].ID != "toolu_4" {
		t.Errorf("answers of npm install: %+v, want ask then ran", got)
	}
	if got := again.Answers(digest("rm -rf build")); len(got) != 0 {
		t.Errorf("answers of a call never answered: %+v", got)
	}
	if e, ok := again.Lookup("/tmp/a.sh"); !ok || e.ID != "toolu_1" {
		t.Errorf("the write beside the answers: %+v %v", e, ok)
	}
	if got := Parse(again.data); len(got) != 1 {
		t.Errorf("a reader of writes reads answers as writes: %+v", got)
	}
	if st, err := os.Stat(File(dir, "session-1")); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the record: %v %v, want 0600", st.Mode().Perm(), err)
	}
}

// TestAnswersRefuseMalformed: an answer whose digests are not whole, or
// whose id holds a line break, is not recorded.
func TestAnswersRefuseMalformed(t *testing.T) {
	j, err := Open(t.TempDir(), "session-1")
	if err != nil {
		t.Fatal(err)
	}
	bad := answer("x", "ask", 1)
	bad.Key = "abc"
	withBreak := answer("x", "ask", 1)
	withBreak.ID = "toolu\n1"
	for _, a := range []Answer{bad, withBreak, {Key: digest("x"), Files: digest("f"), Input: digest("i")}} {
		if err := j.AppendAnswers(a); err == nil {
			t.Errorf("recorded %+v", a)
		}
	}
}

func FuzzAnswerLine(f *testing.F) {
	var buf bytes.Buffer
	encodeAnswer(&buf, answer("npm install", "ask", 1))
	f.Add(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	f.Add([]byte("a1\t1\tran\t\t\t\t"))
	f.Fuzz(func(t *testing.T, line []byte) {
		a, ok := DecodeAnswer(line)
		if !ok {
			return
		}
		var out bytes.Buffer
		encodeAnswer(&out, a)
		if b, ok := DecodeAnswer(bytes.TrimSuffix(out.Bytes(), []byte("\n"))); !ok || b != a {
			t.Fatalf("%q decodes to %+v, which encodes to %q", line, a, out.Bytes())
		}
	})
}
