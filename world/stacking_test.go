package world

import (
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
)

// TestStackingLimit_A5_1: a side stacks up to three squads or their
// equivalent (two half-squads are one, a Human Wave S? two, SASL 4.3) plus
// four SMC in a Location; each building level is a Location of its own,
// and the other side's units count for nothing.
func TestStackingLimit_A5_1(t *testing.T) {
	t.Parallel()
	w, m := worldOn(t, library.New(realBoards(t)), `[["33"]]`, "33A1")
	for _, c := range []struct {
		name, units string
		add         state.Unit
		fits        bool
	}{
		{"third squad", "E1 squad\nE2 squad", state.Unit{Kind: state.Squad}, true},
		{"fourth squad", "E1 squad\nE2 squad\nE3 squad", state.Unit{Kind: state.Squad}, false},
		{"two half-squads are one", "E1 squad\nE2 squad\nE3 half_squad", state.Unit{Kind: state.HalfSquad}, true},
		{"3.5 squads", "E1 squad\nE2 squad\nE3 half_squad\nE4 half_squad", state.Unit{Kind: state.HalfSquad}, false},
		{"a Human Wave S? is two squads", "E1 squad\nE2 squad", state.Unit{Kind: state.SQ, HW: true}, false},
		{"an S? is one", "E1 squad\nE2 squad", state.Unit{Kind: state.SQ}, true},
		{"fourth SMC", "E1 squad\nE2 squad\nE3 squad\nL1 leader\nL2 leader\nL3 leader", state.Unit{Kind: state.Leader}, true},
		{"fifth SMC", "L1 leader\nL2 leader\nL3 leader\nL4 leader", state.Unit{Kind: state.Leader}, false},
		{"the other side's units count not", "F1 squad\nF2 squad\nF3 squad", state.Unit{Kind: state.Squad}, true},
		{"another level is another Location", "h1 E1 squad\nh1 E2 squad\nh1 E3 squad", state.Unit{Kind: state.Squad}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			var enemy, friendly strings.Builder
			for _, line := range strings.Split(c.units, "\n") {
				f := strings.Fields(line)
				at := "33R6"
				if f[0] == "h1" {
					at, f = "33R6h1", f[1:]
				}
				typ := ""
				switch f[1] {
				case "squad":
					typ = ", type: 4-4-7"
				case "half_squad":
					typ = ", type: 2-2-7"
				case "leader":
					typ = ", type: 8-0"
				}
				entry := "  - {id: " + f[0] + ", unit: " + f[1] + typ + ", at: " + at + "}\n"
				if f[0][0] == 'F' {
					friendly.WriteString(strings.Replace(entry, "4-4-7", "4-6-7", 1))
				} else {
					enemy.WriteString(entry)
				}
			}
			b.WriteString("turn: 1\n")
			if enemy.Len() > 0 {
				b.WriteString("enemy:\n" + enemy.String())
			}
			if friendly.Len() > 0 {
				b.WriteString("friendly:\n" + friendly.String())
			}
			st, err := state.Read(strings.NewReader(b.String()), "s.yaml", m)
			if err != nil {
				t.Fatal(err)
			}
			u := c.add
			u.ID, u.Side = "X", state.Enemy
			l, _ := m.ParseLocation("33R6")
			if got := w.Fits(st, state.Enemy, l, []*state.Unit{&u}); got != c.fits {
				t.Errorf("Fits = %v, want %v", got, c.fits)
			}
			if w.Overstacked(st, state.Enemy, l) {
				t.Errorf("overstacked before any unit is added")
			}
		})
	}
}
