// Package code reads interpreter source given inline (python -c, node -e,
// perl -e, awk programs, sed scripts, heredocs) and reports whether it is
// pure: every byte tokenized, and every name it calls or imports on the
// language's list of side-effect-free names. Allow is closed-world: what a
// tokenizer cannot read, or a name it does not know, makes the code impure,
// and Report.Why says what was not understood. Effects the policy has rules
// for (spawning, network, deletes, writes, native loading, environment
// dumps) are reported separately so that those rules keep firing.
//
// The tokenizers are hand-written, bounded and linear in the input; no code
// is ever executed.
package code
