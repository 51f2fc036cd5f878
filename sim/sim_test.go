package sim

import (
	"testing"

	"github.com/sasl-engine/sasl/game"
)

func prepared(t testing.TB, name string) *Prepared {
	t.Helper()
	p, _, err := game.Open(name, "", "")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := Prepare(p, name)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func TestQuick(t *testing.T) {
	p := prepared(t, "crossroads")
	r, err := Run(p, Config{Runs: 2000, Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v %+v %+v", r.FriendlyWins, r.EnemyExited, r.FirstReach)
	t.Logf("%+v", r.Casualties)
	t.Logf("%+v %+v", r.Placed, r.Activated)
}
