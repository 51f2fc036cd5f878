package library

import "syscall"

// mapPopulate maps a file's pages all at once (Linux): one call instead of
// a fault a page, which on a virtual machine costs microseconds each.
const mapPopulate = syscall.MAP_POPULATE
