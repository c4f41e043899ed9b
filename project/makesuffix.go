package project

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// makeSpecialTargets are GNU make's special targets: they look like suffix
// rules (a dot and a name) but are not.
var makeSpecialTargets = lazy.New(func() map[string]bool {
	return map[string]bool{
		".PHONY": true, ".SUFFIXES": true, ".DEFAULT": true, ".PRECIOUS": true, ".INTERMEDIATE": true, ".NOTINTERMEDIATE": true,
		".SECONDARY": true, ".SECONDEXPANSION": true, ".DELETE_ON_ERROR": true, ".IGNORE": true, ".LOW_RESOLUTION_TIME": true,
		".SILENT": true, ".EXPORT_ALL_VARIABLES": true, ".NOTPARALLEL": true, ".ONESHELL": true, ".POSIX": true, ".WAIT": true,
		".EXTRA_PREREQS": true, ".DEFAULT_GOAL": true, ".FEATURES": true, ".INCLUDE_DIRS": true, ".VARIABLES": true,
	}
})

// suffixPattern reads an old-style suffix rule's target as the pattern
// rule it is: ".c" is "%: %.c" and ".c.o" is "%.o: %.c". Make only takes a
// target as one when its suffixes are in .SUFFIXES; any .x or .x.y target
// without prerequisites is taken as one here, the safe side of that list.
func suffixPattern(target, prereqs string) (pattern, prereq string, ok bool) {
	if !strings.HasPrefix(target, ".") || makeSpecialTargets.Get()[target] || strings.TrimSpace(prereqs) != "" || strings.ContainsAny(target, "%$/\\") {
		return "", "", false
	}
	parts := strings.Split(target[1:], ".")
	for _, p := range parts {
		if p == "" {
			return "", "", false
		}
	}
	switch len(parts) {
	case 1:
		return "%", "%" + target, true
	case 2:
		return "%." + parts[1], "%." + parts[0], true
	}
	return "", "", false
}
