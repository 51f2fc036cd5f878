package game

import (
	"errors"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/state"
)

// Issue 53: the engine's refusals are values each front end words; their
// own words name no flag of a command's (the page showed "--steps").
func TestRefusalsNameNoFlag(t *testing.T) {
	t.Parallel()
	w := crossroads(t)
	s := begin(t, w, 2, PolicyPlayer, StopFire)
	do(t, s, Next)
	for _, n := range []int{0, 9} {
		_, err := s.Undo(n)
		var undo *UndoError
		if !errors.As(err, &undo) || undo.Steps != n || undo.Have != 1 || strings.Contains(err.Error(), "--") {
			t.Errorf("undo %d: %v (%+v), want an UndoError naming no flag", n, err, undo)
		}
	}
	g, _, err := New(w, state.Game{Mission: "test", Seed: 1, HasSeed: true, Policy: PolicyHold}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Begin(w, g.Header(), nil, Stops{FirstFire: FireStopsPBF})
	var stops *PlayerStopsError
	if !errors.As(err, &stops) || stops.Policy != PolicyHold || strings.Contains(err.Error(), "--") {
		t.Errorf("First Fire stops in a hold game: %v, want a PlayerStopsError naming no flag", err)
	}
	for _, e := range []error{&ChangedError{File: "g.yaml", Name: "m.yaml", What: "its turns"}, &ChangedError{File: "g.yaml", Tables: true, Name: "t.yaml"}, &NoDigestError{File: "g.yaml", Mission: "m.yaml"}} {
		if strings.Contains(e.Error(), "--") {
			t.Errorf("%T names a flag: %v", e, e)
		}
	}
}
