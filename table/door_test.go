package table

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/game"
)

// Issue 53: table is the only door to a game. A front end reads the
// game through table.Game's narrow methods and changes it through Do,
// Act, Turns and Undo; no method hands out game's own Game or Session,
// which would let it play around the journal and the lock.
func TestNoDoorAroundTable(t *testing.T) {
	typ := reflect.TypeFor[*Game]()
	inner := map[reflect.Type]bool{reflect.TypeFor[*game.Game](): true, reflect.TypeFor[*game.Session](): true}
	for i := range typ.NumMethod() {
		m := typ.Method(i)
		for j := range m.Type.NumOut() {
			if out := m.Type.Out(j); inner[out] {
				t.Errorf("table.Game.%s returns %v: a front end would reach the game around table", m.Name, out)
			}
		}
	}
}

// Issue 53: table's refusals are values each front end words (sasl's
// commands name their flags, cmd/sasl's cliWords); their own words name
// no flag of a command's.
func TestTableRefusalsNameNoFlag(t *testing.T) {
	for _, e := range []error{&WaitError{Wait: -1}, &ExistsError{Path: "g.yaml", Game: true}, &ExistsError{Path: "s.vsav"},
		&TurnsError{N: 0}, &TurnsError{N: 9, Path: "g.yaml", At: 2, Last: 6, Left: 5}, &TurnsError{N: 1, Path: "g.yaml", Left: 0, Mission: "m", Last: 6},
		&UnusedDiceError{Left: []string{"3"}}, &PlainError{Path: "g.yaml"},
		&SaveRefusal{Kind: MissionIsTheMission, Path: "g.mission.yaml"}, &SaveRefusal{Kind: MissionExists, Err: &ExistsError{Path: "g.mission.yaml"}},
		&SaveRefusal{Kind: MissionTooLarge, Path: "s.vsav", Units: 9, Bytes: 5 << 20}, &SaveRefusal{Kind: OutIsTheSave, Path: "s.vsav"},
		&SaveRefusal{Kind: OutExists, Err: &ExistsError{Path: "o.vsav"}}, &SaveRefusal{Kind: NotPlayersGame, Other: "g.yaml", Policy: "hold"},
		&SaveRefusal{Kind: StaleSave, Path: "s.vsav", Other: "g.yaml", Why: "moved"}, &SaveRefusal{Kind: SinceOutOfRange, Since: 9, Last: 4, Other: "g.yaml"}} {
		if strings.Contains(e.Error(), "--") {
			t.Errorf("%T names a flag: %v", e, e)
		}
	}
	if _, err := Lock(filepath.Join(t.TempDir(), "g.yaml"), Options{Wait: -time.Second}); !errors.As(err, new(*WaitError)) {
		t.Errorf("a negative wait: %v, want a WaitError", err)
	}
}
