// Package config reads arbiter's settings from the environment and from a
// config file holding the same NAME=value lines. The environment wins over
// the file. Nothing here touches the network.
package config
