// Package config reads arbiter's configuration: the user's file (TOML,
// settings and rules), a project's .arbiter.toml (rules only, which may
// only tighten), the old NAME=value file, and the environment, which wins
// over any file. Every problem names the file, line and key, or the
// environment variable. Nothing here touches the network.
package config
