package world

import (
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/tables"
)

// What New checks of a mission that the mission file alone cannot tell
// (missions.Parse checks the rest): each error names the file, the line
// and the value, before any game starts, rather than at the turn that
// would first need it.

// checkMission checks the mission's words against the tables: the ENEMY
// nationality has a row of the Activation table (SASL 3.3), the
// Prevailing Attitude an Action table (SASL 6), and each
// FRIENDLY unit's counter type, where it gives one, is a counter of its
// kind (ASL A1.2: an MMC's firepower-range-morale, an SMC's morale and
// leadership modifier).
func checkMission(ms *missions.Mission, t *tables.Set) error {
	if _, err := t.Activation.RowFor(ms.Enemy); err != nil {
		return ms.Errorf(ms.EnemyLine, "enemy: %w", err)
	}
	if ms.Attitude != "" {
		if _, err := t.SASL.Action.Table(ms.Attitude); err != nil {
			return ms.Errorf(ms.AttitudeLine, "attitude: %w", err)
		}
	}
	for _, sp := range ms.Friendly {
		if sp.Type == "" {
			continue // the nationality's counter (Strength), a 7-0 leader
		}
		st, err := tables.ParseStrength(sp.Type)
		switch {
		case sp.Kind.MMC() && (err != nil || st.Leader):
			return ms.Errorf(sp.Line, "friendly %s: type %q is not a %s counter: want firepower-range-morale, such as 6-6-7 (ASL A1.2)", sp.ID, sp.Type, sp.Kind)
		case sp.Kind.SMC() && (err != nil || !st.Leader):
			return ms.Errorf(sp.Line, "friendly %s: type %q is not a %s counter: want morale and leadership modifier, such as 8-1 or 7+1 (ASL A1.2)", sp.ID, sp.Type, sp.Kind)
		}
	}
	return nil
}

// checkEntries checks that S? may enter along each edge the mission's
// entry (SASL 4.2) and Human Waves (4.31) name: an eligible board at
// least, no more than entry chooses among (MaxEdgeBoards), all along
// their lengths or all along their widths.
func (w *World) checkEntries() error {
	for _, sched := range []struct {
		what    string
		entries []missions.Entry
	}{{"entry", w.ms.Entry}, {"human_wave", w.ms.HumanWave}} {
		for _, en := range sched.entries {
			if why := w.entry[en.Edge].why; why != "" {
				return w.ms.Errorf(en.Line, "%s: edge %s: %s", sched.what, en.Edge, why)
			}
		}
	}
	return nil
}
