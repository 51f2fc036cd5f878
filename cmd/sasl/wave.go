package main

import (
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/state"
)

type waveFlags struct {
	missionFlags
	pictures pictureFlags
	turns    int
	friendly string
	save     string
	json     bool
}

func newWaveCmd(o *options) *cobra.Command {
	f := &waveFlags{}
	cmd := &cobra.Command{
		Use:   "wave",
		Short: "Run a mission's Human Waves turn by turn (SASL 4.3)",
		Long: `Run the SASL Human Waves of a mission for some turns against the FRIENDLY
positions (the mission's, or --friendly FILE): entry (4.31), movement with 8 MF
toward the FBE (4.32-4.324), Activation and unit generation (4.34-4.35), fire
group targets (4.36), release at obstacles (4.33), the chain rule (4.323), and
gap closing or advancing (4.322). Prints, per turn and phase, each unit's path
with the MF of each step, in rulebook notation.

--friendly FILE and --save FILE hold a game state (see the README): the FRIENDLY
units as you report them, and the ENEMY units, waves and VPO control as the
engine leaves them, so a mission can be played a turn at a time.`,
		Example: `  sasl wave
  sasl wave --turns 4 --seed 3 --png wave.png
  sasl wave --friendly positions.yaml --save next.yaml --dice "L B 3 5 Q V ..."`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWave(cmd, o, f)
		},
	}
	f.missionFlags.register(cmd)
	f.pictures.register(cmd)
	cmd.Flags().IntVar(&f.turns, "turns", 0, "turns to run (default: the mission's turns)")
	cmd.Flags().StringVar(&f.friendly, "friendly", "", "game state file with the FRIENDLY positions (and any ENEMY units, waves, VPO control)")
	cmd.Flags().StringVar(&f.save, "save", "", "write the game state after the last turn to this file")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	return cmd
}

func runWave(cmd *cobra.Command, o *options, f *waveFlags) error {
	p, err := f.open(cmd, o)
	if err != nil {
		return err
	}
	if len(p.ms.HumanWave) == 0 && f.friendly == "" {
		return fmt.Errorf("%s (%s) brings on no Human Wave (add human_wave to the mission, or give a --friendly state with one)", p.ms.Name, p.ms.File)
	}
	var st *state.State
	if f.friendly != "" {
		file, err := os.Open(f.friendly)
		if err != nil {
			return err
		}
		st, err = state.Read(file, f.friendly, p.m)
		file.Close()
		if err != nil {
			return err
		}
	} else if st, err = p.ms.State(p.m); err != nil {
		return err
	}
	turns := f.turns
	if turns <= 0 {
		turns = p.ms.Turns
	}
	if turns <= 0 {
		turns = 3
	}
	hw, err := ai.NewHW(p.m, p.ms, p.t, p.costs, p.r, st)
	if err != nil {
		return err
	}
	var all []*ai.WaveTurn
	for range turns {
		wt, err := hw.Turn()
		if err != nil {
			return err
		}
		all = append(all, wt)
	}
	if err := p.leftover(); err != nil {
		return err
	}
	trail := p.r.Trail()
	if f.save != "" {
		if err := writeFile(f.save, func(w io.Writer) error { return st.Write(w, p.m) }); err != nil {
			return err
		}
	}
	if f.pictures.any() {
		if err := f.pictures.write(p.m, waveLayers(all, st)); err != nil {
			return err
		}
	}
	w := cmd.OutOrStdout()
	switch {
	case f.json:
		return writeWaveJSON(w, p, all, trail)
	case f.pictures.any():
		return nil
	}
	fmt.Fprintln(w, p.header())
	for _, wt := range all {
		if len(wt.Events) == 0 {
			fmt.Fprintf(w, "\nTurn %d: no Human Wave in play.\n", wt.Turn)
			continue
		}
		fmt.Fprintf(w, "\nTurn %d\n", wt.Turn)
		phase := ""
		for _, e := range wt.Events {
			if e.Phase != phase {
				phase = e.Phase
				fmt.Fprintf(w, "  %s\n", phase)
			}
			fmt.Fprintf(w, "    %s", e.Text)
			if len(e.Rolls) > 0 {
				fmt.Fprintf(w, "  [%s]", rollsText(e.Rolls))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.diceLine(trail))
	return nil
}

// turnColors gives each turn's moves their own colour.
var turnColors = []color.NRGBA{
	{0xC0, 0x20, 0x20, 0xFF}, {0x20, 0x40, 0xD0, 0xFF}, {0x10, 0x90, 0x30, 0xFF},
	{0xA0, 0x30, 0xB0, 0xFF}, {0xD0, 0x80, 0x10, 0xFF}, {0x10, 0x90, 0x90, 0xFF},
}

func waveLayers(all []*ai.WaveTurn, st *state.State) []render.Layer {
	var layers []render.Layer
	for i, wt := range all {
		col := turnColors[i%len(turnColors)]
		for _, e := range wt.Events {
			if e.Kind != "move" || len(e.Steps) < 2 {
				continue
			}
			p := pathing.Path{Steps: e.Steps}
			layers = append(layers, render.Path{Hexes: p.Hexes(), Color: col})
		}
	}
	var mk render.Markers
	for _, u := range st.Units {
		if !u.OnMap() {
			continue
		}
		c := color.NRGBA{0x30, 0x30, 0x30, 0xFF}
		if u.Side == state.Friendly {
			c = color.NRGBA{0x20, 0x60, 0xC0, 0xFF}
		}
		mk = append(mk, render.Marker{At: u.At, Label: u.ID, Color: c})
	}
	return append(layers, mk)
}

func writeWaveJSON(w io.Writer, p *played, all []*ai.WaveTurn, trail []dice.Roll) error {
	type stepJ struct {
		Location string  `json:"location"`
		MF       float64 `json:"mf"`
		OffBoard bool    `json:"off_board,omitempty"`
	}
	type eventJ struct {
		Phase string   `json:"phase"`
		Unit  string   `json:"unit,omitempty"`
		Kind  string   `json:"kind"`
		Path  []stepJ  `json:"path,omitempty"`
		Text  string   `json:"text"`
		Dice  []string `json:"dice,omitempty"`
	}
	type turnJ struct {
		Turn   int      `json:"turn"`
		Events []eventJ `json:"events"`
	}
	out := struct {
		Mission string  `json:"mission"`
		Seed    *uint64 `json:"seed,omitempty"`
		Dice    string  `json:"dice"`
		Turns   []turnJ `json:"turns"`
	}{Mission: p.ms.Name, Dice: dice.Script(trail)}
	if p.script == nil {
		out.Seed = &p.seed
	}
	for _, wt := range all {
		tj := turnJ{Turn: wt.Turn, Events: []eventJ{}}
		for _, e := range wt.Events {
			ej := eventJ{Phase: e.Phase, Unit: e.Unit, Kind: e.Kind, Text: e.Text}
			for _, s := range e.Steps {
				name := p.m.LocationName(s.Location)
				if s.Off {
					name = p.m.NameString(s.Location.Hex)
				}
				ej.Path = append(ej.Path, stepJ{name, float64(s.HalfMF) / 2, s.Off})
			}
			for _, r := range e.Rolls {
				ej.Dice = append(ej.Dice, r.String())
			}
			tj.Events = append(tj.Events, ej)
		}
		out.Turns = append(out.Turns, tj)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}
