// Package secrets recognises secrets: tokens and keys typed inline in any
// text, files that hold credentials, and environment variables whose names
// say they hold one. A call that carries a secret is never sent off the
// machine and never settled as routine.
package secrets
