package world

import (
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
)

// detours are the flow fields of the Human Wave graph toward each ground
// VPO of the mission (SASL 4.32: Human Wave units attempt to Control any
// FRIENDLY Controlled VPO when possible): how far each Location is from
// it, so that a unit's detour needs a search only when a VPO is within
// reach.
type detours struct {
	at     []board.Location
	fields []pathing.Field
}

func (w *World) prepareDetours(vpos []board.Location) {
	s := w.g.NewSearch()
	for _, v := range vpos {
		if v.Level != 0 {
			continue
		}
		var f pathing.Field
		if s.To(&f, v, nil) {
			w.detour.at = append(w.detour.at, v)
			w.detour.fields = append(w.detour.fields, f)
		}
	}
}

// DetourCost returns the cost in half MF of the cheapest Human Wave
// movement from Location from to VPO v (pathing.Unreached if there is
// none), for a VPO of the mission at ground level; ok is false for any
// other Location, which a search must answer. O(VPOs).
func (w *World) DetourCost(v, from board.Location) (cost int, ok bool) {
	for i, at := range w.detour.at {
		if at == v {
			return w.detour.fields[i].Cost(from), true
		}
	}
	return 0, false
}
