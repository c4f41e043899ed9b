// Package hookcli is the hook command line that `arbiter hook RUNTIME`
// and the arbiter-hook program share: configuration, the decision log and
// the answer to one runtime call.
//
// arbiter-hook exists because the hook is a fresh process per tool call
// and a smaller program starts faster: it links the decision path and
// nothing of arbiter's other commands (reports, evaluation, installation;
// of replay only the session readers that tell whether a call a person
// was asked about ran, for H6.confirmed). Both run this code and decide
// alike.
package hookcli
