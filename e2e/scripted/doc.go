// Package scripted is a model server that plays a script instead of a
// model: asked for its next turn, it answers with one tool call, and once
// the client sends that call's result back, with a closing text that ends
// the run. It speaks just enough of three streaming APIs for the real
// agent clients to accept it: Anthropic Messages, OpenAI Responses,
// OpenAI Chat Completions and Gemini streamGenerateContent, all as
// server-sent events.
//
// It records every request and every tool result it was sent, so a test
// can check what the model was told.
package scripted
