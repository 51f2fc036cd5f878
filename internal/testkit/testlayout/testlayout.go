// Package testlayout writes board configurations for tests (sasl's layout
// notation): it imports nothing of sasl, so that the tests inside the
// layout, board and los packages can use it.
package testlayout

import "strings"

// Sparse writes a rows x cols configuration of empty cells ("-") with
// board b in the cell at row i, column j.
func Sparse(rows, cols, i, j int, b string) string {
	var sb strings.Builder
	for r := range rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range cols {
			if c > 0 {
				sb.WriteByte(',')
			}
			if r == i && c == j {
				sb.WriteString(b)
			} else {
				sb.WriteByte('-')
			}
		}
	}
	return sb.String()
}
