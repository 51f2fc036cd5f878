package world

import (
	"slices"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Stack returns what side has on the map in Location l, for stacking (ASL
// A5.1): its squad equivalents (a squad or an S? one, a half-squad a half,
// a Human Wave S? human_wave.squads_per_s, SASL 4.3) and its SMC.
// O(units in l's hex).
func (w *World) Stack(st *state.State, side state.Side, l board.Location) (squads float64, smc int) {
	hwS := float64(w.h.SquadsPerS.Value)
	for u := range st.In(side, l) {
		squads += u.Squads(hwS)
		if u.Kind.SMC() {
			smc++
		}
	}
	return squads, smc
}

// Fits reports whether Location l takes units of side on top of the units
// of that side already on the map there, within the stacking limits of
// ASL A5.1: human_wave.stacking squad equivalents (two half-squads are
// one, a Human Wave S? counts human_wave.squads_per_s, SASL 4.3) plus
// human_wave.stacking_smc SMC. Each level of a building is a Location of
// its own (A5.1). units already in l count once; the other side's units
// count not at all (each side has its own limit). Both sides' moves,
// advances, routs and entries ask it. O(units in l's hex x len(units)).
func (w *World) Fits(st *state.State, side state.Side, l board.Location, units []*state.Unit) bool {
	hwS := float64(w.h.SquadsPerS.Value)
	squads, smc := 0.0, 0
	for u := range st.In(side, l) {
		if slices.Contains(units, u) {
			continue
		}
		squads += u.Squads(hwS)
		if u.Kind.SMC() {
			smc++
		}
	}
	for _, u := range units {
		squads += u.Squads(hwS)
		if u.Kind.SMC() {
			smc++
		}
	}
	return w.withinLimit(squads, smc)
}

// Overstacked reports whether side's units on the map in Location l are
// beyond the stacking limits of ASL A5.1 (see Fits).
func (w *World) Overstacked(st *state.State, side state.Side, l board.Location) bool {
	return !w.withinLimit(w.Stack(st, side, l))
}

func (w *World) withinLimit(squads float64, smc int) bool {
	return squads <= float64(w.h.Stacking.Value)+1e-9 && smc <= w.h.StackSMC.Value
}
