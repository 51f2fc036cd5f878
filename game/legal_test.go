package game

import (
	"bytes"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// crossroads is the crossroads demo's world, shared by the tests
// (sharedWorld).
func crossroads(t testing.TB) *world.World {
	return sharedWorld(t, "demo crossroads", func() *world.World { return prepared(t, "crossroads", "") })
}

// playLegal plays game seed of w, the FRIENDLY side the player's and
// stopping at every decision, by the members of Legal that picks choose,
// one a pick: Do never refuses one; after a pick divisible by 4 the step
// is undone and the game must be byte for byte as before it, then played
// on. It returns how many commands of each verb it did.
func playLegal(t *testing.T, w *world.World, seed uint64, picks []byte) map[Verb]int {
	s := begin(t, w, seed, PolicyPlayer, StopFire)
	done := map[Verb]int{}
	for i, b := range picks {
		if s.Stop().Kind == state.Over {
			break
		}
		legal := s.Legal()
		if len(legal) == 0 || legal[0].Verb != Next {
			t.Fatalf("seed %d pick %d: Legal at %+v is %v: next is always taken", seed, i, s.Stop(), legal)
		}
		c := legal[int(b)%len(legal)]
		before := written(t, s.g)
		if _, err := s.Do(c, nil); err != nil {
			t.Fatalf("seed %d pick %d: Legal offered %q at %+v and Do refused it: %v", seed, i, c.Text(w.Map()), s.Stop(), err)
		}
		done[c.Verb]++
		if b%4 == 0 {
			u, err := s.Undo(1)
			if err != nil {
				t.Fatalf("seed %d pick %d: undo of %q: %v", seed, i, c.Text(w.Map()), err)
			}
			t.Cleanup(u.Close)
			s = u
			if got := written(t, s.g); !bytes.Equal(got, before) {
				t.Fatalf("seed %d pick %d: after %q and its undo the game differs:\n%s", seed, i, c.Text(w.Map()), firstDiff(string(before), string(got)))
			}
		}
	}
	return done
}

// Issue 53: Legal lists what the game takes. Played by its members, the
// demo reaches fires and moves of the player's as well as next and pass,
// and no member is refused.
func TestLegalPlays(t *testing.T) {
	t.Parallel()
	w := crossroads(t)
	total := map[Verb]int{}
	for seed := range uint64(3) {
		picks := make([]byte, 60)
		for i := range picks {
			picks[i] = byte(i*37 + int(seed)*11)
		}
		for v, n := range playLegal(t, w, seed, picks) {
			total[v] += n
		}
	}
	for _, v := range []Verb{Next, Pass, Move, Fire} {
		if total[v] == 0 {
			t.Errorf("no %s played from Legal (%v): the test checks too little", v, total)
		}
	}
	t.Logf("played from Legal: %v", total)
}

// Legal at a First Fire stop offers each group's fire at the moving stack
// and nothing at a stop the game plays on through for a policy game.
func TestLegalOffersTheStopsFire_A8_1(t *testing.T) {
	t.Parallel()
	w := crossroads(t)
	s := begin(t, w, 1, PolicyPlayer, StopFire)
	for range 40 {
		stop := s.Stop()
		if stop.Kind == state.FirstFireAt && stop.CanFire && len(stop.Groups) > 0 {
			var fires []string
			for _, c := range s.Legal() {
				if c.Verb == Fire {
					fires = append(fires, c.Text(w.Map()))
					if c.At != stop.At || !slices.ContainsFunc(stop.Groups, func(g state.StopGroup) bool { return g.At == c.From[0] }) {
						t.Errorf("Legal offers %q at a First Fire stop at %s", c.Text(w.Map()), w.Map().LocationName(stop.At))
					}
				}
			}
			if len(fires) == 0 {
				t.Fatalf("a First Fire stop at %s with groups %v: Legal offers no fire", w.Map().LocationName(stop.At), stop.Groups)
			}
			return
		}
		do(t, s, Next)
	}
	t.Fatal("no First Fire stop in 40 steps of seed 1")
}

// FuzzLegalPlay plays the crossroads demo by members of Legal the fuzz
// input picks (playLegal): none is refused, and an undo gives back the
// game before it, byte for byte.
func FuzzLegalPlay(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
	f.Add(uint64(4), []byte{9, 200, 13, 77, 1, 1, 1, 250, 3, 6, 6, 6, 6, 2})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		playLegal(t, crossroads(t), seed%64, picks[:min(len(picks), 48)])
	})
}
