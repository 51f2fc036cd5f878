package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Text words an event as sasl prints it: "A1a, A1b: from off the south
// edge, 4U10 (1) 4U9 (1), 2 MF".
func (x *Words) Text(e *Event) string {
	who := strings.Join(e.Units, ", ")
	switch e.Kind {
	case Arrive:
		return fmt.Sprintf("%s set up off the %s edge to enter %s: %s", who, e.Edge, x.hex(e.Hexes[0]), x.entryText(e))
	case WaveEntry:
		names := make([]string, len(e.Units))
		for i, id := range e.Units {
			names[i] = id + " " + x.hex(e.Hexes[i])
		}
		return fmt.Sprintf("Human Wave %s: %s. %d Human Wave S? set up off the %s edge: %s",
			e.Wave, strings.Join(x.waveLog(e), "; "), len(e.Hexes), e.Edge, strings.Join(names, ", "))
	case Enter:
		s := e.Steps[len(e.Steps)-1]
		return fmt.Sprintf("%s enters %s from off the %s edge (%s MF) and stops there (SASL 4.2)", who, x.name(s.Location), e.Edge, pathing.HalfMF(s.HalfMF))
	case Move:
		spent := halfMFOf(e.Steps)
		lead := ""
		if e.Lead != "" {
			lead = "following " + e.Lead + "'s tracks, "
		}
		text := fmt.Sprintf("%s: %s%s, %s MF", who, lead, x.PathText(e.Steps, e.Edge), pathing.HalfMF(spent))
		if e.Goal != NoGoal {
			verb := "move"
			if len(e.Units) == 1 {
				verb = "moves"
			}
			text = fmt.Sprintf("%s %s %s, %s MF, %s", who, verb, x.PathText(e.Steps, e.Edge), pathing.HalfMF(spent), x.goalText(e))
		}
		for _, n := range e.Notes {
			text += "; " + x.note(n)
		}
		return text
	case Rout:
		spent := halfMFOf(e.Steps)
		how := "routs"
		for _, n := range e.Notes {
			if n.Kind == LowCrawl {
				how = "Low Crawls (ASL A10.52)"
			}
		}
		text := fmt.Sprintf("%s (broken, DM) %s: %s, %s MF (RtPh, ASL A10.5)", who, how, x.PathText(e.Steps, e.Edge), pathing.HalfMF(spent))
		if e.Cause != NoCause {
			text += "; eliminated on the way by its Interdiction"
		}
		return text
	case AdvanceInto:
		verb := "advance"
		if len(e.Units) == 1 {
			verb = "advances"
		}
		text := fmt.Sprintf("%s %s into %s (APh, ASL A4.7)", who, verb, x.name(e.Steps[len(e.Steps)-1].Location))
		if e.Goal != NoGoal {
			text += ", " + x.goalText(e)
		}
		for _, n := range e.Notes {
			text += "; " + x.note(n)
		}
		return text
	case EntryFull:
		return fmt.Sprintf("%s cannot enter %s: it is full (ASL A5.1): waits off the %s edge to enter in the next MPh", who, x.name(e.At), e.Edge)
	case Exit:
		return fmt.Sprintf("%s exit off the FBE (%s) from %s", who, x.w.Mission().FBE, x.name(e.At))
	case Release:
		if e.Cause == CannotEnter {
			return fmt.Sprintf("%s cannot enter %s: released, in Advance Attitude (SASL 4.33: an S?)", who, x.hex(e.At.Hex))
		}
		why := x.stopText(e)
		if e.Cause == NoWayPast {
			why += ": no adjacent unit of the wave has a way past"
		}
		return fmt.Sprintf("%s in %s: %s: released, ends its MPh (%s)", who, x.name(e.At), why, releasedAttitude)
	case Delay:
		return fmt.Sprintf("%s in %s: %s: delays, to follow in the tracks of an adjacent unit of the wave (SASL 4.33)", who, x.name(e.At), x.stopText(e))
	case Activate:
		made := make([]string, len(e.Made))
		for i, u := range e.Made {
			if u.ID == "" {
				made[i] = fmt.Sprintf("no leader (x3 dr %d%+d)", u.X3, u.DRM)
				continue
			}
			made[i] = u.ID + " " + KindText(u.Kind) + typeSuffix(u.Type)
		}
		if e.AC != nil {
			return fmt.Sprintf("%s Activated in %s: %s: %s: %s: %s (SASL 5.1, SASL 5)", who, x.name(e.At), x.activationText(e.Activation), x.acText(e.AC),
				x.generationText(e.Rolls[1]), strings.Join(made, ", "))
		}
		// Table x10: a Human Wave S?'s (SASL 4.34), or, by policy.setup_s
		// x10, another's: the roll names the rule.
		return fmt.Sprintf("%s Activated in %s: %s: x10 dr %d: %s (%s)", who, x.name(e.At), x.activationText(e.Activation), e.Rolls[0].Coloured, strings.Join(made, ", "), e.Rolls[0].Rule())
	case Dummy:
		return fmt.Sprintf("%s Activated in %s: %s: %s: a dummy, removed from play (SASL 5.1)", who, x.name(e.At), x.activationText(e.Activation), x.acText(e.AC))
	case Excess:
		made := make([]string, len(e.Made))
		for i, u := range e.Made {
			made[i] = KindText(u.Kind) + typeSuffix(u.Type)
		}
		return fmt.Sprintf("%s also hid %s, which %s cannot take beside the ENEMY units there (ASL A5.1: %d squads and %d SMC): not placed, they do not come into play (human_wave.excess)",
			who, strings.Join(made, ", "), x.name(e.At), e.Count, e.Was)
	case EntryRedone:
		why := "holds FRIENDLY units (ASL A2.5)"
		if e.Cause == Full {
			why = "is full (ASL A5.1)"
		}
		to := *e
		to.Hexes = e.Hexes[len(e.Hexes)-1:]
		return fmt.Sprintf("%s cannot enter %s, which %s: the entry is repeated (SASL 4.2): %s", who, x.hex(e.Hexes[0]), why, x.entryText(&to))
	case Chain:
		h := x.w.HumanWave()
		var kept, lost []string
		for _, c := range e.Chains {
			desc := fmt.Sprintf("%s from %s, %d MMC", HexesText(c.Hexes), x.hex(c.First), c.MMC)
			if c.Kept {
				kept = append(kept, desc)
			} else {
				lost = append(lost, desc)
			}
		}
		text := fmt.Sprintf("Human Wave %s: chains (SASL 4.323, >= %d hexes averaging >= %d MMC):", e.Wave, h.ChainHexes.Value, h.ChainMMC.Value)
		if len(kept) > 0 {
			text += " moving on " + strings.Join(kept, "; ") + "."
		}
		if len(lost) > 0 {
			text += " Human Wave movement ends for " + strings.Join(lost, "; ") + " (" + releasedAttitude + ")."
		}
		return text
	case Join:
		return fmt.Sprintf("%s in %s joins Human Wave %s (SASL 4.323)", who, x.name(e.At), e.Wave)
	case Fire:
		g := e.Fire
		lead := ""
		if l := g.DRM - g.TEM - g.Hindrance - g.Move; l != 0 {
			lead = fmt.Sprintf(", leader %+d", l)
		}
		if g.Move != 0 {
			lead += fmt.Sprintf(", %s %+d: First Fire at a moving unit", x.moveName(g.Move, g.TEM, g.Hindrance), g.Move)
		}
		as := ""
		if g.As != FirstFire && FireText(g.As) != "" {
			as = " by " + FireText(g.As)
		}
		status := "Good Order"
		if !g.Good {
			status = "broken"
		}
		return fmt.Sprintf("Fire group %s (%s) fires%s at %s (%s%s) in %s: %s FP, DRM %+d (%s, hindrance %+d%s); %s, %s, in LOS (SASL 4.36 priority %d)",
			strings.Join(g.Members, ", "), countText(len(g.Members), "unit"), as, g.Target, KindText(g.TargetKind), typeSuffix(g.TargetType), x.name(g.At), FormatFP(g.FP), g.DRM, TEMText(g.TEM, g.Wall), g.Hindrance, lead, status, HexesText(g.Range), g.Priority)
	case Gap:
		return fmt.Sprintf("%s advances %s -> %s to close a gap: %d units in chains (were %d), %d groups (were %d) (SASL 4.322)",
			who, x.name(e.Steps[0].Location), x.name(e.Steps[1].Location), e.Count, e.Was, e.Groups, e.WasGroups)
	case Advance:
		return fmt.Sprintf("%s advances %s -> %s toward the nearest Target, %s in %s (SASL 4.322)",
			who, x.name(e.Steps[0].Location), x.name(e.Steps[1].Location), e.Target, x.name(e.TargetAt))
	case Control:
		if len(e.Units) > 0 {
			return who + " takes Control of VPO " + x.name(e.At)
		}
		return fmt.Sprintf("the %s side takes Control of VPO %s", e.Side, x.name(e.At))
	case Recover:
		return fmt.Sprintf("%s attempts Recovery of the %s (%d PP) in %s (SASL 4.37)", who, e.SW.Name, e.SW.PP, x.name(e.At))
	case ResidualFire:
		g := e.Fire
		return fmt.Sprintf("Residual FP (ASL A8.2) in %s attacks %s: %s FP, DRM %+d (TEM %+d, %s %+d), DR %d = %d: %s",
			x.name(g.At), who, FormatFP(g.FP), g.DRM, g.TEM, x.moveName(g.Move, g.TEM, g.Hindrance), g.Move, g.DR, g.Final, g.Result)
	case ResidualLeft:
		return fmt.Sprintf("the %s fire leaves Residual FP %d in %s (ASL A8.2)", strings.ToUpper(e.Side.String()), e.Count, x.name(e.At))
	case FirstFire, DefensiveFire, PrepFire, AdvancingFire, SubsequentFirstFire, FinalProtectiveFire, FinalFire:
		g := e.Fire
		what := FireText(e.Kind)
		hind := ""
		if parts := x.DRMParts(g); parts != "" {
			hind = " (" + parts + ")"
		}
		return fmt.Sprintf("%s: %s in %s fire at %s in %s, %s: %s FP, DRM %+d%s, DR %d = %d: %s%s",
			what, who, x.name(g.From[0]), strings.Join(g.Targets, ", "), x.name(g.At), HexesText(g.Range), FormatFP(g.FP), g.DRM, hind, g.DR, g.Final, g.Result, x.stillText(g))
	case Result:
		g := e.Fire
		return fmt.Sprintf("IFT: %s FP, DR %d%+d = %d: %s on %s in %s%s", FormatFP(g.FP), g.DR, g.DRM, g.Final, g.Result, who, x.name(g.At), x.stillText(g))
	case Morale:
		d := e.Dice
		switch e.Cause {
		case RallyFailed:
			return fmt.Sprintf("%s in %s fails to rally: DR %d%+d = %d > ML %d", who, x.name(e.At), d.DR, d.DRM, d.Final, d.Need)
		case PTCInWave:
			return fmt.Sprintf("%s in %s fails its PTC: DR %d%+d = %d > ML %d, and is not pinned: it moves in a Human Wave (hw_pin)", who, x.name(e.At), d.DR, d.DRM, d.Final, d.Need)
		case PTCNoPin:
			return fmt.Sprintf("%s in %s fails its PTC: DR %d%+d = %d > ML %d, which pins nothing by the tables (ptc_fail)", who, x.name(e.At), d.DR, d.DRM, d.Final, d.Need)
		}
		check := "MC"
		switch e.Cause {
		case PinTask:
			check = "PTC"
		case Interdicted:
			return fmt.Sprintf("%s routing into %s is Interdicted (ASL A10.53) and passes its NMC: DR %d%+d = %d <= ML %d", who, x.name(e.At), d.DR, d.DRM, d.Final, d.Need)
		case FPFCheck:
			check = "NMC for its Final Protective Fire (ASL A8.31)"
		}
		return fmt.Sprintf("%s passes its %s: DR %d%+d = %d <= ML %d", who, check, d.DR, d.DRM, d.Final, d.Need)
	case Pinned:
		return fmt.Sprintf("%s in %s is pinned (ASL A7.8): %s", who, x.name(e.At), causeText(e.Cause, e.Dice))
	case Break:
		left := ""
		if e.Other != "" {
			left = fmt.Sprintf("; leaves Human Wave %s (SASL 4.323)", e.Other)
		}
		return fmt.Sprintf("%s in %s breaks: %s%s", who, x.name(e.At), causeText(e.Cause, e.Dice), left)
	case Reduce:
		placeholder := ""
		if slices.ContainsFunc(e.Notes, func(n Note) bool { return n.Kind == Placeholder }) {
			placeholder = "; a placeholder: the counters table (half_squads) does not list this squad"
		}
		return fmt.Sprintf("%s in %s is Casualty Reduced to a half-squad %s (%s%s)", who, x.name(e.At), e.Type, causeText(e.Cause, e.Dice), placeholder)
	case Wound:
		d := e.Dice
		how := "a minor wound: ML -1, leadership modifier +1, 3 MF (ASL A17.2, A17.3)"
		if d.Final > d.Need {
			how = "a mortal wound (ASL A17.11)"
		}
		return fmt.Sprintf("%s in %s is wounded (%s): Wound Severity dr %d%+d = %d: %s", who, x.name(e.At), causeText(e.Cause, e.CauseDice), d.DR, d.DRM, d.Final, how)
	case Eliminate:
		return fmt.Sprintf("%s (%s) in %s is eliminated (%s)", who, KindText(e.Unit), x.name(e.At), causeText(e.Cause, e.Dice))
	case Rally:
		d := e.Dice
		return fmt.Sprintf("%s in %s rallies: DR %d%+d = %d <= ML %d", who, x.name(e.At), d.DR, d.DRM, d.Final, d.Need)
	case Recombine:
		return fmt.Sprintf("%s and %s (half-squads) in %s recombine into a squad %s, %s: leader %s has no other activity this RPh (SASL 7.5)", e.Units[0], e.Units[1], x.name(e.At), e.Type, e.Units[0], e.Units[2])
	case ActionCheck:
		return fmt.Sprintf("Action check of %s in %s (%s): %s", who, x.name(e.At), attitudeTitle(e.Action.Attitude), actionText(e.Action))
	case Reveal:
		return fmt.Sprintf("%s in %s revealed: %s finds them as it moves toward their Location; Known from now on, they can Activate S? (sasl's reading of ASL A12; SASL 3.32)", who, x.name(e.At), e.Lead)
	case Reported:
		if piece, ok := strings.CutPrefix(e.Other, "piece "); ok {
			return fmt.Sprintf("%s in %s: its counter is VASL piece %s now, as your save shows (a counter swapped in for it)", who, x.name(e.At), piece)
		}
		return fmt.Sprintf("%s in %s is %s (as you report)", who, x.name(e.At), e.Other)
	case GoOn:
		if e.Other == "first_fire" && len(e.Units) == 0 {
			return fmt.Sprintf("First Fire in %s: nothing is left of the moving stack; you go on (next)", x.name(e.At))
		}
		if len(e.Units) > 0 {
			if e.Other == "hold_move" {
				return fmt.Sprintf("First Fire at %s in %s: you hold your fire for the rest of its move (next --hold-move): the game stops for it no more, and nothing fires at it for you", who, x.name(e.At))
			}
			if e.Count == 0 {
				return fmt.Sprintf("First Fire at %s in %s: you hold your fire (next)", who, x.name(e.At))
			}
			return fmt.Sprintf("First Fire at %s in %s: you go on (next)", who, x.name(e.At))
		}
		ph := PhaseOf(e.Player, e.Phase)
		if e.Other == "rout_done" {
			return ph + ": every broken unit that had to rout has routed; you go on (next)"
		}
		if e.Other == "rout" {
			return fmt.Sprintf("%s: you go on (next); the broken units you did not rout rout as the engine chooses or are eliminated for Failure to Rout (ASL A10.5)", ph)
		}
		if e.Count == 0 {
			return fmt.Sprintf("%s: you %s and go on (next)", ph, phaseNone(e.Phase))
		}
		return fmt.Sprintf("%s: you go on (next)", ph)
	case MovesOn:
		spent := halfMFOf(e.Steps)
		verb, its := "move", "their"
		if len(e.Units) == 1 {
			verb, its = "moves", "its"
		}
		return fmt.Sprintf("%s %s on: %s, %s MF (%s whole move is told when it ends)", who, verb, x.PathText(e.Steps, e.Edge), pathing.HalfMF(spent), its)
	case Pass, Unasked:
		what := "you pass"
		if e.Kind == Unasked {
			// Other: the stop mode (fire, phase, turn) or, for a First
			// Fire chance beyond what the player stops for, the First Fire
			// setting (every, normal, pbf): no name is both.
			flag := "--stop "
			if e.Other == "every" || e.Other == "normal" || e.Other == "pbf" {
				flag = "--first-fire "
			}
			what = "not asked (" + flag + e.Other + ")"
		}
		if len(e.Units) > 0 {
			return fmt.Sprintf("First Fire at %s in %s: %s: the engine decides as the hold policy does", who, x.name(e.At), what)
		}
		return fmt.Sprintf("%s: %s: the engine decides as the hold policy does", PhaseOf(e.Player, e.Phase), what)
	case CloseCombat:
		d := e.Dice
		res := "no effect"
		switch {
		case d.Final <= d.Need:
			res = "the defenders are eliminated"
		case d.Final == d.Need+1:
			res = "one defender is Casualty Reduced"
		}
		return fmt.Sprintf("Close Combat in %s: the %s side (%s) attacks at %s, Kill Number %d: DR %d%+d = %d: %s",
			x.name(e.At), strings.ToUpper(e.Side.String()), who, e.Odds, d.Need, d.DR, d.DRM, d.Final, res)
	}
	return x.procedure(e)
}

// halfMFOf is the half MF steps spent, all told.
func halfMFOf(steps []pathing.Step) int {
	n := 0
	for _, s := range steps {
		n += s.HalfMF
	}
	return n
}

// phaseNone says what a player who did nothing in phase ph did not do.
func phaseNone(ph state.Phase) string {
	switch ph {
	case state.PFPh:
		return "fire no Prep Fire"
	case state.AFPh:
		return "fire no Advancing Fire"
	case state.DFPh:
		return "fire no Defensive Fire"
	case state.MPh:
		return "move no unit"
	case state.APh:
		return "advance no unit"
	case state.RPh:
		return "rally no unit"
	}
	return "do nothing yourself"
}

// releasedAttitude says the Attitude of units leaving a Human Wave.
const releasedAttitude = "SASL 4.33: an S? keeps Advance Attitude, units take the Prevailing one"

// goalText words what a move of ENEMY units outside a Human Wave heads
// for, and why it moves: "toward the VPO 2P3 (Advance Attitude)", or "(a
// Move Command, SASL 6)".
func (x *Words) goalText(e *Event) string {
	why := "Advance Attitude"
	if e.Cause == MoveCommand {
		why = "a Move Command, SASL 6"
	}
	switch e.Goal {
	case TakeVPO:
		return fmt.Sprintf("toward the VPO %s (%s)", x.name(e.TargetAt), why)
	case HoldVPO:
		return fmt.Sprintf("to hold the VPO %s (%s)", x.name(e.TargetAt), why)
	}
	return fmt.Sprintf("toward the FBE, the %s edge (%s)", x.w.Mission().FBE, why)
}

// note words a note on a move.
func (x *Words) note(n Note) string {
	switch n.Kind {
	case StoppedFull:
		return fmt.Sprintf("stops in %s: %s is full", x.name(n.At), x.name(n.Full))
	case TookVPO:
		return "takes Control of VPO " + x.name(n.At)
	case Assault:
		return "by Assault Movement (ASL A4.61)"
	case LowCrawl:
		return "by Low Crawl (ASL A10.52)"
	case StoppedEnemy:
		return fmt.Sprintf("stops: %s holds ENEMY units", x.name(n.At))
	case Placeholder:
		return "a placeholder half-squad: the counters table (half_squads) does not list the squad"
	case Revealed:
		return fmt.Sprintf("finds FRIENDLY units the ENEMY did not know of in %s: they are revealed (Known)", x.name(n.At))
	case StoppedActivated:
		return fmt.Sprintf("stops in %s, where the S? was Activated: only Human Wave units move on after Activation (SASL 4.34)", x.name(n.At))
	case StoppedHidden:
		return fmt.Sprintf("stops before %s, where it finds FRIENDLY units the ENEMY did not know of: they are revealed (Known; ASL A4.14)", x.name(n.At))
	}
	return fmt.Sprintf("entered %s, held by a Known FRIENDLY unit: released from Human Wave movement (SASL 4.323)", x.name(n.At))
}

// stopText words what stopped a Human Wave unit: "runs into a cliff
// hexside at 9DD4".
func (x *Words) stopText(e *Event) string {
	what := ""
	switch e.Obstacle {
	case Cliff:
		what = "a cliff hexside"
	case RowhouseWall:
		what = "a rowhouse wall"
	case WaterObstacle:
		what = "a Water Obstacle"
	case Impassable:
		what = "terrain Infantry cannot enter"
	default:
		return "no way forward to the FBE"
	}
	return fmt.Sprintf("runs into %s at %s", what, x.hex(e.ObstacleAt))
}

// causeText words why a unit broke, was Casualty Reduced or eliminated.
func causeText(c Cause, d Dice) string {
	var s string
	switch c &^ Reduced {
	case FailedMC:
		s = fmt.Sprintf("MC DR %d%+d = %d > ML %d", d.DR, d.DRM, d.Final, d.Need)
	case SurvivedKIA:
		s = "survives a KIA"
	case FailedBroken:
		s = "fails a MC while broken"
	case MC12:
		s = "Original MC DR 12"
	case Rally12:
		s = "Original rally DR 12"
	case KMC:
		s = fmt.Sprintf("K/%d", d.Need)
	case KIA:
		s = "KIA"
	case InCloseCombat:
		s = "Close Combat"
	case ByPlayer:
		s = "as you report"
	case MortalWound:
		s = "a mortal wound, ASL A17.11"
	case PinTask:
		s = fmt.Sprintf("PTC DR %d%+d = %d > ML %d", d.DR, d.DRM, d.Final, d.Need)
	case AtML:
		s = fmt.Sprintf("MC DR %d%+d = %d = ML %d", d.DR, d.DRM, d.Final, d.Need)
	case Interdicted:
		s = fmt.Sprintf("Interdicted while routing, ASL A10.53: NMC DR %d%+d = %d > ML %d", d.DR, d.DRM, d.Final, d.Need)
	case FailedRout:
		s = "Failure to Rout, ASL A10.5: it must rout and has no legal rout"
	case FPFCheck:
		s = fmt.Sprintf("its Final Protective Fire NMC (ASL A8.31) DR %d%+d = %d > ML %d", d.DR, d.DRM, d.Final, d.Need)
	}
	if c&Reduced != 0 {
		s += ": Casualty Reduction"
	}
	return s
}

// stillText tells the result of an attack at a mover's Location for the
// units attacked that are not moving (FireGroup.Still: they did not move,
// or their move had ended there): the same DR without the movement DRM,
// which is only against moving units (ASL A4.6, A8.1); "" when every unit
// attacked is moving.
func (x *Words) stillText(g *FireGroup) string {
	if len(g.Still) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s, not moving (no %s, ASL A4.6): DR %d%+d = %d: %s",
		strings.Join(g.Still, ", "), x.moveName(g.Move, g.TEM, g.Hindrance), g.DR, g.DRM-g.Move, g.StillFinal, g.StillResult)
}

// activationText says for the player why an S? was Activated: "F1 squad
// 6-6-7 in x1Q5 in LOS at 2 hexes: Final DRM +1 (TEM +1, hindrance +0) <=
// 2 on the Activation table (the German row, range 2)".
func (x *Words) activationText(a *Activation) string {
	if a.Residual {
		return fmt.Sprintf("attacked by the Residual FP in %s as it entered (ASL A8.2): an attack on an S? Activates it first", x.name(a.At))
	}
	if a.By == "" {
		return "in a Location with FRIENDLY units (Melee): revealed"
	}
	who := a.By + " " + KindText(a.ByKind) + typeSuffix(a.ByType)
	if a.Fire {
		return fmt.Sprintf("fired at by %s in %s at %s: an attack on an S? Activates it first", who, x.name(a.At), HexesText(a.Range))
	}
	why := "auto"
	if a.Cell.Need == tables.NeedDRM {
		move := ""
		if a.Move != 0 {
			move = fmt.Sprintf(", %s %+d", x.moveName(a.Move, a.TEM, a.Hindrance), a.Move)
		}
		why = fmt.Sprintf("Final DRM %+d (%s, hindrance %+d%s) <= %d", a.DRM, TEMText(a.TEM, a.Wall), a.Hindrance, move, a.Cell.DRM)
	}
	how := "in"
	switch a.Moment {
	case ByMoved:
		how = "moving into"
	case ByAdvanced:
		how = "advancing into"
	case ByRouted:
		how = "routing into"
	case ByFired:
		how = "firing from"
	}
	when := ""
	switch a.Moment {
	case SMoved:
		when = ", as the S? moved into its LOS"
	case Standing:
		when = ", checked at the end of the Player Turn"
		if x.w != nil && x.w.Tables().Activation.Still.Value == tables.StillMPh {
			when = ", checked at the start of the MPh"
		}
	}
	return fmt.Sprintf("%s %s %s in LOS at %s%s: %s on the Activation table (%s, range %d)", who, how, x.name(a.At), HexesText(a.Range), when, why, x.rowName(a.Row), a.Range)
}

// rowName names row, a row of the Activation table, as a player reads it:
// by the mission's ENEMY nationality whose row it is ("the Russian row"),
// not by the tables' key ("axis_minor_russia_japan"); by its key where
// the mission names no nationality or the row is another.
func (x *Words) rowName(row string) string {
	if x.w != nil && x.w.Mission() != nil && row == x.w.ActivationRow() {
		if nat := strings.TrimSpace(x.w.Mission().Enemy); nat != "" {
			return "the " + nat + " row"
		}
	}
	return "row " + row
}

// acText words an S?'s AC dr (SASL 5.1): "AC dr 4 -1 (in/ADJACENT to a
// VPO) = 3: not a dummy (a dummy on a Final AC dr >= 5, placeholder)".
func (x *Words) acText(a *AC) string {
	var b strings.Builder
	fmt.Fprintf(&b, "AC dr %d", a.Dr)
	board := "Village mapboard"
	if a.City {
		board = "City mapboard"
	}
	for _, d := range []struct {
		drm  int
		what string
	}{
		{a.VPO, "in/ADJACENT to a VPO"}, {a.Stone, "stone building"}, {a.Level, "above the hex's base level"},
		{a.Near, fmt.Sprintf("an Activated ENEMY unit within %s", HexesText(x.w.Tables().SGeneration.NearRange.Value))}, {a.Board, board},
	} {
		if d.drm != 0 {
			fmt.Fprintf(&b, " %+d (%s)", d.drm, d.what)
		}
	}
	if a.Final != a.Dr {
		fmt.Fprintf(&b, " = %d", a.Final)
	}
	if a.Final >= a.Dummy {
		b.WriteString(": a dummy")
	} else {
		b.WriteString(": not a dummy")
	}
	fmt.Fprintf(&b, " (a dummy on a Final AC dr >= %d%s)", a.Dummy, placeholder(x.w.Tables().SGeneration.Dummy.Default))
	return b.String()
}

// generationText words the dr of an S?'s unit generation table (SASL 5):
// "generation dr 3 (Russian, placeholder)". The roll's Board names the
// nationality whose table it was.
func (x *Words) generationText(r Roll) string {
	row := x.w.Tables().SGeneration.Of(r.Why.Board).Rows[min(max(r.Coloured, 1), 6)]
	return fmt.Sprintf("generation dr %d (%s%s)", r.Coloured, r.Why.Board, placeholder(row.Default))
}

// placeholder is ", placeholder" for a table value marked default: true.
func placeholder(def bool) string {
	if def {
		return ", placeholder"
	}
	return ""
}

// entryText says how an S? came to enter its hex: "chit Q: enters 4Q10
// from off the south edge (SASL 4.21)".
func (x *Words) entryText(e *Event) string {
	if e.Entry.Method == "4.21" {
		return fmt.Sprintf("chit %s: enters %s from off the %s edge (SASL 4.21)", e.Entry.Chit, x.hex(e.Hexes[0]), e.Edge)
	}
	return fmt.Sprintf("board %s, hex number %d+2: enters %s from off the %s edge (SASL 4.22)", e.Entry.Board, e.Entry.White, x.hex(e.Hexes[0]), e.Edge)
}

// waveLog says how the entrance hexes of a Human Wave came about: each
// pair drawn, refused or accepted (SASL 4.31).
func (x *Words) waveLog(e *Event) []string {
	var out []string
	for i := 0; i+1 < len(e.Pairs); i += 2 {
		a, b := e.Pairs[i], e.Pairs[i+1]
		pa, pb := x.w.EdgePos(e.Edge, a), x.w.EdgePos(e.Edge, b)
		between := max(pa, pb) - min(pa, pb) - 1
		if i+2 < len(e.Pairs) {
			out = append(out, fmt.Sprintf("%s and %s: %d hexes between them: refused, draw again (SASL 4.31)", x.hex(a), x.hex(b), max(between, 0)))
			continue
		}
		out = append(out, fmt.Sprintf("%s and %s: %d hexes between them: %d entrance hexes, HW Direction counter on %s (SASL 4.31)",
			x.hex(a), x.hex(b), between, len(e.Hexes), x.hex(e.Direction)))
	}
	return out
}

// UnitText describes a unit for people: "S3 S? x3O4h1 (case a)".
func (x *Words) UnitText(u *state.Unit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-6s %-17s", u.ID, KindText(u.Kind)+typeSuffix(u.Type))
	at := x.name(u.At())
	if u.Crest {
		at += "/CR" + x.hex(u.Facing)
	}
	fmt.Fprintf(&b, " %-12s", at)
	var notes []string
	if u.Case != 0 {
		notes = append(notes, "case "+string(u.Case))
	}
	// The wave as its counter's colour says it (state.Unit.InHumanWave).
	switch {
	case u.InHumanWave():
		notes = append(notes, "Human Wave "+u.Wave)
	case u.Wave != "":
		notes = append(notes, "released from Human Wave "+u.Wave)
	}
	for _, f := range []struct {
		on   bool
		what string
	}{{u.Entering, "waiting off the " + u.Edge.String() + " edge"}, {u.Known, "Known"}, {u.Broken, "broken"}, {u.DM, "DM"}, {u.Wounded, "wounded"}, {u.Pinned, "pinned"},
		{u.Fired && !u.FinalFire, "fired"}, {u.FinalFire, "Final Fire"}, {u.Released && u.Wave == "", "released"}, {u.Exited, "exited"}} {
		if f.on {
			notes = append(notes, f.what)
		}
	}
	if len(notes) > 0 {
		b.WriteString(" " + strings.Join(notes, ", "))
	}
	return strings.TrimRight(b.String(), " ")
}

// TEMText words a TEM and what gives it: "TEM +1", or "wall TEM +2" for
// the TEM of a wall, hedge or bocage hexside the fire crosses (ASL B9.3).
func TEMText(tem int, wall string) string {
	if wall != "" {
		return fmt.Sprintf("%s TEM %+d", wall, tem)
	}
	return fmt.Sprintf("TEM %+d", tem)
}

// DRMParts words the parts of fire group g's DRM that are not zero,
// which add up to it, as the fire's report and the page's preview of a
// fire both say them: the TEM (a wall's named), the hindrance, the
// movement DRM (FFNAM, FFMO: ASL A4.6) and the directing leader's
// modifier (A7.53): "TEM +1, FFNAM/FFMO -2, leader -1"; "" for none.
func (x *Words) DRMParts(g *FireGroup) string {
	var parts []string
	if g.Wall != "" || g.TEM != 0 {
		parts = append(parts, TEMText(g.TEM, g.Wall))
	}
	if g.Hindrance != 0 {
		parts = append(parts, fmt.Sprintf("hindrance %+d", g.Hindrance))
	}
	if g.Move != 0 {
		parts = append(parts, fmt.Sprintf("%s %+d", x.moveName(g.Move, g.TEM, g.Hindrance), g.Move))
	}
	if l := g.DRM - g.TEM - g.Hindrance - g.Move; l != 0 {
		parts = append(parts, fmt.Sprintf("leader %+d", l))
	}
	return strings.Join(parts, ", ")
}

// moveName names the movement DRM drm of fire at a moving unit by what it
// is made of (ASL A4.6), the target's TEM and the hindrance saying whether
// it was in Open Ground (tables.OpenGround), where FFMO applies: "FFNAM"
// out of it; in it "FFNAM/FFMO", or "FFMO" alone for Assault Movement,
// which FFNAM does not apply to (A4.61).
func (x *Words) moveName(drm, tem, hindrance int) string {
	c := &x.w.Tables().Combat
	if !tables.OpenGround(tem, hindrance) {
		return "FFNAM"
	}
	if drm == c.FFMO.Value && drm != c.FFNAM.Value+c.FFMO.Value {
		return "FFMO"
	}
	return "FFNAM/FFMO"
}

// actionText words an Action check's dice and outcome: "Panic dr 2 (6 or
// more panics): no panic; Action table dr 4: fire: Prep Fire at a Target
// (SASL 6)".
func actionText(a *Action) string {
	pd := fmt.Sprintf("Panic dr %d (%d or more panics)", a.Panic.DR, a.Panic.Need)
	if a.Panicked {
		return pd + ": they panic: no Action until the Game Turn ends, Final Protective Fire only at ADJACENT FRIENDLY units (SASL 6.21, 6.212)"
	}
	pd += ": no panic; "
	if a.Automatic == FireAdjacent {
		return pd + "FRIENDLY units ADJACENT: an Automatic Action: Prep Fire at them (SASL 6.311)"
	}
	out := pd + fmt.Sprintf("Action table dr %d: %s", a.Table.DR, a.Row)
	switch a.Command {
	case state.Fire:
		return out + ": Prep Fire at a Target (SASL 6)"
	case state.MoveOn:
		if a.Row == tables.CmdFireMove {
			return out + ": no Target to Prep Fire at: they move (SASL 6)"
		}
		return out + ": they move in the MPh and may advance in the APh (SASL 6)"
	}
	if a.Row == tables.CmdFire {
		return out + ": no Target to Prep Fire at: no Action this Player Turn (SASL 6)"
	}
	return out + ": no Action this Player Turn (SASL 6)"
}
