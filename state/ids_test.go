package state

import (
	"strconv"
	"strings"
	"testing"
)

// atoiNumber is idNumber as it was written first, through strconv: the
// reference the hand-read digits must agree with.
func atoiNumber(id, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok {
		return 0, false
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	if end == 0 || end > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:end])
	return n, err == nil
}

func TestIDNumberAgreesWithAtoi(t *testing.T) {
	ids := []string{"", "E", "E0", "E3", "E3a-1", "E12", "E007", "E123456789", "E1234567890",
		"E999999999x", "EE1", "e1", "S12", "W1-4", "W1-", "W1-12-3", "E-1", "E+1", "X9"}
	prefixes := []string{"", "E", "S", "W1-", "W1", "E3a-"}
	for _, id := range ids {
		for _, p := range prefixes {
			n, ok := idNumber(id, p)
			wn, wok := atoiNumber(id, p)
			if n != wn || ok != wok {
				t.Errorf("idNumber(%q, %q) = %d, %v; want %d, %v", id, p, n, ok, wn, wok)
			}
		}
	}
}
