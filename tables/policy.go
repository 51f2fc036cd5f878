package tables

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// Policy holds sasl's own choices where the rules leave the play to a
// player: the weights of the FRIENDLY "attack" policy, and what ENEMY units
// outside a Human Wave do (SASL 6's Action checks, or sasl's readings
// from before them) and where they go.
type Policy struct {
	// Exposure is the half MF the attack policy adds to entering a
	// ground Location that is not Concealment Terrain in the LOS of a
	// revealed ENEMY unit within ExposureReach hexes (pathing.Exposure).
	Exposure, ExposureReach Entry[int]
	// Garrison is the MMC the attack policy leaves in each VPO it must
	// Control once it holds it.
	Garrison Entry[int]
	// Assault is the range within which of a revealed ENEMY unit a moving
	// stack uses Assault Movement (one Location, no FFNAM: ASL A4.61).
	Assault Entry[int]
	// FireOdds is the least chance, in percent, of a Morale Check or worse
	// at which a policy fires (Prep Fire, Advancing Fire).
	FireOdds Entry[int]
	// SetupS says how an S? of the setup or of an entry (not a Human Wave
	// S?) is Activated: SetupSASL5 or SetupX10.
	SetupS Entry[string]
	// Released says what ENEMY Infantry outside a Human Wave does: former
	// Human Wave units (4.33: they "assume the Prevailing Attitude"), the
	// S? of entries (4.2: Advance Attitude) and the units rallied or
	// Activated outside a wave. "actions": SASL 6's Action checks
	// (ai/action.go, SASL.Action), a Move Command moving as "advance"
	// does; "advance": they move in the MPh and advance in the APh toward
	// the mission's VPOs, then the FBE (ai/attitude.go); "hold": they stay
	// and fire in the AFPh and DFPh (sasl's play before issue 40, kept for
	// comparison).
	Released Entry[string]
	// The choices of advance (ai/attitude.go):
	//   - AdvanceSetupS: what the S? of the setup (SASL 4.1) do before
	//     they are Activated: "hold" (they stay where they were set up)
	//     or "advance" (they move as the others do);
	//   - AdvanceGoal: the order of the goals: "victory" (the VPOs the
	//     FRIENDLY side must Control that it Controls, then its other
	//     VPOs, then the ENEMY's VPOs short of their garrison, then the
	//     FBE) or "nearest" (the nearest VPO the FRIENDLY side Controls,
	//     then as victory);
	//   - AdvanceGarrison: the Good Order MMC (or S?) that stay in each
	//     VPO the ENEMY Controls;
	//   - AdvanceCover: the half MF a move's way adds to a Location that
	//     is neither Concealment Terrain (ASL A12.12) nor of a TEM above
	//     0;
	//   - AdvanceMelee: whether a unit advances in the APh into a
	//     Location held by FRIENDLY units (ASL A4.7: Close Combat follows
	//     in the CCPh, A11): "vpo" (only into the VPO it heads for) or
	//     "never".
	//   - AdvanceFBE: who goes for the FBE once no VPO needs it: "entered"
	//     (the units of entries and Human Waves, in Advance Attitude,
	//     SASL 4.2, 4.33; the units of the setup's S? hold where they
	//     are) or "all".
	AdvanceSetupS, AdvanceGoal, AdvanceMelee, AdvanceFBE Entry[string]
	AdvanceGarrison, AdvanceCover                        Entry[int]
	// Rout says which of the engine's broken units rout in a RtPh (ASL
	// A10.5): "must", those the rule makes rout (combat.Resolver.Routs),
	// the only value sasl plays.
	Rout Entry[string]
}

// The readings of policy.setup_s.
const (
	// SetupSASL5: an AC dr (SASL 5.1), which may show a dummy, then the
	// nationality's unit generation table (SGeneration).
	SetupSASL5 = "sasl5"
	// SetupX10: Table x10, as a Human Wave S? (SASL 4.34), never a dummy:
	// what sasl played before it had SASL 5, kept to compare.
	SetupX10 = "x10"
)

type policyFile struct {
	yamldoc.Fields
	Exposure      *entryFile `yaml:"exposure"`
	ExposureReach *entryFile `yaml:"exposure_reach"`
	Garrison      *entryFile `yaml:"garrison"`
	Assault       *entryFile `yaml:"assault_within"`
	FireOdds      *entryFile `yaml:"fire_odds"`
	SetupS        *entryFile `yaml:"setup_s"`
	Released      *entryFile `yaml:"released"`
	AdvSetupS     *entryFile `yaml:"advance_setup_s"`
	AdvGoal       *entryFile `yaml:"advance_goal"`
	AdvGarrison   *entryFile `yaml:"advance_garrison"`
	AdvCover      *entryFile `yaml:"advance_cover"`
	AdvMelee      *entryFile `yaml:"advance_melee"`
	AdvFBE        *entryFile `yaml:"advance_fbe"`
	Rout          *entryFile `yaml:"rout"`
}

func (p *Policy) apply(c *yamldoc.Check, f *policyFile) {
	c.Fields(f, "policy", func(key string) string { return fmt.Sprintf("unknown policy value %q", key) })
	for _, x := range []struct {
		f      *entryFile
		key    string
		e      *Entry[int]
		lo, hi int
	}{
		{f.Exposure, "exposure", &p.Exposure, 0, 40}, {f.ExposureReach, "exposure_reach", &p.ExposureReach, 0, 30},
		{f.Garrison, "garrison", &p.Garrison, 0, 9}, {f.Assault, "assault_within", &p.Assault, 0, 9},
		{f.FireOdds, "fire_odds", &p.FireOdds, 0, 100},
		{f.AdvGarrison, "advance_garrison", &p.AdvanceGarrison, 0, 9}, {f.AdvCover, "advance_cover", &p.AdvanceCover, 0, 20},
	} {
		setInt(c, x.f, "policy."+x.key, x.e, x.lo, x.hi)
	}
	for _, x := range []struct {
		f    *entryFile
		key  string
		e    *Entry[string]
		want []string
	}{
		{f.SetupS, "setup_s", &p.SetupS, []string{SetupSASL5, SetupX10}},
		{f.Released, "released", &p.Released, []string{ReleasedActions, ReleasedAdvance, ReleasedHold}},
		{f.AdvSetupS, "advance_setup_s", &p.AdvanceSetupS, []string{ReleasedHold, ReleasedAdvance}},
		{f.AdvGoal, "advance_goal", &p.AdvanceGoal, []string{GoalVictory, GoalNearest}},
		{f.AdvMelee, "advance_melee", &p.AdvanceMelee, []string{MeleeVPO, MeleeNever}},
		{f.AdvFBE, "advance_fbe", &p.AdvanceFBE, []string{FBEEntered, FBEAll}},
		{f.Rout, "rout", &p.Rout, []string{"must"}},
	} {
		if x.f == nil {
			continue
		}
		e, ok := entry(c, x.f, "policy."+x.key, func(v yamldoc.Value, what string) string {
			s := c.Str(v, what)
			for _, w := range x.want {
				if s == w {
					return s
				}
			}
			switch {
			case !c.OK():
			case x.key == "rout" && s == "stay":
				c.Errorf(v.Node, "%s: stay is no longer played: broken units rout by ASL A10.5 (must); delete the line or write must", what)
			default:
				c.Errorf(v.Node, "%s: %q is not one of %v", what, s, x.want)
			}
			return ""
		})
		if ok {
			*x.e = e
		}
	}
}

func (p *Policy) check() error {
	if p.SetupS.Value == "" || p.Released.Value == "" || p.Rout.Value == "" {
		return fmt.Errorf("policy needs setup_s, released and rout")
	}
	if p.AdvanceSetupS.Value == "" || p.AdvanceGoal.Value == "" || p.AdvanceMelee.Value == "" || p.AdvanceFBE.Value == "" {
		return fmt.Errorf("policy needs advance_setup_s, advance_goal, advance_melee and advance_fbe")
	}
	return nil
}

// The values of policy.released and of the advance_ choices.
const (
	ReleasedActions = "actions"
	ReleasedAdvance = "advance"
	ReleasedHold    = "hold"
	GoalVictory     = "victory"
	GoalNearest     = "nearest"
	MeleeVPO        = "vpo"
	MeleeNever      = "never"
	FBEEntered      = "entered"
	FBEAll          = "all"
)

func (f *policyFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }
