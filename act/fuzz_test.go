package act_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// FuzzWalk moves a random stack along a random path by a random motion,
// the reactions breaking, pinning or eliminating units at random, and
// checks what the executor promises: no step into a Location of the other
// side's units by a move or rout (ASL A4.14, A10.51), none over the
// stacking limit but a rout's (A5.1), none beyond the MF (A4.1), none
// after the first of a one-Location motion, each unit where its move
// ended and marked as its motion marks it, the game file whole; and a
// refused step changes nothing.
func FuzzWalk(f *testing.F) {
	// b[0] the motion, b[1] the stack's size, b[2:8] the path's
	// directions, b[8] the budget, b[9:12] the reactions, b[12:19] what
	// stands around the stack (1: an ENEMY squad, 2: two FRIENDLY squads).
	f.Add([]byte{0, 3, 1, 2, 3, 4, 5, 0, 9, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{1, 5, 0, 0, 0, 0, 0, 0, 9, 2, 2, 2, 1, 2, 1, 2, 1, 2, 1})
	f.Add([]byte{4, 1, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2})
	f.Add([]byte{2, 7, 5, 4, 3, 2, 1, 0, 3, 9, 9, 9, 0, 1, 0, 1, 0, 1, 0})
	f.Add([]byte{0, 1, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 1, 0, 0, 0, 0, 0, 0}) // a move north into an ENEMY squad (A4.14)
	f.Add([]byte{0, 1, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 2, 0, 0, 0, 0, 0, 0}) // two squads north onto two (A5.1)
	f.Add([]byte{3, 1, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 1, 0, 0, 0, 0, 0, 0}) // an advance into a Melee (A4.7)
	f.Add([]byte{4, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 1, 0, 0, 0, 0, 0, 0}) // a rout into an ENEMY squad (A10.51)
	f.Add([]byte{5, 0, 3, 3, 0, 0, 0, 0, 0, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0}) // a Low Crawl of two (A10.52)
	f.Add([]byte{5, 1, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 2, 0, 0, 0, 0, 0, 0}) // a Low Crawl that ends overstacked
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 19 {
			return
		}
		motions := []act.Motion{act.Move, act.Assault, act.Wave, act.Advance, act.Rout, act.LowCrawl}
		m := motions[int(b[0])%len(motions)]
		// The stack (one to three F units in o2K6) and the others around.
		n := 1 + int(b[1])%3
		var lines []string
		for i := range n {
			typ := "4-6-7"
			if i == 2 {
				typ = "8-0"
			}
			lines = append(lines, fmt.Sprintf("F F%d %s o2K6", i+1, typ))
		}
		around := []string{"o2K5", "o2L5", "o2L6", "o2K7", "o2J6", "o2J5", "o2K4"}
		for i, l := range around {
			switch b[12+i] % 4 {
			case 1:
				lines = append(lines, fmt.Sprintf("E E%d 4-4-7 %s", i+1, l))
			case 2:
				lines = append(lines, fmt.Sprintf("F G%da 4-6-7 %s", i+1, l), fmt.Sprintf("F G%db 4-6-7 %s", i+1, l))
			}
		}
		x := on(t, strings.Join(lines, "\n"))
		stack := x.units("F1")
		for i := 2; i <= n; i++ {
			stack = append(stack, x.units(fmt.Sprintf("F%d", i))...)
		}
		if m == act.Rout || m == act.LowCrawl {
			for _, u := range stack {
				u.Broken = true
			}
		}
		// The path: six steps, each to a neighbour of the last or, now
		// and then, two hexes away.
		var path []board.Location
		cur := stack[0].At().Hex
		for i := range 6 {
			d := hex.Dir(b[2+i] % uint8(hex.Dirs))
			cur = cur.Neighbour(d)
			if b[2+i]%7 == 6 {
				cur = cur.Neighbour(d)
			}
			if !x.m.OnMap(cur) {
				break
			}
			path = append(path, board.Ground(cur))
		}
		budget := act.NoLimit
		if b[8]%4 != 0 {
			budget = int(b[8]) % 16
		}
		side := stack[0].Side
		spent, steps := 0, 0
		w, err := x.x.Walk(stack, path, m, budget, nil, func(on []*state.Unit, at board.Location, cost int) ([]*state.Unit, error) {
			steps++
			spent += cost
			if m != act.Wave && m != act.Advance && x.st.Has(state.Enemy, at) {
				t.Fatalf("%v entered %s, which holds the other side's units", m, x.m.LocationName(at))
			}
			if m != act.Rout && m != act.LowCrawl && !x.w.Fits(x.st, side, at, nil) {
				t.Fatalf("%v overstacked %s", m, x.m.LocationName(at))
			}
			for _, u := range on {
				if u.At() != at {
					t.Fatalf("%s in %s when asked of %s", u.ID, x.m.LocationName(u.At()), x.m.LocationName(at))
				}
			}
			// The reaction: one unit broken, pinned or eliminated, or none.
			if k := int(b[9+steps%3]) % 8; k < len(on) {
				switch b[9+steps%3] % 3 {
				case 0:
					on[k].Broken = true
				case 1:
					on[k].Pinned = true
				default:
					x.st.Remove(on[k])
				}
			}
			return on, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if budget != act.NoLimit && spent > budget {
			t.Errorf("%v spent %d half MF of %d", m, spent, budget)
		}
		if (m == act.Assault || m == act.Advance || m == act.LowCrawl) && steps > 1 {
			t.Errorf("%v of %d Locations", m, steps)
		}
		for i, u := range stack {
			if !x.st.Holds(u) {
				continue
			}
			if want := w.Steps[w.Ends[i]-1].Location; u.At() != want {
				t.Errorf("%s in %s, its move ended in %s", u.ID, x.m.LocationName(u.At()), x.m.LocationName(want))
			}
			moved := w.Ends[i] > 1
			switch m {
			case act.Move, act.Assault, act.Wave:
				if u.Moved != moved {
					t.Errorf("%s moved %v, marked %v", u.ID, moved, u.Moved)
				}
			case act.Advance:
				if u.Advanced != moved {
					t.Errorf("%s advanced %v, marked %v", u.ID, moved, u.Advanced)
				}
			case act.Rout, act.LowCrawl:
				if moved && (!u.DM || !u.Routed) || !moved && u.Routed {
					t.Errorf("%s routed %v: DM %v, routed %v (ASL A10.5)", u.ID, moved, u.DM, u.Routed)
				}
			}
			// A FRIENDLY unit that moves or advances is seen (ASL A12);
			// one that routs is not made so.
			if want := moved && m != act.Rout && m != act.LowCrawl; u.Known != want {
				t.Errorf("%s %v %v: Known %v", u.ID, m, moved, u.Known)
			}
		}
		// The game file is whole: written, read back and written again,
		// the same bytes. (A rout's path is checked whole by
		// combat.RoutOptions, which never ends one overstacked; the
		// fuzzer's paths are any, so a rout's end may be.)
		if (m == act.Rout || m == act.LowCrawl) && x.w.Overstacked(x.st, side, w.Steps[len(w.Steps)-1].Location) {
			return
		}
		a := x.bytes()
		st, err := state.Read(bytes.NewReader(a), "s.yaml", x.m)
		if err != nil {
			t.Fatalf("the game after the walk does not read back: %v", err)
		}
		var again bytes.Buffer
		if err := st.Write(&again, x.m); err != nil || !bytes.Equal(a, again.Bytes()) {
			t.Fatalf("the game after the walk does not write back the same: %v", err)
		}
		// A step refused changes nothing: the refused step again, alone.
		if r := w.Refused; r != nil && len(w.On) > 0 {
			before := x.bytes()
			if _, err := x.x.Enter(w.On, r.To, m, act.NoLimit); err == nil && r.Why != act.NoMF && r.Why != act.OneLocation {
				t.Errorf("the step Walk refused (%v) is taken alone", r)
			} else if err != nil && !bytes.Equal(before, x.bytes()) {
				t.Error("a refused step changed the game")
			}
		}
	})
}
