// Package secrets recognises secrets: tokens and keys typed inline in any
// text, files that hold credentials, and environment variables whose names
// say they hold one. A call that carries a secret is never sent off the
// machine and never settled as routine.
//
// Inline formats are a declarative table (rules.go) after the field's
// reference rule set, gitleaks' default configuration: each rule has
// keywords, one of which every match contains. One pass over the text
// finds the rules whose keywords occur, and only their expressions are
// compiled and run, so text without a keyword costs a scan. Redact
// redacts exactly what Inline finds.
//
// Credential files are known by name, extension and folder (File); shell
// patterns are tested against the names and places of known credentials
// (Glob), and folders for the credentials they hold (Holds, Below).
package secrets
