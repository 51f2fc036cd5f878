//go:build unix && !linux

package library

// mapPopulate: the pages of a mapped file come as they are read.
const mapPopulate = 0
