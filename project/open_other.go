//go:build !unix

package project

const openFlags = 0
