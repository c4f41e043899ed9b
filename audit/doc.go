// Package audit appends decisions to a log file, one JSON object per line,
// for review and for shadow-mode measurement. The file is created 0600,
// every text in it passes through secrets.Redact, and it is rotated once
// it grows past a bound. Logging happens after the answer is written and
// its failures never change a decision.
package audit
