package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// forge judges gh, glab and hub: reads defer; anything that posts for the
// user asks (B10).
func (j *judgement) forge(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "-R", "--repo", "-t", "--title", "-b", "--body", "-F", "--body-file", "-l", "--label", "-a", "--assignee", "-B", "--base", "-H", "--head", "-X", "--method", "-f", "--field", "--jq", "-q", "--json")
	sub, sub2 := "", ""
	if len(ops) > 0 {
		sub = ops[0].Text
	}
	if len(ops) > 1 {
		sub2 = ops[1].Text
	}
	if sub == "auth" {
		if sub2 == "token" {
			j.fireWith(catalog.B3SecretPrint, subj, "prints the account's access token")
			return
		}
		if sub2 == "status" {
			j.fireWith(catalog.D1ReadOnly, subj, "reads sign-in status")
			return
		}
		j.fireWith(catalog.C6Login, subj, "signs in or out")
		return
	}
	if sub == "api" {
		method := "GET"
		for k, a := range c.Args {
			if (a.Text == "-X" || a.Text == "--method") && k+1 < len(c.Args) {
				method = strings.ToUpper(c.Args[k+1].Text)
			}
			if a.Text == "-f" || a.Text == "-F" || a.Text == "--field" || a.Text == "--raw-field" || a.Text == "--input" {
				if method == "GET" {
					method = "POST"
				}
			}
		}
		if method != "GET" {
			j.fireWith(catalog.B10SendMessage, subj, "changes data on the forge through its API")
			return
		}
		j.fireWith(catalog.C1NetworkRequest, subj, "reads from the forge's API")
		return
	}
	switch sub2 {
	case "view", "list", "status", "checks", "diff", "ls", "download", "watch", "":
		j.fireWith(catalog.C1NetworkRequest, subj, "reads from the forge")
		return
	case "checkout", "clone", "fork", "sync":
		j.fireWith(catalog.C1NetworkRequest, subj, "fetches from the forge")
		return
	}
	if sub2 == "delete" || sub2 == "archive" {
		j.fireWith(catalog.B1Delete, subj, "deletes something on the forge")
		return
	}
	j.fireWith(catalog.B10SendMessage, subj, "posts to the forge for the user (pull requests, issues, comments, releases), which others will see")
}
