package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// writeTurnText writes one turn's events for people, phase by phase.
func writeTurnText(w io.Writer, words *report.Words, turn int, evs []report.Event) {
	if len(evs) == 0 {
		fmt.Fprintf(w, "\nTurn %d: the ENEMY side has nothing to do.\n", turn)
		return
	}
	fmt.Fprintf(w, "\nTurn %d\n", turn)
	phase, player := state.Phase(255), state.Side(255)
	for i := range evs {
		e := &evs[i]
		if e.Player != player {
			player, phase = e.Player, 255
			fmt.Fprintf(w, "  %s Player Turn\n", strings.ToUpper(player.String()))
		}
		if e.Phase != phase {
			phase = e.Phase
			fmt.Fprintf(w, "  %s\n", phase)
		}
		fmt.Fprintf(w, "    %s", words.Text(e))
		if len(e.Rolls) > 0 {
			fmt.Fprintf(w, "  [%s]", report.RollsText(e.Rolls))
		}
		fmt.Fprintln(w)
	}
}
