package project

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// MaxCompose bounds a compose file: real ones are a few KiB.
const MaxCompose = 256 << 10

// maxYAMLNodes bounds the values one YAML file may hold once its aliases
// and merge keys are resolved, so that nested aliases cannot make a small
// file expand without end (the "billion laughs").
const maxYAMLNodes = 1 << 16

// ParseYAML reads the documents of a YAML file as plain values: a mapping
// is a map[string]any, a sequence a []any, a scalar its text (a string),
// null nil. Aliases and merge keys (<<) are resolved; tags are dropped (a
// compose file's !reset and !override keep their value, which is only
// stricter). Anything the parser rejects, or a shape arbiter does not
// read (a mapping key that is not a scalar), is an error.
func ParseYAML(data []byte) (docs []any, err error) {
	defer func() {
		if r := recover(); r != nil { // a parser bug must not become an allow
			docs, err = nil, fmt.Errorf("the YAML parser failed: %v", r)
		}
	}()
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, fmt.Errorf("YAML: %s", firstLine(err.Error()))
	}
	y := yamlReader{anchors: map[string]anchor{}}
	for _, doc := range file.Docs {
		if doc == nil || doc.Body == nil {
			continue
		}
		v, err := y.value(doc.Body, 0)
		if err != nil {
			return nil, err
		}
		docs = append(docs, v)
	}
	return docs, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

type yamlReader struct {
	anchors map[string]anchor
	nodes   int
}

// anchor is an anchored value and the values it holds once resolved: an
// alias shares the value but counts them all, since whoever reads the
// document walks each one.
type anchor struct {
	v     any
	nodes int
}

// maxYAMLDepth bounds nesting, as the code tokenizers bound brackets.
const maxYAMLDepth = 64

func (y *yamlReader) value(n ast.Node, depth int) (any, error) {
	if y.nodes++; y.nodes > maxYAMLNodes {
		return nil, fmt.Errorf("YAML: more than %d values", maxYAMLNodes)
	}
	if depth > maxYAMLDepth {
		return nil, fmt.Errorf("YAML: nested more than %d deep", maxYAMLDepth)
	}
	switch n := n.(type) {
	case *ast.NullNode:
		return nil, nil
	case *ast.StringNode:
		return n.Value, nil
	case *ast.LiteralNode:
		if n.Value == nil {
			return "", nil
		}
		return n.Value.Value, nil
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return n.GetToken().Value, nil
	case *ast.TagNode:
		if n.Value == nil {
			return nil, nil
		}
		return y.value(n.Value, depth+1)
	case *ast.AnchorNode:
		before := y.nodes
		v, err := y.value(n.Value, depth+1)
		if err != nil {
			return nil, err
		}
		y.anchors[n.Name.GetToken().Value] = anchor{v, y.nodes - before}
		return v, nil
	case *ast.AliasNode:
		name := n.Value.GetToken().Value
		a, ok := y.anchors[name]
		if !ok {
			return nil, fmt.Errorf("YAML: alias *%s names no anchor before it", name)
		}
		if y.nodes += a.nodes; y.nodes > maxYAMLNodes {
			return nil, fmt.Errorf("YAML: more than %d values once its aliases are resolved", maxYAMLNodes)
		}
		return a.v, nil
	case *ast.MappingNode:
		return y.mapping(n.Values, depth)
	case *ast.MappingValueNode:
		return y.mapping([]*ast.MappingValueNode{n}, depth)
	case *ast.SequenceNode:
		list := make([]any, 0, len(n.Values))
		for _, e := range n.Values {
			v, err := y.value(e, depth+1)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return list, nil
	}
	return nil, fmt.Errorf("YAML: a %s node arbiter does not read", n.Type())
}

// mapping reads key: value pairs; a merge key's mappings fill in the keys
// the mapping does not set itself.
func (y *yamlReader) mapping(pairs []*ast.MappingValueNode, depth int) (any, error) {
	m := map[string]any{}
	var merged []map[string]any
	for _, p := range pairs {
		v, err := y.value(p.Value, depth+1)
		if err != nil {
			return nil, err
		}
		if _, ok := p.Key.(*ast.MergeKeyNode); ok {
			switch v := v.(type) {
			case map[string]any:
				merged = append(merged, v)
			case []any:
				for _, e := range v {
					if em, ok := e.(map[string]any); ok {
						merged = append(merged, em)
					} else {
						return nil, fmt.Errorf("YAML: a merge key takes mappings")
					}
				}
			default:
				return nil, fmt.Errorf("YAML: a merge key takes mappings")
			}
			continue
		}
		k, err := y.value(p.Key, depth+1)
		if err != nil {
			return nil, err
		}
		key, ok := k.(string)
		if !ok && k != nil {
			return nil, fmt.Errorf("YAML: a mapping key that is not a scalar")
		}
		m[key] = v
	}
	for _, mm := range merged {
		for k, v := range mm {
			if _, set := m[k]; !set {
				m[k] = v
			}
		}
	}
	return m, nil
}

// ReadYAML reads and parses the YAML file at path, up to MaxCompose bytes.
// A file that does not exist gives an error wrapping fs.ErrNotExist.
func ReadYAML(path string) ([]any, error) {
	data, size, err := readBounded(path, MaxCompose)
	if err != nil {
		return nil, err
	}
	if size > MaxCompose {
		return nil, fmt.Errorf("%s is %d bytes, over the %d read", path, size, MaxCompose)
	}
	docs, err := ParseYAML(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return docs, nil
}
