package dice

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// use rolls a fixed pattern: a dr, a DR, two chits.
func use(t *testing.T, r Roller) []Roll {
	t.Helper()
	cup := NewCup(LetterChits())
	if _, err := r.Dr(Rule("a dr")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.DR(Rule("a DR")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := r.Draw(cup, Rule("a chit")); err != nil {
			t.Fatal(err)
		}
	}
	return r.Trail()
}

func TestSeeded(t *testing.T) {
	t.Parallel()
	a, b := use(t, Seeded(7)), use(t, Seeded(7))
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different rolls")
	}
	if reflect.DeepEqual(a, use(t, Seeded(8))) {
		t.Error("different seeds, same rolls")
	}
	counts := make([]int, 7)
	r := Seeded(1)
	for range 6000 {
		v, _ := r.Dr(Rule("spread"))
		counts[v]++
	}
	for v := 1; v <= 6; v++ {
		if counts[v] < 850 || counts[v] > 1150 {
			t.Errorf("dr %d came %d times in 6000", v, counts[v])
		}
	}
}

// A seeded trail, as a script, replays the same rolls.
func TestScriptReplaysSeeded(t *testing.T) {
	t.Parallel()
	for seed := range uint64(20) {
		trail := use(t, Seeded(seed))
		s, err := Scripted(Script(trail))
		if err != nil {
			t.Fatal(err)
		}
		if again := use(t, s); !reflect.DeepEqual(trail, again) {
			t.Fatalf("seed %d: %v replayed as %v", seed, trail, again)
		}
		if len(s.Left()) != 0 {
			t.Errorf("tokens left: %v", s.Left())
		}
	}
}

// The dice of the SASL 4.1 EX: A6d dr 3, chits Q and S, placement drs 4
// and 6, radius drs 6 and 4.
func TestScriptedEX(t *testing.T) {
	t.Parallel()
	r, err := Scripted("3 Q S 4 6 6 4")
	if err != nil {
		t.Fatal(err)
	}
	cup := NewCup(LetterChits())
	n, _ := r.Dr(Rule("A6d"))
	q, _ := r.Draw(cup, Rule("chit"))
	s, _ := r.Draw(cup, Rule("chit"))
	if n != 3 || q != "Q" || s != "S" || cup.In("Q") || cup.Len() != 31 {
		t.Fatalf("got %d %s %s, cup %d", n, q, s, cup.Len())
	}
	cup.ReturnAll()
	if !cup.In("Q") {
		t.Error("ReturnAll")
	}
	if got := Script(r.Trail()); got != "3 Q S" {
		t.Errorf("script %q", got)
	}
}

func TestScriptErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ script, want string }{
		{"7", `token 1 "7": a die shows 1 to 6`},
		{"3 q", `token 2 "q": neither a die`},
		{"3 HH", `token 2 "HH": neither a die`},
	} {
		if _, err := Scripted(tt.script); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Scripted(%q): %v, want %q", tt.script, err, tt.want)
		}
	}
	r, _ := Scripted("Q 3 Q")
	r.Words = func(y Why) string { return y.Rule + ": " + y.Unit }
	cup := NewCup(LetterChits())
	if _, err := r.Dr(Why{Rule: "SASL 4.1e", Unit: "A6d dr for board 33"}); err == nil || err.Error() != `dice: script token 1 is "Q", but a dr (1-6) was expected for SASL 4.1e: A6d dr for board 33` {
		t.Errorf("dr from a chit: %v", err)
	}
	r.Draw(cup, Rule("x"))
	if _, err := r.Draw(cup, Why{Rule: "SASL 4.1e", Unit: "a chit"}); err == nil || !strings.Contains(err.Error(), `token 2 is "3", but a Letter Chit was expected for SASL 4.1e: a chit`) {
		t.Errorf("chit from a die: %v", err)
	}
	r.Dr(Rule("x"))
	if _, err := r.Draw(cup, Rule("SASL 4.21: entry hexrow")); err == nil || !strings.Contains(err.Error(), "Letter Chit Q, which is not in the cup") {
		t.Errorf("a drawn chit again: %v", err)
	}
	empty, _ := Scripted("")
	if _, _, err := empty.DR(Rule("SASL 4.22")); err == nil || err.Error() != "dice: the script ran out: the coloured die of a DR was expected for SASL 4.22" {
		t.Errorf("ran out: %v", err)
	}
}

func TestSeededCupEmpties(t *testing.T) {
	t.Parallel()
	r := Seeded(3)
	cup := NewCup([]string{"A", "B"})
	a, _ := r.Draw(cup, Rule("x"))
	b, _ := r.Draw(cup, Rule("x"))
	if a == b {
		t.Error("a chit drawn twice without return")
	}
	if _, err := r.Draw(cup, Rule("x")); err == nil {
		t.Error("drawing from an empty cup")
	}
}

// A seeded roller saved with State and resumed rolls on exactly as the
// original does.
// A seeded roller Reset to a seed rolls as a new one of that seed does.
func TestSeededReset(t *testing.T) {
	t.Parallel()
	a := Seeded(5)
	use(t, a)
	a.Reset(11)
	if len(a.Trail()) != 0 {
		t.Fatal("Reset keeps the trail")
	}
	if got, want := use(t, a), use(t, Seeded(11)); !reflect.DeepEqual(got, want) {
		t.Errorf("reset to 11: %v, a new roller of 11: %v", got, want)
	}
}

func TestResume(t *testing.T) {
	t.Parallel()
	a := Seeded(99)
	cup := NewCup(LetterChits())
	for range 17 {
		a.Dr(Rule("warm up"))
	}
	b, err := Resume(a.State())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		x, _ := a.Dr(Rule("a"))
		y, _ := b.Dr(Rule("b"))
		if x != y {
			t.Fatalf("roll %d: %d, resumed %d", i, x, y)
		}
	}
	cup2 := NewCup(LetterChits())
	ca, _ := a.Draw(cup, Rule("c"))
	cb, _ := b.Draw(cup2, Rule("c"))
	if ca != cb {
		t.Errorf("chit %s, resumed %s", ca, cb)
	}
	for _, bad := range []string{"", "pcg:", "pcg:zz", "pcg:0011", "xyz:00112233445566778899aabbccddeeff"} {
		if _, err := Resume(bad); err == nil {
			t.Errorf("Resume(%q) took it", bad)
		}
	}
}

// A roller put Back to a Mark rolls again what it rolled since.
func TestMarkBack(t *testing.T) {
	t.Parallel()
	r := Seeded(4)
	use(t, r)
	m := r.Mark()
	first := slices.Clone(use(t, r)[4:])
	r.Back(m)
	if len(r.Trail()) != 4 {
		t.Fatalf("trail of %d rolls after Back, want 4", len(r.Trail()))
	}
	again := use(t, r)[4:]
	if !reflect.DeepEqual(first, again) {
		t.Errorf("after Back: %v, before: %v", again, first)
	}
}

// A script Scripted takes replays exactly its tokens, a die where a number
// stands and a chit where a letter does, and says so when asked for the
// other; one it refuses names the token.
func FuzzScripted(f *testing.F) {
	for _, s := range []string{"3 4 Q", "6 6 6 GG AA", "", "7", "3 q", " 1\t2\nZ ", "0", "-1", "+3", "03", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		r, err := Scripted(script)
		if err != nil {
			if !strings.Contains(err.Error(), "script token ") {
				t.Fatalf("Scripted(%q): %v names no token", script, err)
			}
			return
		}
		toks := strings.Fields(script)
		if !slices.Equal(r.Left(), toks) {
			t.Fatalf("Left() = %q, want %q", r.Left(), toks)
		}
		cup := NewCup(LetterChits())
		for i, tok := range toks {
			n, numeric := strconv.Atoi(tok)
			if numeric == nil {
				if _, err := r.Draw(cup, Rule("x")); err == nil {
					t.Fatalf("token %d %q drawn as a chit", i+1, tok)
				}
				v, err := r.Dr(Rule("x"))
				if err != nil || v != n {
					t.Fatalf("token %d %q: dr %d, %v", i+1, tok, v, err)
				}
				continue
			}
			if _, err := r.Dr(Rule("x")); err == nil {
				t.Fatalf("token %d %q rolled as a die", i+1, tok)
			}
			c, err := r.Draw(cup, Rule("x"))
			if cup.In(tok) || (err == nil) != (c == tok) {
				t.Fatalf("token %d %q: drew %q, %v", i+1, tok, c, err)
			}
			if err != nil {
				return // a chit drawn twice
			}
		}
		if _, err := r.Dr(Rule("x")); err == nil || !strings.Contains(err.Error(), "ran out") {
			t.Fatalf("past the end: %v", err)
		}
		if got := Script(r.Trail()); got != strings.Join(toks, " ") {
			t.Fatalf("Script(trail) = %q, want %q", got, strings.Join(toks, " "))
		}
	})
}
