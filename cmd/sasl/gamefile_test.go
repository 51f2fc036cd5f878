//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
)

// newGameFile starts a game of the crossroads demo (hold: the engine plays
// both sides, six turns) in a new folder and returns its file.
func newGameFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.yaml")
	mustRun(t, "play", "new", "--policy", "hold", "--seed", "3", "--save", path)
	return path
}

// Named pipes nobody writes to or reads from never hang a command: each is
// refused at once, saying what it is.
func TestFIFOsDoNotHang(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "dead.fifo")
	boards := filepath.Join(dir, "boards")
	if err := os.Mkdir(boards, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(boards, "bd33"), filepath.Join(boards, "bd02"), filepath.Join(boards, "bd15"), filepath.Join(boards, "bd04")} {
		if err := syscall.Mkfifo(f, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"dead.fifo: not a regular file", []string{"play", "turn", fifo}},
		{"dead.fifo: not a regular file", []string{"play", "show", fifo}},
		{"dead.fifo: not a regular file", []string{"vasl", "show", fifo}},
		{"dead.fifo: not a regular file", []string{"vasl", "mission", fifo}},
		{"dead.fifo: not a regular file", []string{"play", "new", "--save", filepath.Join(dir, "n.yaml"), "--friendly-from", fifo}},
		{"dead.fifo: not a regular file", []string{"serve", fifo, "--addr", "127.0.0.1:0"}},
		{"dead.fifo: a named pipe with nothing written to it", []string{"wave", "--friendly", fifo}},
		{"dead.fifo: not a regular file", []string{"sim", "merge", fifo}},
		{"dead.fifo: cannot write: a named pipe no program reads from", []string{"board", "show", "x1", "--png", fifo}},
		{"bd33: not a regular file", []string{"board", "show", "33", "--boards", boards}},
		{": not a regular file", []string{"place", "--mission", "../../examples/four-boards.yaml", "--boards", boards}},
		{"dead.fifo: no pairs in it", []string{"los", "--pairs", fifo}},
	} {
		t.Run(strings.Join(c.args[:2], " "), func(t *testing.T) {
			t.Parallel()
			// Each command its own pipe: two commands run in parallel on
			// one pipe would meet, a writer and a reader.
			own := filepath.Join(t.TempDir(), "dead.fifo")
			if err := syscall.Mkfifo(own, 0o644); err != nil {
				t.Fatal(err)
			}
			args := slices.Clone(c.args)
			for i, a := range args {
				if a == fifo {
					args[i] = own
				}
			}
			refused(t, nil, c.want, args...)
		})
	}
}

// Output that cannot be written fails the command, and a game file written
// before says so. (A standard output closed before sasl starts is not such
// a case: the Go runtime opens /dev/null in its place.)
func TestOutputErrors(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full:", err)
	}
	for _, c := range []struct {
		name string
		args func(game string) []string
		want string
	}{
		{"place", func(string) []string { return []string{"place", "--seed", "1"} }, "no space left on device"},
		{"board show", func(string) []string { return []string{"board", "show", "x1"} }, "no space left on device"},
		{"sim", func(string) []string { return []string{"sim", "--runs", "4", "--seed", "1"} }, "no space left on device"},
		{"play show", func(g string) []string { return []string{"play", "show", g} }, "no space left on device"},
		{"play turn", func(g string) []string { return []string{"play", "turn", g} }, "g.yaml was written before: it holds what was played"},
		{"play turn json", func(g string) []string { return []string{"play", "turn", g, "--json"} }, "g.yaml was written before"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer full.Close()
			game := newGameFile(t)
			args := c.args(game)
			p := saslCommand(nil, args...)
			var stderr strings.Builder
			p.Stdout, p.Stderr = full, &stderr
			p.Run()
			if code, errs := p.ProcessState.ExitCode(), stderr.String(); code != 1 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("sasl %s >/dev/full: exit %d, stderr %q; want exit 1 saying %q", strings.Join(args, " "), code, errs, c.want)
			}
			if strings.HasPrefix(c.name, "play turn") {
				if data, _ := os.ReadFile(game); !strings.Contains(string(data), "turn: 2\n") {
					t.Errorf("the turn played is not in %s", game)
				}
			}
		})
	}
}

// N processes playing turns on one game file at once: each turn played is
// one turn of the file (none is lost, none played twice), and what each
// reports is what the file holds.
func TestConcurrentTurns(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	const n = 8 // the crossroads has 6 turns: two find the game over
	var wg sync.WaitGroup
	type result struct {
		code int
		next int
		errs string
	}
	results := make([]result, n)
	for i := range n {
		wg.Go(func() {
			turns := "1"
			if i%3 == 0 {
				turns = "2"
			}
			c, stdout, stderr := saslProcess(t, nil, "play", "turn", game, "--turns", turns, "--json", "--wait", "10m")
			c.Wait()
			r := result{code: c.ProcessState.ExitCode(), errs: stderr.String()}
			var doc struct {
				Game struct{ Turn int } `json:"game"`
			}
			if r.code == 0 {
				if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
					r.errs = err.Error()
				}
				r.next = doc.Game.Turn
			}
			results[i] = r
		})
	}
	wg.Wait()
	seen := map[int]bool{}
	last := 1
	for _, r := range results {
		switch {
		case r.code == 0:
			if seen[r.next] {
				t.Errorf("two commands report the game standing before turn %d", r.next)
			}
			seen[r.next] = true
			last = max(last, r.next)
		case !strings.Contains(r.errs, "the game is over") && !strings.Contains(r.errs, "at most"):
			t.Errorf("exit %d: %s", r.code, r.errs)
		}
	}
	data, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	if want := "turn: " + strconv.Itoa(last) + "\n"; !strings.Contains(string(data), want) {
		t.Errorf("the commands report the game standing before turn %d; the file says otherwise:\n%.600s", last, data)
	}
	// Which commands find the game too far on depends on the order they
	// take the lock in (three of two turns last leave turn 6 to play): the
	// game plays on to its end from the file they left.
	if last < 7 {
		mustRun(t, "play", "turn", game, "--turns", strconv.Itoa(7-last))
	}
	if data, _ := os.ReadFile(game); !strings.Contains(string(data), "turn: 7\n") {
		t.Errorf("%d commands played to turn %d, and the game did not play on to its end (turn 7): %+v", n, last, results)
	}
}

// A second command on a game file in use waits --wait, then says which
// command holds it.
func TestLockWaitsThenSays(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	lock, err := os.OpenFile(filepath.Join(filepath.Dir(game), ".g.yaml.lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	lock.WriteString("pid 1, sasl play turn g.yaml, since now\n")
	refused(t, nil, "g.yaml: in use by another command (pid 1, sasl play turn g.yaml, since now); waited 200ms", "play", "turn", game, "--wait", "200ms")
	refused(t, nil, "--wait -1s", "play", "turn", game, "--wait", "-1s")
}

// play new does not replace a file unless told to; a game file keeps its
// mode; temporary files a killed run left beside it go with the next write.
func TestGameFileWrites(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	before, _ := os.ReadFile(game)
	if _, err := run(t, "play", "new", "--policy", "hold", "--seed", "4", "--save", game); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("play new over a game in progress: %v", err)
	}
	if after, _ := os.ReadFile(game); string(after) != string(before) {
		t.Error("the refused play new changed the file")
	}
	if err := os.Chmod(game, 0o600); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(filepath.Dir(game), ".g.yaml.123456789")
	if err := os.WriteFile(stale, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(filepath.Dir(game), ".g.yaml.notes")
	if err := os.WriteFile(other, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "play", "turn", game)
	if st, err := os.Stat(game); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("after a turn the file's mode is %v, want 0600", st.Mode())
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is still there: %v", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a file that is no temporary of sasl's went: %v", err)
	}
	mustRun(t, "play", "new", "--policy", "hold", "--seed", "4", "--save", game, "--force")
	if after, _ := os.ReadFile(game); !strings.Contains(string(after), "seed: 4") {
		t.Error("play new --force did not replace the file")
	}
}

// A game file whose needed lines were deleted by mistake is refused, naming
// the key, rather than read as another game (turn 1 again, the setup's
// dice again, the FRIENDLY units read as ENEMY ones).
func TestGameFileNeedsItsKeys(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	data, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"turn", "rng", "seed", "policy", "player_turn", "friendly", "enemy"} {
		var kept []string
		found := false
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, key+":") {
				found = true
				continue
			}
			kept = append(kept, line)
		}
		if !found {
			t.Fatalf("the game file has no %s: line:\n%s", key, data)
		}
		edited := filepath.Join(t.TempDir(), "g.yaml")
		if err := os.WriteFile(edited, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := run(t, "play", "turn", edited)
		if key == "enemy" && err != nil && strings.Contains(err.Error(), "g.yaml:") {
			continue // its units' lines then belong to the key before: a YAML error at their line
		}
		if err == nil || !strings.Contains(err.Error(), "a game file needs "+key+":") {
			t.Errorf("without %s: %v", key, err)
		}
	}
}

// A mission changed since the game began is refused, naming what changed;
// given with --mission on purpose, the game plays on with it.
func TestChangedMission(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile("../../missions/demo/crossroads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mission := filepath.Join(dir, "m.yaml")
	if err := os.WriteFile(mission, src, 0o644); err != nil {
		t.Fatal(err)
	}
	game := filepath.Join(dir, "g.yaml")
	mustRun(t, "play", "new", "--policy", "hold", "--mission", mission, "--seed", "2", "--save", game)
	// A comment changes nothing.
	if err := os.WriteFile(mission, append([]byte("# my notes\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "play", "turn", game)
	changed := strings.Replace(string(src), "turns: 6", "turns: 3", 1)
	if changed == string(src) {
		t.Fatal("the demo mission no longer says turns: 6")
	}
	if err := os.WriteFile(mission, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(game)
	_, err = run(t, "play", "turn", game)
	if err == nil || !strings.Contains(err.Error(), "has changed since the game began (its turns)") || !strings.Contains(err.Error(), "--mission "+mission) {
		t.Fatalf("a changed mission: %v", err)
	}
	if after, _ := os.ReadFile(game); string(after) != string(before) {
		t.Error("the refused turn changed the game file")
	}
	// A command that takes no --mission names one that does (play show,
	// play preview and serve took advice they refuse).
	for _, args := range [][]string{{"play", "show", game}, {"play", "preview", game, "move", "F1", "x1Q6"}} {
		if _, err := run(t, args...); err == nil || !strings.Contains(err.Error(), "play its next step with sasl play next "+game+" --mission "+mission) {
			t.Errorf("sasl %s, the mission changed: %v", strings.Join(args[:2], " "), err)
		}
	}
	mustRun(t, "play", "turn", game, "--mission", mission)
	mustRun(t, "play", "turn", game) // recorded anew: no --mission needed now
}

// Inputs once accepted wrongly or explained wrongly, refused at once, as
// processes: exit 1 and one line saying what is wrong and where.
func TestRefusedClearly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile("../../missions/demo/crossroads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mission := func(name, old, new string) string {
		text := strings.Replace(string(src), old, new, 1)
		if text == string(src) {
			t.Fatalf("%s: the demo mission has no %q", name, old)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// The lines the errors name, found in the demo mission's text (its
	// comments come and go: issue 51 added some).
	lineNo := func(of string) int {
		i := strings.Index(string(src), of)
		if i < 0 {
			t.Fatalf("the demo mission has no %q", of)
		}
		return strings.Count(string(src[:i]), "\n") + 1
	}
	line := func(of string) string { return strconv.Itoa(lineNo(of)) }
	dup := mission("dup.yaml", "{id: F3,", "{id: F1,")
	martian := mission("martian.yaml", "enemy: German", "enemy: Martian")
	banana := mission("banana.yaml", "type: 6-6-7, at: x1K2", "type: banana, at: x1K2")
	twoDocs := mission("two.yaml", "turns: 6", "turns: 6\n---\nturns: 3")
	row := `["` + strings.Repeat(`x1", "`, 37) + `x1"]`
	long := mission("long.yaml", `  - ["x3"]
  - ["x1"]`, "  - "+row)
	game := newGameFile(t)
	data, _ := os.ReadFile(game)
	rng := filepath.Join(dir, "rng.yaml")
	os.WriteFile(rng, []byte(regexpReplace(string(data), "rng: ", `rng: "pcg:00"`)), 0o644)
	fruitLine := strings.Count(string(data[:strings.Index(string(data), "type: 6-6-7")]), "\n") + 1
	fruit := filepath.Join(dir, "fruit.yaml")
	os.WriteFile(fruit, []byte(strings.Replace(string(data), "type: 6-6-7", "type: banana", 1)), 0o644)
	dice := strings.TrimSpace(strings.Repeat("3 ", 60000))
	for _, c := range []struct {
		want string
		args []string
	}{
		{"dup.yaml:" + line("{id: F3,") + ": friendly F1: unit ID F1 is used twice (also on line " + line("{id: F1,") + ")", []string{"play", "new", "--policy", "hold", "--mission", dup, "--save", filepath.Join(dir, "dup-g.yaml")}},
		{"martian.yaml:" + line("enemy: German") + ": enemy: tables: activation: no row for the ENEMY nationality \"Martian\"", []string{"play", "new", "--policy", "hold", "--mission", martian, "--save", filepath.Join(dir, "m-g.yaml")}},
		{"banana.yaml:" + line("type: 6-6-7, at: x1K2") + `: friendly F3: type "banana" is not a squad counter`, []string{"place", "--mission", banana}},
		{"two.yaml:" + strconv.Itoa(lineNo("turns: 6")+1) + ": a second YAML document begins here", []string{"place", "--mission", twoDocs}},
		{"/dev/null: the mission is empty", []string{"place", "--mission", "/dev/null"}},
		{"long.yaml:" + line(`  - ["x3"]`) + ": boards: layout: row 1 has 38 cells; at most 36 columns", []string{"place", "--mission", long}},
		{"rng.yaml:3: rng: \"pcg:00\" is not the state of the dice", []string{"play", "turn", rng}},
		{"fruit.yaml:" + strconv.Itoa(fruitLine) + `: friendly F1: type "banana" is not a squad counter`, []string{"play", "turn", fruit}},
		{"--replicate -5: want the number of a game", []string{"sim", "--replicate", "-5", "--runs", "2"}},
		{"completion tcsh: sasl writes completion scripts for bash, zsh, fish and powershell", []string{"completion", "tcsh"}},
		{"--mf -1: want a positive multiple of 0.5", []string{"path", "x1A1", "--mf", "-1"}},
		{"--mf NaN: want a positive multiple of 0.5", []string{"path", "x1A1", "--mf", "NaN"}},
		{"rolls of the dice given (--dice)", []string{"place", "--dice", dice}},
	} {
		t.Run(c.args[0]+" "+c.want[:min(20, len(c.want))], func(t *testing.T) {
			t.Parallel()
			refused(t, nil, c.want, c.args...)
		})
	}
}

// regexpReplace replaces the rest of the line after prefix in text by
// with (prefix included).
func regexpReplace(text, prefix, with string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			lines[i] = with
		}
	}
	return strings.Join(lines, "\n")
}

// No output of a command is written over its game file: a picture, a VASL
// save or a mission named as the game (by another name too: a link,
// sub/..) is refused before anything is played, --force or not, and the
// file is left byte for byte as it was.
func TestOutputsNeverOverTheGame(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	dir := filepath.Dir(game)
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(game, link); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(testshared.Path(t, "vasl/saves"), "Hill-621-Scenario-E.vsav")
	before, _ := os.ReadFile(game)
	for _, names := range [][]string{{game, game}, {game, link}, {link, game}, {game, filepath.Join(dir, "sub", "..", "g.yaml")}} {
		g, out := names[0], names[1]
		for _, args := range [][]string{
			{"play", "turn", g, "--friendly-from", save, "--vasl-out", out, "--force"},
			{"play", "turn", g, "--png", out},
			{"play", "show", g, "--svg", out},
			{"play", "show", g, "--since", "1", "--pdf", out},
			{"vasl", "write", g, "--into", save, "--out", out, "--force"},
			{"play", "new", "--policy", "hold", "--save", g, "--force", "--png", out},
			{"place", "--save", g, "--svg", out},
			{"enter", "--save", g, "--png", out},
			{"wave", "--save", g, "--svg", out},
		} {
			_, err := run(t, args...)
			if err == nil || !strings.Contains(err.Error(), "that is the game file") || strings.Contains(err.Error(), "--force") {
				t.Errorf("sasl %s: %v", strings.Join(args, " "), err)
			}
			if now, _ := os.ReadFile(game); !bytes.Equal(now, before) {
				t.Fatalf("sasl %s changed the game file", strings.Join(args, " "))
			}
		}
	}
}

var nameTrials = flag.Int("name-trials", 1, "TestTwoNamesOneLock: how many times two commands race on one game file by two names (the issue's check ran 40)")

// Two commands on one game file by two names (the file and a link to it,
// sub/../) at once: one lock, so one waits for the other and neither step
// is lost (before, the lock file came from the name as typed, and the
// second command's write replaced the first's 17 times in 20).
func TestTwoNamesOneLock(t *testing.T) {
	t.Parallel()
	for trial := range *nameTrials {
		dir := t.TempDir()
		game := filepath.Join(dir, "g.yaml")
		mustRun(t, "play", "new", "--seed", fmt.Sprint(trial+1), "--policy", "player", "--save", game)
		link := filepath.Join(dir, "link.yaml")
		if err := os.Symlink(game, link); err != nil {
			t.Fatal(err)
		}
		os.Mkdir(filepath.Join(dir, "sub"), 0o755)
		names := []string{link, filepath.Join(dir, "sub", "..", "g.yaml")} // neither as typed in play new
		var wg sync.WaitGroup
		codes := make([]int, len(names))
		errs := make([]string, len(names))
		for i, name := range names {
			wg.Go(func() {
				_, stderr, code := runProcess(t, nil, "play", "next", name, "--wait", "10m")
				codes[i], errs[i] = code, stderr
			})
		}
		wg.Wait()
		for i := range names {
			if codes[i] != 0 {
				t.Fatalf("trial %d: play next %s: exit %d: %s", trial, names[i], codes[i], errs[i])
			}
		}
		out := mustRun(t, "play", "log", game, "--json")
		var log struct{ Steps []struct{ N int } }
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		if n := len(log.Steps); n != len(names) {
			t.Errorf("trial %d: %d commands played a step each, the journal has %d after the setup", trial, len(names), n)
		}
	}
}

// The guards a game file keeps cannot be switched off by deleting them: a
// file without its journal (or with journal: []), its mission_digest or
// its rules' revision (rules:, which the journal's setup says too) is
// refused by every command, the file untouched, until sasl play upgrade
// is given it on purpose; a digest that is not one is refused naming its
// line (mission_digest: " " made every command panic).
func TestGuardsCannotBeDeleted(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	mustRun(t, "play", "turn", game)
	data, _ := os.ReadFile(game)
	journal := regexp.MustCompile(`(?ms)^journal:\n.*`)
	for _, tt := range []struct{ name, file, want string }{
		{"no journal", journal.ReplaceAllString(string(data), ""), "has no journal"},
		{"an empty journal", journal.ReplaceAllString(string(data), "journal: []\n"), "has no journal"},
		{"no digest", regexp.MustCompile(`(?m)^mission_digest: .*\n`).ReplaceAllString(string(data), ""), "records no mission_digest"},
		{"a blank digest", regexp.MustCompile(`(?m)^mission_digest: .*$`).ReplaceAllString(string(data), `mission_digest: " "`), `:6: mission_digest: " " is not what sasl writes`},
		{"plain with a journal", strings.Replace(string(data), "policy: hold\n", "policy: hold\nplain: true\n", 1), "one or the other"},
		// The rules' revision (SASL 4.34): its journal's setup says it.
		{"no rules", strings.Replace(string(data), "rules: 2\n", "", 1), `the file lacks "rules: 2", which its journal replays to: was the line deleted?`},
		{"rules 1", strings.Replace(string(data), "rules: 2\n", "rules: 1\n", 1), `the file lacks "rules: 2", which its journal replays to: was the line deleted?`},
	} {
		path := filepath.Join(t.TempDir(), "g.yaml")
		os.WriteFile(path, []byte(tt.file), 0o644)
		for _, args := range [][]string{
			{"play", "turn", path},
			{"play", "next", path},
			{"play", "show", path},
			{"play", "log", path},
			{"play", "undo", path},
			{"vasl", "write", path, "--into", "x.vsav", "--out", filepath.Join(filepath.Dir(path), "y.vsav")},
		} {
			_, err := run(t, args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: sasl %s: %v, want %q", tt.name, strings.Join(args[:2], " "), err, tt.want)
			}
		}
		if now, _ := os.ReadFile(path); string(now) != tt.file {
			t.Errorf("%s: a refused command changed the file", tt.name)
		}
		if tt.name == "no journal" || tt.name == "no digest" {
			out := mustRun(t, "play", "upgrade", path)
			if !strings.Contains(out, "Upgraded") {
				t.Errorf("%s: play upgrade says %q", tt.name, out)
			}
			mustRun(t, "play", "turn", path)
			if out := mustRun(t, "play", "upgrade", path); !strings.Contains(out, "nothing to upgrade") {
				t.Errorf("%s: upgraded twice: %q", tt.name, out)
			}
		}
	}
	if _, err := run(t, "play", "undo", game, "--steps", "-1"); err == nil || !strings.Contains(err.Error(), "undo at least one step") {
		t.Errorf("undo --steps -1: %v", err)
	}
	// A count of steps is decimal: pflag read 0x2 as 2, 0b1 as 1 and 1_0 as 10.
	for _, n := range []string{"0x2", "0b1", "1_0"} {
		if _, err := run(t, "play", "undo", game, "--steps", n); err == nil || !strings.Contains(err.Error(), `invalid argument "`+n+`" for "--steps" flag: want a whole number in decimal digits`) {
			t.Errorf("undo --steps %s: %v", n, err)
		}
	}
}

// A plain game (no journal: sasl wave --save) is played turn by turn:
// sasl serve, which plays step by step, says so at start (it served a
// page that broke), and play show --json still says where it stands.
func TestServePlainGameRefused(t *testing.T) {
	t.Parallel()
	wv := filepath.Join(t.TempDir(), "wv.yaml")
	mustRun(t, "wave", "--turns", "2", "--save", wv, "--seed", "2")
	if _, err := run(t, "serve", wv, "--addr", "127.0.0.1:0"); err == nil || !strings.Contains(err.Error(), "a game with no journal (plain: true) plays turn by turn") {
		t.Errorf("serve of a plain game: %v", err)
	}
	var v struct {
		Stop struct{ Kind string }
		Turn int
	}
	if err := json.Unmarshal([]byte(mustRun(t, "play", "show", wv, "--json")), &v); err != nil || v.Stop.Kind != "turn-start" || v.Turn != 3 {
		t.Errorf("play show --json of a plain game: %+v %v", v, err)
	}
}

// gameFileWriters are the commands that write game file game, each refused
// by the checks of table.Lock (play and serve; sasl vasl write opens it as
// play turn does, by table.Open). Each runs as a process of its own
// (refused): a serve not refused would serve until killed.
func gameFileWriters(game string) [][]string {
	return [][]string{
		{"play", "turn", game},
		{"play", "new", "--policy", "hold", "--seed", "4", "--save", game, "--force"},
		{"serve", game, "--addr", "127.0.0.1:0"},
	}
}

// A game file with a second name (a hard link) is refused by every command
// that writes it, naming the count: two names took two locks (two commands
// racing lost turns), and each write parted the names. Nothing is written;
// the names stay one file.
func TestHardLinkedGameFileRefused(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	other := filepath.Join(filepath.Dir(game), "other.yaml")
	if err := os.Link(game, other); err != nil {
		t.Fatal(err)
	}
	before := mustRead(t, game)
	for _, name := range []string{game, other} {
		for _, args := range gameFileWriters(name) {
			refused(t, nil, name+": the game file has 2 names (hard links)", args...)
		}
	}
	if !bytes.Equal(mustRead(t, game), before) {
		t.Error("the game file changed")
	}
	a, _ := os.Stat(game)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Error("the two names are two files now")
	}
	mustRun(t, "play", "show", other) // a look writes nothing: still read
}

// A read-only game file is refused by every command that writes it, saying
// so: it was played on and replaced, exit 0. The mode bits decide (root,
// who runs some tests, may write any file).
func TestReadOnlyGameFileRefused(t *testing.T) {
	t.Parallel()
	game := newGameFile(t)
	if err := os.Chmod(game, 0o444); err != nil {
		t.Fatal(err)
	}
	before := mustRead(t, game)
	for _, args := range gameFileWriters(game) {
		refused(t, nil, game+": the game file is read-only", args...)
	}
	if !bytes.Equal(mustRead(t, game), before) {
		t.Error("the game file changed")
	}
	if st, err := os.Stat(game); err != nil || st.Mode().Perm() != 0o444 {
		t.Errorf("the game file's mode: %v %v, want 0444", st.Mode(), err)
	}
	mustRun(t, "play", "show", game)
}
