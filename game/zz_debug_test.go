package game

import (
	"os"
	"strconv"
	"testing"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

func TestZZDebug(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	text := map[string]string{"edge24": edge24, "attack24": attack24, "four": realMission}[os.Getenv("ZZ")]
	w := prepareText(t, text)
	seed, _ := strconv.Atoi(os.Getenv("ZZSEED"))
	turn, _ := strconv.Atoi(os.Getenv("ZZTURN"))
	g, _, err := New(w, state.Game{Mission: "test", Seed: uint64(seed), HasSeed: true, Policy: os.Getenv("ZZPOL")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	x := report.New(w)
	for !g.Over() {
		tu := g.st.Turn
		rep, err := g.Phase(nil)
		if err != nil {
			t.Fatal(err)
		}
		if tu == turn {
			for _, e := range rep.Events {
				t.Logf("%v %v %s", e.Player, e.Phase, x.Text(&e))
			}
		}
	}
}
