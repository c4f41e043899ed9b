module github.com/arbitergate/arbiter

go 1.26.8

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/goccy/go-yaml v1.19.2
	github.com/pelletier/go-toml/v2 v2.4.3
	mvdan.cc/sh/v3 v3.14.1
)

require github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f
