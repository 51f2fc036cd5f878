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

// The game's refusals name no option of a command (issue 53): a setting's
// unknown value is a SettingError, worded with the option only where the
// command words give it (ParseCommand); a move's refusals name the rule,
// not --assault or --low-crawl.
func TestGameRefusalsNameNoFlag(t *testing.T) {
	t.Parallel()
	for _, err := range []error{func() error { _, err := ParseStopMode("often"); return err }(), func() error { _, err := ParseFireStops("far"); return err }()} {
		var se *SettingError
		if !errors.As(err, &se) || strings.Contains(err.Error(), "--") {
			t.Errorf("%v: want a SettingError naming no option", err)
		}
	}
	w := prepareText(t, realMission)
	h := begin(t, w, 3, PolicyHold, StopFire)
	for _, text := range []string{"next --stop phase", "next --first-fire pbf"} {
		c, err := ParseCommand(text, w.Map())
		if err != nil {
			t.Fatal(err)
		}
		var pe *PlayerStopsError
		if _, err := h.Do(c, nil); !errors.As(err, &pe) || strings.Contains(err.Error(), "--") {
			t.Errorf("%s in a hold game: %v, want a PlayerStopsError naming no option", text, err)
		}
	}
	if _, err := ParseCommand("next --stop often", w.Map()); err == nil || !strings.Contains(err.Error(), `--stop "often": want fire`) {
		t.Errorf("the command words' --stop: %v", err)
	}
	s := begin(t, w, 3, PolicyPlayer, StopFire)
	toFriendlyMPh(t, s)
	for _, text := range []string{"move F1 33Q5 --low-crawl", "move F1 33Q5 33Q4 --assault"} {
		c, err := ParseCommand(text, w.Map())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Do(c, nil); err == nil || strings.Contains(err.Error(), "--") || !strings.Contains(err.Error(), "ASL A") {
			t.Errorf("%s: %v; want refused by the rule, naming no option", text, err)
		}
	}
}
