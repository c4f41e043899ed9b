// Package report renders decisions (a decision log, or a replay of the
// user's sessions) as one self-contained HTML page: inline CSS and SVG,
// no script and nothing fetched from anywhere, readable in light and
// dark mode. Every command and reason in it is redacted first.
package report
