package table

import (
	"reflect"
	"testing"

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
