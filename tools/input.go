package tools

import "strings"

// Value returns the first of keys that holds a non-empty string.
func Value(in map[string]any, keys []string) string {
	for _, k := range keys {
		if s, ok := in[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// Values returns every string the keys hold: a string, each string of a
// list, and for "list[].key" the key of each object in the list (a
// string, or each string of a list).
func Values(in map[string]any, keys []string) []string {
	var out []string
	for _, k := range keys {
		list, field, nested := strings.Cut(k, "[].")
		switch v := in[list].(type) {
		case string:
			if !nested && v != "" {
				out = append(out, v)
			}
		case []any:
			for _, x := range v {
				if nested {
					m, _ := x.(map[string]any) // a nil map reads as empty
					x = m[field]
				}
				if inner, ok := x.([]any); ok && nested {
					out = append(out, stringsOf(inner)...)
				} else if s, ok := x.(string); ok && s != "" {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// stringsOf returns the non-empty strings of a list.
func stringsOf(list []any) []string {
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}
