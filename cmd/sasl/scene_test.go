package main

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// svgTexts returns the text elements of an SVG file, unescaped.
func svgTexts(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile(`(?s)<text[^>]*>([^<]*)</text>`).FindAllStringSubmatch(string(data), -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// Every picture explains itself: a title with the mission, the turns and
// the seed, and a legend of the marks drawn (and of nothing that is not).
func TestPicturesExplainThemselves(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := filepath.Join(dir, "g.yaml")
	// Seed 9 ends with broken units and with two S? of the setup (SASL
	// 4.1 case c, issue 51) never Activated, still on the map.
	mustRun(t, "play", "new", "--policy", "hold", "--seed", "9", "--save", game)
	tests := []struct {
		name    string
		args    []string
		want    []string
		notWant []string
	}{
		{"place", []string{"place", "--seed", "7"}, []string{
			"Hold the crossroads: ENEMY setup (SASL 4.1) before turn 1, seed 7",
			"Boards x3/x1, north up; FBE north, EBE south; month 7; clear weather",
			"FRIENDLY board edge (north)", "ENEMY board edge (south)", "FBE", "EBE",
			"VPO, ENEMY control", "VPO, FRIENDLY control",
			"ENEMY S? of SASL 4.1 case c: VPOs and Concealment Terrain adjacent",
			"FRIENDLY unit", "a stack of 3 or more: the top counter and how many",
			"woods", "grain", "ground level 0",
		}, []string{"turn 1: MPh move", "ENEMY Human Wave unit (SASL 4.3)",
			// the crossroads sets up by case c only (issue 51)
			"ENEMY S? of SASL 4.1 case a: buildings, rubble, lumberyards", "ENEMY S? of SASL 4.1 case e: Letter Chits",
		}},
		{"wave", []string{"wave", "--seed", "7", "--turns", "3"}, []string{
			"Hold the crossroads: turns 1-3 of 6, seed 7",
			"turn 2: MPh move", "turn 2: APh advance", "turn 3: MPh move",
			"turn 2: AFPh fire group; under the Target its FP and DRM", "10 FP +1",
			"ENEMY Human Wave unit (SASL 4.3)", "4-6-7", "A1a",
			"R: released from its Human Wave, Advance Attitude (SASL 4.33)",
			"FRIENDLY unit", "VPO, FRIENDLY control", "FBE", "EBE",
		}, []string{"ENEMY S? of SASL 4.1 case c: VPOs and Concealment Terrain adjacent", "red corner: broken"}},
		{"enter", []string{"enter", "--seed", "3", "--turn", "3"}, []string{
			"Hold the crossroads: S? entering on turn 3 (SASL 4.2), seed 3",
			"turn 3: enters this hex in its MPh", "ENEMY S? waiting beyond the edge, by SASL 4.21 or 4.22",
		}, nil},
		{"play turn", []string{"play", "turn", game, "--turns", "6"}, []string{
			"Hold the crossroads: turns 1-6 of 6, seed 9",
			"turn 1: MPh move", "turn 1: APh advance", "turn 3: MPh move", "red corner: broken", "ENEMY S? of SASL 4.1 case c: VPOs and Concealment Terrain adjacent",
		}, nil},
		{"play show", []string{"play", "show", game}, []string{
			"Hold the crossroads: after the last turn (6), seed 9", "ENEMY S? of SASL 4.1 case c: VPOs and Concealment Terrain adjacent",
		}, nil},
		{"board show", []string{"board", "show", "x1"}, []string{"Boards x1, north up", "woods"}, []string{"FBE"}},
		{"path", []string{"path", "x1Q7", "x1R6"}, []string{"the cheapest path; MF spent so far at each hex"}, []string{"an --unseen-by Location"}},
		{"path unseen", []string{"path", "x1A5", "x1GG5", "--unseen-by", "x1Q5"}, []string{
			"the cheapest path; MF spent so far at each hex", "an --unseen-by Location", "sees",
			"open ground an --unseen-by Location sees within 16 hexes: 1 MF more to the search",
		}, nil},
		{"sim", []string{"sim", "--runs", "20", "--seed", "1"}, []string{
			"Hold the crossroads: where the ENEMY units that came on (entries, Human Waves) stood at each turn's end, 20 games, seed 1",
			"VPO",
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg := filepath.Join(dir, tt.name+".svg")
			mustRun(t, append(tt.args, "--svg", svg)...)
			got := svgTexts(t, svg)
			for _, w := range tt.want {
				if !contains(got, w) {
					t.Errorf("no %q in the picture", w)
				}
			}
			for _, w := range tt.notWant {
				if contains(got, w) {
					t.Errorf("%q in the picture, though nothing it explains is drawn", w)
				}
			}
		})
	}
}
