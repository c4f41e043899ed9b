package policy

import (
	"strings"
	"text/template/parse"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// docker inspect --format picks what it prints with a Go template. One
// that reaches only fields that hold no secret (a container's state,
// name, size, image and network settings) prints none of the environment
// the whole inspection holds. The template is read with Go's own
// template parser; a variable, the whole value (.), a function that
// reaches a field by a name (index), a range or with block, or any field
// outside the list keeps the answer for the whole inspection.

// inspectFields are the top-level fields of an inspection that hold no
// secret: Config (the environment, labels, the command) and HostConfig
// (a log driver's settings may hold a token) are not among them.
var inspectFields = lazy.New(func() map[string]bool {
	return map[string]bool{
		"State": true, "Id": true, "ID": true, "Name": true, "Created": true, "Image": true, "RestartCount": true,
		"Platform": true, "Driver": true, "Size": true, "VirtualSize": true, "NetworkSettings": true, "Architecture": true,
		"Os": true, "RepoTags": true, "RepoDigests": true, "Mounts": true,
	}
})

// inspectFuncs are the template functions that only format what they
// are given.
var inspectFuncs = lazy.New(func() map[string]bool {
	return map[string]bool{
		"json": true, "upper": true, "lower": true, "title": true, "print": true, "printf": true, "println": true,
		"len": true, "eq": true, "ne": true, "lt": true, "le": true, "gt": true, "ge": true, "and": true, "or": true, "not": true,
		"split": true, "join": true, "truncate": true, "pad": true,
	}
})

// inspectFormatOnly reports an inspect command whose every --format
// template reaches only inspectFields.
func inspectFormatOnly(c *shell.Command) bool {
	var formats []shell.Word
	for k, a := range c.Args {
		switch t := a.Text; {
		case t == "-f" || t == "--format":
			if k+1 < len(c.Args) {
				formats = append(formats, c.Args[k+1])
			}
		case strings.HasPrefix(t, "--format="):
			formats = append(formats, shell.Word{Text: strings.TrimPrefix(t, "--format="), Dynamic: a.Dynamic})
		case strings.HasPrefix(t, "-f") && len(t) > 2:
			formats = append(formats, shell.Word{Text: t[2:], Dynamic: a.Dynamic})
		case len(t) > 2 && t[0] == '-' && t[1] != '-' && strings.Contains(t, "f"):
			return false // -sf: a clustered -f whose value comes next, or is joined
		}
	}
	if len(formats) == 0 {
		return false
	}
	for _, f := range formats {
		if f.Dynamic || !safeTemplate(f.Text) {
			return false
		}
	}
	return true
}

// safeTemplate parses text as a Go template and checks every node.
func safeTemplate(text string) bool {
	t := parse.New("format")
	t.Mode = parse.SkipFuncCheck
	set := map[string]*parse.Tree{}
	if _, err := t.Parse(text, "{{", "}}", set); err != nil || t.Root == nil {
		return false
	}
	// A define, even of the main template's name (docker's is ""),
	// replaces or adds what prints: only the one body is read.
	return len(set) <= 1 && safeNode(t.Root)
}

func safeNode(n parse.Node) bool {
	switch n := n.(type) {
	case *parse.ListNode:
		for _, c := range n.Nodes {
			if !safeNode(c) {
				return false
			}
		}
		return true
	case *parse.TextNode, *parse.StringNode, *parse.NumberNode, *parse.BoolNode, *parse.NilNode:
		return true
	case *parse.ActionNode:
		return len(n.Pipe.Decl) == 0 && safeNode(n.Pipe)
	case *parse.PipeNode:
		if len(n.Decl) > 0 {
			return false
		}
		for _, c := range n.Cmds {
			if !safeNode(c) {
				return false
			}
		}
		return true
	case *parse.CommandNode:
		for _, a := range n.Args {
			if !safeNode(a) {
				return false
			}
		}
		return true
	case *parse.FieldNode:
		return len(n.Ident) > 0 && inspectFields.Get()[n.Ident[0]]
	case *parse.IdentifierNode:
		return inspectFuncs.Get()[n.Ident]
	case *parse.IfNode:
		return safeNode(n.Pipe) && safeNode(n.List) && (n.ElseList == nil || safeNode(n.ElseList))
	}
	return false // ., $variables, chains, range, with, template, break
}
