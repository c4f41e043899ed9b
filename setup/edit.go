package setup

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// splice replaces data[i:j] with s.
func splice(data []byte, i, j int, s string) []byte {
	out := make([]byte, 0, len(data)-(j-i)+len(s))
	out = append(out, data[:i]...)
	out = append(out, s...)
	return append(out, data[j:]...)
}

// render formats v as JSON indented to sit at indent, one unit deeper per
// level.
func render(v any, indent, unit string) (string, error) {
	b, err := json.MarshalIndent(v, indent, unit)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// appendMember adds "key": v as the last member of object obj.
func appendMember(data []byte, obj *node, key string, v any) ([]byte, error) {
	k, _ := json.Marshal(key)
	if len(obj.members) == 0 {
		indent := lineIndent(data, obj.start)
		unit := "  "
		text, err := render(v, indent+unit, unit)
		if err != nil {
			return nil, err
		}
		if !plainInside(data, obj) { // keep the comments it holds, after the member
			return splice(data, obj.start+1, obj.start+1, "\n"+indent+unit+string(k)+": "+text), nil
		}
		return splice(data, obj.start+1, obj.end-1, "\n"+indent+unit+string(k)+": "+text+"\n"+indent), nil
	}
	last := obj.members[len(obj.members)-1]
	indent := lineIndent(data, last.keyStart)
	unit := indentUnit(data, obj.start, obj.members[0].keyStart)
	text, err := render(v, indent, unit)
	if err != nil {
		return nil, err
	}
	sep := ",\n" + indent
	if !strings.Contains(string(data[obj.start:last.keyStart]), "\n") {
		sep = ", " // a one-line object stays on one line
	}
	return splice(data, last.val.end, last.val.end, sep+string(k)+": "+text), nil
}

// appendElem adds v as the last element of array arr.
func appendElem(data []byte, arr *node, v any) ([]byte, error) {
	if len(arr.elems) == 0 {
		indent := lineIndent(data, arr.start)
		unit := "  "
		text, err := render(v, indent+unit, unit)
		if err != nil {
			return nil, err
		}
		if !plainInside(data, arr) {
			return splice(data, arr.start+1, arr.start+1, "\n"+indent+unit+text), nil
		}
		return splice(data, arr.start+1, arr.end-1, "\n"+indent+unit+text+"\n"+indent), nil
	}
	last := arr.elems[len(arr.elems)-1]
	indent := lineIndent(data, last.start)
	unit := indentUnit(data, arr.start, arr.elems[0].start)
	text, err := render(v, indent, unit)
	if err != nil {
		return nil, err
	}
	sep := ",\n" + indent
	if !strings.Contains(string(data[arr.start:last.start]), "\n") {
		sep = ", "
	}
	return splice(data, last.end, last.end, sep+text), nil
}

// removeElem deletes element i of arr with the separator that joined it.
func removeElem(data []byte, arr *node, i int) []byte {
	switch {
	case len(arr.elems) == 1 && !plainInside(data, arr):
		return cutOnly(data, arr, arr.elems[0].start, arr.elems[0].end)
	case len(arr.elems) == 1:
		return splice(data, arr.start+1, arr.end-1, "")
	case i > 0:
		return splice(data, arr.elems[i-1].end, arr.elems[i].end, "")
	default:
		return splice(data, arr.elems[0].start, arr.elems[1].start, "")
	}
}

// removeMember deletes member i of obj with the separator that joined it.
func removeMember(data []byte, obj *node, i int) []byte {
	switch {
	case len(obj.members) == 1 && !plainInside(data, obj):
		return cutOnly(data, obj, obj.members[0].keyStart, obj.members[0].val.end)
	case len(obj.members) == 1:
		return splice(data, obj.start+1, obj.end-1, "")
	case i > 0:
		return splice(data, obj.members[i-1].val.end, obj.members[i].val.end, "")
	default:
		return splice(data, obj.members[0].keyStart, obj.members[1].keyStart, "")
	}
}

// cutOnly deletes the only child of a container, data[i:j], with its
// trailing comma, and keeps the comments around it.
func cutOnly(data []byte, n *node, i, j int) []byte {
	if n.comma >= 0 {
		data = splice(data, n.comma, n.comma+1, "")
	}
	return splice(data, i, j, "")
}

// errNotObject reports a settings file whose top level is not an object.
var errNotObject = errors.New("the top level is not a JSON object")

// withEntry returns data with entry appended to the array at
// root[container][event] (root[event] where container is ""), creating
// the container and the array as needed; parse reads data as its
// runtime does. It does not check whether the entry is already there.
func withEntry(data []byte, parse func([]byte) (*node, error), container, event string, entry any) ([]byte, error) {
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, errNotObject
	}
	hooks := root
	if container != "" {
		hooks = root.get(container)
	}
	if hooks == nil {
		return appendMember(data, root, container, map[string]any{event: []any{entry}})
	}
	if hooks.kind != '{' {
		return nil, fmt.Errorf("%q is not a JSON object", container)
	}
	list := hooks.get(event)
	if list == nil {
		return appendMember(data, hooks, event, []any{entry})
	}
	if list.kind != '[' {
		return nil, fmt.Errorf("%q.%q is not a JSON array", container, event)
	}
	return appendElem(data, list, entry)
}
