package arbiter

import (
	"encoding/json"
	"hash/fnv"
	"time"
)

// Call is one tool call an agent is about to make, in Claude Code's naming:
// Tool is "Bash", "Read", "Write", "WebFetch", "mcp__server__tool", ….
type Call struct {
	ID    string          `json:"id,omitempty"`
	Tool  string          `json:"tool"`
	Input json.RawMessage `json:"input,omitempty"`
	// ProjectDir is the root of the project the agent works on; Cwd is where
	// the call runs (it defaults to ProjectDir).
	ProjectDir string `json:"project_directory,omitempty"`
	Cwd        string `json:"cwd,omitempty"`
	// Home is the user's home directory, used to resolve "~" and $HOME.
	// Empty means "/home/user", so that decisions do not depend on the
	// machine that makes them.
	Home string `json:"home,omitempty"`
	// Requests holds the user's recent messages, oldest first: never tool
	// output and never the agent's own prose. Peers holds messages other
	// sessions sent this one.
	Requests       []string `json:"request,omitempty"`
	Peers          []string `json:"peer,omitempty"`
	PermissionMode string   `json:"permission_mode,omitempty"`
	SessionID      string   `json:"session_id,omitempty"`
	// Written looks up a file (an absolute path) in the record of what the
	// agent wrote earlier in this session; nil when there is no record.
	// The hook fills it from its journal, so that the policy can read a
	// script the agent wrote and a later command runs, wherever it is.
	Written func(abs string) (WrittenFile, bool) `json:"-"`
	// WrittenUnder is Written for the newest file under a folder (an
	// installed package's, whose files its loader picks); nil when there
	// is no record.
	WrittenUnder func(dir string) (WrittenFile, bool) `json:"-"`
	// decoded is Input as a JSON object, when whoever encoded it kept
	// the object (WithDecoded).
	decoded *decodedInput
}

// WrittenFile is what the session's record says of a file the agent
// wrote: the ContentSum of the content its write left, the tool that
// wrote it and when. A file whose content now sums differently was
// changed by something else since, and is not the agent's.
//
// A shell write whose content was not known to the byte is Unknown (Sum
// is zero): By names the program that wrote the file, From the file it
// copied there ("" when none), and Tree says the write filled the folder
// Path, which holds the file looked up.
type WrittenFile struct {
	Sum      [16]byte
	Tool     string
	Time     time.Time
	Unknown  bool
	By, From string
	Path     string
	Tree     bool
	// Build is the compile that wrote the file, when the record holds
	// one arbiter allowed with every file it read (see FileWrite.Build).
	Build *CompiledBuild
}

// Dir returns the directory the call runs in.
func (c Call) Dir() string {
	if c.Cwd != "" {
		return c.Cwd
	}
	return c.ProjectDir
}

// ContentSum is the sum the session's record keeps of a file's content:
// FNV-128a, as the configuration's sums are (the hook links none of Go's
// crypto packages, whose start-up it would pay on every call). It tells
// a file the agent wrote from one changed since; it is never what makes
// a file safe to run: what a file holds is read and judged whenever it
// runs.
func ContentSum(b []byte) [16]byte {
	h := fnv.New128a()
	h.Write(b)
	var sum [16]byte
	h.Sum(sum[:0])
	return sum
}
