module github.com/arbitergate/arbiter

go 1.26.8

require mvdan.cc/sh/v3 v3.14.1
