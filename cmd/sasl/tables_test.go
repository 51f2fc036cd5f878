package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/tables"
)

// sasl tables template writes the page a player fills in: a tables file
// that plays as the built-in tables do, every placeholder marked; typed
// in and unmarked, it leaves none, and every front end stops saying so.
func TestTablesTemplate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	page := mustRun(t, "tables", "template")
	mine := filepath.Join(dir, "mine.yaml")
	mustRun(t, "tables", "template", "--out", mine)
	data, err := os.ReadFile(mine)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != page {
		t.Error("--out writes another page than standard output")
	}
	s, err := tables.Load(mine)
	if err != nil {
		t.Fatalf("the page is not a --tables file: %v", err)
	}
	if s.Digest() != tables.Default().Digest() {
		t.Error("the page as it is changes the tables")
	}
	if _, err := run(t, "tables", "template", "--out", mine); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("a second --out over the page: %v", err)
	}
	if _, err := run(t, "tables", "template", "--tables", mine, "--out", mine, "--force"); err == nil || !strings.Contains(err.Error(), "--tables file") {
		t.Errorf("--out over the --tables file: %v", err)
	}

	show := mustRun(t, "tables", "show")
	if !strings.Contains(show, "human_wave.x10.rows.3") || !strings.Contains(show, "Placeholder tables: ") {
		t.Errorf("sasl tables show:\n%s", show)
	}
	sim := mustRun(t, "sim", "--runs", "2", "--seed", "1")
	if !strings.Contains(sim, "Placeholder tables: ") || !strings.Contains(sim, "sasl tables template") {
		t.Errorf("sasl sim does not say its tables are placeholders:\n%s", sim)
	}

	// The player types their values in and deletes the markers.
	filled := regexp.MustCompile(`(default|reading): true, |(?m)^\s*(default|reading): true\n`).ReplaceAll(data, nil)
	if err := os.WriteFile(mine, filled, 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "tables", "show", "--tables", mine, "--json")
	var doc struct {
		Count        int
		Placeholders []tables.Placeholder
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Count != 0 || len(doc.Placeholders) != 0 {
		t.Errorf("sasl tables show --tables of the filled page: %v\n%s", err, out)
	}
	if page := mustRun(t, "tables", "template", "--tables", mine); !strings.Contains(page, "No placeholder is left") {
		t.Errorf("the page of a filled file:\n%s", page)
	}
	for _, args := range [][]string{
		{"sim", "--runs", "2", "--seed", "1", "--tables", mine},
		{"place", "--seed", "1", "--tables", mine},
	} {
		if out := mustRun(t, args...); strings.Contains(out, "Placeholder") {
			t.Errorf("sasl %s with no placeholder left still tells of them:\n%s", strings.Join(args, " "), out)
		}
	}
	g := filepath.Join(dir, "game.yaml")
	if out := mustRun(t, "play", "new", "--policy", "hold", "--seed", "1", "--save", g, "--tables", mine); strings.Contains(out, "Placeholder") {
		t.Errorf("play new with no placeholder left:\n%s", out)
	}
	var view struct {
		Placeholders *tables.PlaceholderSummary `json:"placeholder_tables"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "play", "show", g, "--json")), &view); err != nil || view.Placeholders != nil {
		t.Errorf("play show --json with no placeholder left: %v %+v", err, view.Placeholders)
	}
}

// Every text front end says plainly when the tables hold placeholders,
// and the JSON gives them as data.
func TestPlaceholdersTold(t *testing.T) {
	t.Parallel()
	g := filepath.Join(t.TempDir(), "game.yaml")
	want := tables.Default().PlaceholderSummary()
	for _, args := range [][]string{
		{"play", "new", "--policy", "hold", "--seed", "1", "--save", g},
		{"play", "show", g},
		{"play", "turn", g},
		{"place", "--seed", "1"},
	} {
		out := mustRun(t, args...)
		if !strings.Contains(out, "Placeholder tables: ") || !strings.Contains(out, "sasl tables template > mine.yaml") {
			t.Errorf("sasl %s does not tell of the placeholders:\n%s", strings.Join(args, " "), out)
		}
	}
	for _, args := range [][]string{
		{"play", "show", g, "--json"},
		{"play", "turn", g, "--json"},
		{"sim", "--runs", "2", "--seed", "1", "--json"},
	} {
		out := mustRun(t, args...)
		var doc struct {
			Placeholders *tables.PlaceholderSummary `json:"placeholder_tables"`
			Game         struct {
				Placeholders *tables.PlaceholderSummary `json:"placeholder_tables"`
			} `json:"game"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("sasl %s: %v", strings.Join(args, " "), err)
		}
		got := doc.Placeholders
		if got == nil {
			got = doc.Game.Placeholders
		}
		if got == nil || got.Count != want.Count || len(got.Tables) != len(want.Tables) {
			t.Errorf("sasl %s: placeholder_tables %+v, want %+v", strings.Join(args, " "), got, want)
		}
	}
}
