// Package nomap cites ASL A8.2 and has no rule map.
package nomap
