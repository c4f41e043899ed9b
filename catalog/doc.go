// Package catalog is the one list of arbiter's rules: each rule id, the
// confirmation-policy item it implements, its verdict, what it is about
// and, for denials, what to do instead. Code refers to a rule by its
// typed [ID] constant; `arbiter rules` and RULES.md are printed from here.
//
// Ids read CLASS[ITEM].name: A2.system-tree-delete is item A2 of the
// policy's class A. Items the policy does not number are arbiter's own
// additions, marked as such: A6–A8 (credential reads, decoded execution,
// remote shells), an unnumbered class (B.kill-process), S (self-protection)
// and U (what arbiter could not understand, which is never allowed).
package catalog
