package game

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/state"
)

// A game is a value whose methods keep it legal: code outside the package
// cannot reach its state to change it (the mutations below are what a
// test once did to a game through its exported fields: a FRIENDLY squad
// moved onto an S?, the S? turned into a leader, the turn set to 42). Each
// must fail to compile; the copies the package hands out compile, and
// change nothing of the game (TestSnapshotIsACopy).
func TestOutsideCannotMutate(t *testing.T) {
	if !longrun.Enabled() {
		t.Skip("builds packages with the go command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	t.Parallel()
	cases := []struct{ name, body, want string }{
		{"the turn", "g.State.Turn = 42", "g.State undefined"},
		{"a unit's Location", "g.State.Unit(\"F1\").Broken = true", "g.State undefined"},
		{"the world", "g.W = nil", "g.W undefined"},
		{"its header", "g.Header().Seed = 1", "cannot assign"},
		{"the session's game", "var s *game.Session; s.G = g", "s.G undefined"},
		{"a copy", "g.Snapshot().Turn = 42; for u := range g.Units() { u.Broken = true }", ""},
	}
	// One package a case, all type-checked by one go vet.
	root, err := os.MkdirTemp("testdata", ".sealed-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(root)
	var pkgs []string
	for i, tt := range cases {
		dir := filepath.Join(root, fmt.Sprintf("case%d", i))
		src := `package sealed

import (
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/state"
)

var _ = state.Leader

func Mutate(g *game.Game) {
	` + tt.body + `
}
`
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sealed.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, "./"+filepath.ToSlash(dir))
	}
	out, _ := exec.Command(goBin, append([]string{"vet"}, pkgs...)...).CombinedOutput()
	// go vet names each package's errors after a line "# PKG".
	byCase := map[int]string{}
	cur := -1
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "# ") {
			cur = -1
			for i := range cases {
				if strings.HasSuffix(strings.TrimSpace(line), fmt.Sprintf("/case%d", i)) {
					cur = i
				}
			}
			continue
		}
		if cur >= 0 {
			byCase[cur] += line + "\n"
		}
	}
	for i, tt := range cases {
		got := byCase[i]
		switch {
		case tt.want == "" && got != "":
			t.Errorf("%s: %q does not compile: %s", tt.name, tt.body, got)
		case tt.want != "" && !strings.Contains(got, tt.want):
			t.Errorf("%s: %q: %q; want a compile error %q (go vet said:\n%s)", tt.name, tt.body, got, tt.want, out)
		}
	}
}

// What the package hands out is a copy: changing it changes nothing of
// the game, which plays on and writes its file as before.
func TestSnapshotIsACopy(t *testing.T) {
	t.Parallel()
	g := newGame(t, prepared(t, "crossroads", ""), 4)
	before := written(t, g)
	st := g.Snapshot()
	var sq, f *state.Unit
	for _, u := range st.Units() {
		switch {
		case u.Kind == state.SQ && sq == nil:
			sq = u
		case u.Side == state.Friendly && f == nil:
			f = u
		}
	}
	st.Move(f, sq.At())
	sq.Kind, sq.Type = state.Leader, "9-2"
	st.Turn, st.Seed = 42, 1
	st.Journal = append(st.Journal, state.Step{Do: "next"})
	h := g.Header()
	h.Journal = append(h.Journal, state.Step{Do: "next"})
	if after := written(t, g); !bytes.Equal(before, after) {
		t.Fatalf("changing a Snapshot changed the game:\n%s", after)
	}
	if _, err := g.Turn(nil); err != nil {
		t.Fatal(err)
	}
	if turn, _, _ := g.Clock(); turn != 2 {
		t.Errorf("after one Game Turn the game stands at turn %d", turn)
	}
}
