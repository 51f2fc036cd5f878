package tables

import (
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
)

// The built-in IFT is the transcription in ../shared/reference, cell for
// cell.
func TestIFTIsTheReference(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(testshared.Path(t, "reference/ift.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Columns []int            `yaml:"columns"`
		Rows    map[int][]string `yaml:"rows"`
	}
	if err := yaml.Unmarshal(data, &ref); err != nil {
		t.Fatal(err)
	}
	ift := Default().IFT
	if len(ref.Columns) != len(ift.Columns) || len(ref.Rows) != 16 {
		t.Fatalf("columns %v, want %v; %d rows", ift.Columns, ref.Columns, len(ref.Rows))
	}
	for dr, row := range ref.Rows {
		for i, cell := range row {
			if got := ift.Rows[dr][i].String(); got != cell {
				t.Errorf("Final DR %d, %d FP: %s, want %s", dr, ref.Columns[i], got, cell)
			}
		}
	}
}

func TestIFTResult(t *testing.T) {
	t.Parallel()
	ift := &Default().IFT
	for _, c := range []struct {
		fp    float64
		final int
		want  string
	}{
		{8, 4, "2MC"}, {9.5, 4, "2MC"}, {12, 4, "3MC"}, {36, -3, "7KIA"}, {2, 2, "K/1"},
		{0.5, 0, "-"}, {40, 16, "-"}, {1, 4, "NMC"}, {6, 5, "1MC"},
	} {
		if got := ift.Result(c.fp, c.final).String(); got != c.want {
			t.Errorf("%v FP, Final DR %d: %s, want %s", c.fp, c.final, got, c.want)
		}
	}
	for _, s := range []string{"", "KIA", "0MC", "K/", "10KIA", "MC2", "nmc"} {
		if _, err := ParseResult(s); err == nil {
			t.Errorf("ParseResult(%q) took it", s)
		}
	}
}

func TestCloseCombatKill(t *testing.T) {
	t.Parallel()
	c := &Default().Combat
	for _, x := range []struct {
		fp, def float64
		odds    string
		kill    int
	}{
		{8, 8, "1:1", 6}, {8, 5, "3:2", 7}, {9, 4, "2:1", 8}, {4, 6, "1:2", 5}, {6, 0, "10:1", 13},
	} {
		o, ok := c.Kill(x.fp, x.def)
		if !ok || o.String() != x.odds || o.Kill.Value != x.kill {
			t.Errorf("%v vs %v: %s kill %d (%v), want %s kill %d", x.fp, x.def, o, o.Kill.Value, ok, x.odds, x.kill)
		}
	}
	if _, ok := c.Kill(1, 20); ok {
		t.Error("1 FP against 20 has a Kill Number")
	}
}

func TestCombatOverride(t *testing.T) {
	t.Parallel()
	s, err := Parse([]byte("combat:\n  hw_morale: {value: 2, source: mine}\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Combat.HWMorale.Value != 2 || Default().Combat.HWMorale.Value != 1 {
		t.Errorf("hw_morale %d (default %d)", s.Combat.HWMorale.Value, Default().Combat.HWMorale.Value)
	}
	for _, bad := range []string{
		"ift:\n  columns: [1, 2]\n",      // rows no longer fit
		"ift:\n  rows:\n    3: [1KIA]\n", // a short row
		"ift:\n  rows:\n    16: []\n",    // no such DR
		"ift:\n  rows:\n    3: [1KIA, 2KIA, 2KIA, 3KIA, 3KIA, 3KIA, 4KIA, 4KIA, 5KIA, 6KIA, X]\n",
		"combat:\n  broken_fail: {value: maybe, source: x}\n",
		"combat:\n  close_combat:\n    rows:\n      \"2:1\": {value: 8, source: x}\n      \"1:1\": {value: 6, source: x}\n",
		"combat:\n  hw_morale: {value: 1}\n",
		"combat:\n  nonsense: 1\n",
	} {
		if _, err := Parse([]byte(bad), "bad.yaml"); err == nil || !strings.Contains(err.Error(), "bad.yaml") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// Every IFT result has the words it spells, kept (String) for N 0..9 or
// spelled anew past them, and asking for a kept one allocates nothing.
func TestResultStringKept(t *testing.T) {
	for k := NoEffect; k <= KIA+1; k++ {
		for n := -2; n <= 12; n++ {
			r := Result{Kind: k, N: n}
			if got, want := r.String(), r.spell(); got != want {
				t.Errorf("%+v: %q, want %q", r, got, want)
			}
		}
	}
	if got := (Result{Kind: MC, N: 1}).String(); got != "1MC" {
		t.Errorf("1MC: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Result{Kind: KIA, N: 2}.String() }); n != 0 {
		t.Errorf("String allocates %g times", n)
	}
}
