// Package hookcli is the hook command line that `arbiter hook RUNTIME`
// and the arbiter-hook program share: configuration, the decision log and
// the answer to one runtime call.
//
// arbiter-hook is a small front end that links none of this: it hands
// the call to the decider (package decider), or runs arbiter under its
// own name. Either way the call ends here, in the decider's process or in
// arbiter's own, and is decided alike (Program is arbiter-hook's
// command line, Run the call).
package hookcli
