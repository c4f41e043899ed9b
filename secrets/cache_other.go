//go:build !unix

package secrets

const openFlags = 0
