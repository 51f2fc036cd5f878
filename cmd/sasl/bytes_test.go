package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
)

var (
	updateBytes = flag.Bool("update-bytes", false, "rewrite testdata/bytes.sha256 from what the commands write now")
	dumpBytes   = flag.String("dump-bytes", "", "also write every output TestSameBytes hashes into this folder (to diff two versions)")
	allBytes    = flag.Bool("bytes-all", false, "TestSameBytes over all 16 seeds of each demo case (by default 1, 4 with SASL_LONG=1; -update-bytes plays all)")
)

// byteSeeds is how many seeds of each demo mission TestSameBytes plays:
// 1 by default (the text and JSON of each command that plays, once), 4
// in the long run (longrun: SASL_LONG=1), with the pictures and the
// simulations (whole-game byte tests, which the short run leaves to the
// long); all 16 with -bytes-all or -update-bytes, which rewrites every
// hash. The simulations play 3 seeds at most and the four-board example 4.
func byteSeeds() int {
	switch {
	case *allBytes || *updateBytes:
		return 16
	case longrun.Enabled():
		return 4
	}
	return 1
}

// byteCase is one command line of TestSameBytes: its standard output and
// the files it writes (named in args as @NAME, made in a fresh folder) are
// hashed. A case may need files an earlier step of the same sequence wrote.
type byteCase struct {
	name string
	seq  [][]string // command lines run in order in one folder
	real bool       // needs the real boards
}

// byteCases are the outputs that must not change but by a named fix: text,
// JSON and pictures of setups, entries, Human Waves, whole games of both
// policies and simulations, over many seeds of the demo missions and the
// four-board example.
func byteCases(boards string) []byteCase {
	long := byteSeeds() > 1
	var cs []byteCase
	add := func(name string, real bool, seq ...[]string) { cs = append(cs, byteCase{name, seq, real}) }
	for _, ms := range []string{"crossroads", "wooded-hill"} {
		entry := map[string]string{"crossroads": "1", "wooded-hill": "2"}[ms]
		for k := 1; k <= byteSeeds(); k++ {
			s := fmt.Sprint(k)
			mk := func(a ...string) []string { return append(a, "--mission", ms, "--seed", s) }
			add(ms+"/place/"+s, false, mk("place"))
			add(ms+"/place-json/"+s, false, mk("place", "--json", "--svg", "@setup.svg", "--save", "@game.yaml"))
			add(ms+"/enter/"+s, false, mk("enter", "--turn", entry))
			add(ms+"/enter-json/"+s, false, mk("enter", "--turn", entry, "--json", "--save", "@entry.yaml"))
			if ms == "crossroads" { // wooded-hill brings on no Human Wave
				add(ms+"/wave/"+s, false, mk("wave", "--save", "@wave.yaml"))
				add(ms+"/wave-json/"+s, false, mk("wave", "--json", "--turns", "3"))
			}
			add(ms+"/hold/"+s, false,
				mk("play", "new", "--policy", "hold", "--save", "@g.yaml"),
				[]string{"play", "turn", "@g.yaml", "--turns", "2"},
				[]string{"play", "turn", "@g.yaml", "--turns", "1", "--json"},
				[]string{"play", "show", "@g.yaml", "--json"},
				[]string{"play", "turn", "@g.yaml", "--turns", "3"},
				[]string{"play", "show", "@g.yaml"})
			add(ms+"/player/"+s, false,
				mk("play", "new", "--policy", "player", "--save", "@g.yaml", "--json"),
				[]string{"play", "turn", "@g.yaml", "--turns", "3"},
				[]string{"play", "turn", "@g.yaml", "--json"})
		}
		if !long {
			continue // the pictures and simulations in the long run
		}
		add(ms+"/pictures", false,
			[]string{"place", "--mission", ms, "--seed", "5", "--png", "@p.png"},
			[]string{"enter", "--mission", ms, "--seed", "5", "--turn", entry, "--svg", "@e.svg"},
			[]string{"play", "new", "--policy", "hold", "--mission", ms, "--seed", "5", "--save", "@g.yaml"},
			[]string{"play", "turn", "@g.yaml", "--turns", "4", "--svg", "@t.svg"},
			[]string{"play", "show", "@g.yaml", "--svg", "@s.svg"})
		for k := 1; k <= min(3, byteSeeds()); k++ {
			s := fmt.Sprint(k)
			add(ms+"/sim/"+s, false, []string{"sim", "--mission", ms, "--runs", "100", "--seed", s, "--json"})
		}
		add(ms+"/sim-text", false, []string{"sim", "--mission", ms, "--runs", "100", "--seed", "9", "--svg", "@heat.svg", "--hist", "@hist.svg"})
		add(ms+"/sim-replicate", false, []string{"sim", "--mission", ms, "--seed", "4", "--replicate", "17", "--json"})
		add(ms+"/sim-vary", false, []string{"sim", "--mission", ms, "--runs", "60", "--seed", "2", "--vary", "turns=5,6", "--json"})
	}
	four := "../../examples/four-boards.yaml"
	for k := 1; k <= min(4, byteSeeds()); k++ {
		s := fmt.Sprint(k)
		mk := func(a ...string) []string { return append(a, "--mission", four, "--boards", boards, "--seed", s) }
		add("four-boards/place/"+s, true, mk("place", "--json"))
		add("four-boards/hold/"+s, true,
			mk("play", "new", "--policy", "hold", "--save", "@g.yaml"),
			[]string{"play", "turn", "@g.yaml", "--turns", "3", "--json"},
			[]string{"play", "turn", "@g.yaml", "--turns", "3"},
			[]string{"play", "show", "@g.yaml", "--json"})
		add("four-boards/player/"+s, true,
			mk("play", "new", "--policy", "player", "--save", "@g.yaml"),
			[]string{"play", "turn", "@g.yaml", "--turns", "4"})
	}
	if !long {
		return cs
	}
	add("four-boards/pictures", true,
		[]string{"play", "new", "--policy", "hold", "--mission", four, "--boards", boards, "--seed", "2", "--save", "@g.yaml", "--svg", "@setup.svg"},
		[]string{"play", "turn", "@g.yaml", "--turns", "3", "--svg", "@t.svg"})
	add("four-boards/wave", true, []string{"wave", "--mission", four, "--boards", boards, "--seed", "3", "--json", "--svg", "@w.svg"})
	add("crossroads/wave-picture", false, []string{"wave", "--seed", "5", "--svg", "@w.svg"})
	add("four-boards/sim", true, []string{"sim", "--mission", four, "--boards", boards, "--runs", "150", "--seed", "1", "--json", "--workers", "2"})
	return cs
}

// Same seed, same bytes: every output of byteCases hashes as
// testdata/bytes.sha256 says (go test ./cmd/sasl -run TestSameBytes
// -update-bytes rewrites it after a deliberate change, which the commit
// names). -dump-bytes DIR writes the outputs themselves, to diff. The
// demo cases play byteSeeds of the 16 seeds the file holds; -bytes-all
// plays them all.
func TestSameBytes(t *testing.T) {
	t.Parallel()
	boards, haveBoards := testshared.FindBoards()
	golden := filepath.Join("testdata", "bytes.sha256")
	want := map[string]string{}
	if !*updateBytes {
		f, err := os.Open(golden)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if h, name, ok := strings.Cut(sc.Text(), "  "); ok {
				want[name] = h
			}
		}
		f.Close()
	}
	var mu sync.Mutex
	got := map[string]string{}
	t.Run("cases", func(t *testing.T) {
		for _, c := range byteCases(boards) {
			t.Run(c.name, func(t *testing.T) {
				if c.real && !haveBoards {
					t.Skip("no real boards")
				}
				t.Parallel()
				outs := runByteCase(t, c, boards)
				mu.Lock()
				defer mu.Unlock()
				for name, data := range outs {
					sum := sha256.Sum256(data)
					got[name] = hex.EncodeToString(sum[:])
					if *dumpBytes != "" {
						p := filepath.Join(*dumpBytes, name)
						os.MkdirAll(filepath.Dir(p), 0o755)
						os.WriteFile(p, data, 0o644)
					}
					if !*updateBytes && want[name] != got[name] {
						t.Errorf("%s: the bytes changed (sha256 %s, was %s)", name, got[name][:12], want[name][:min(12, len(want[name]))])
					}
				}
			})
		}
	})
	if *updateBytes {
		if !haveBoards {
			t.Fatal("-update-bytes needs the real boards")
		}
		var b strings.Builder
		names := make([]string, 0, len(got))
		for n := range got {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			fmt.Fprintf(&b, "%s  %s\n", got[n], n)
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runByteCase runs the command lines of c in a fresh folder and returns
// each one's standard output and the files it wrote, by name.
func runByteCase(t *testing.T, c byteCase, boards string) map[string][]byte {
	dir := t.TempDir()
	outs := map[string][]byte{}
	for i, args := range c.seq {
		args = slices.Clone(args)
		var files []string
		for j, a := range args {
			if name, ok := strings.CutPrefix(a, "@"); ok {
				args[j] = filepath.Join(dir, name)
				files = append(files, name)
			}
		}
		var out, errs bytes.Buffer
		root := newRoot(&out, &errs)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("sasl %s: %v", strings.Join(args, " "), err)
		}
		// Paths of this run's folder and the boards folder are not part
		// of what is compared.
		outs[fmt.Sprintf("%s/%d-%s.out", c.name, i, args[0])] = scrubPaths(out.Bytes(), dir, boards)
		for _, f := range files {
			if f == "g.yaml" && i > 0 {
				continue // written back by later steps: read at the end
			}
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			outs[fmt.Sprintf("%s/%d-%s", c.name, i, f)] = scrubPaths(data, dir, boards)
		}
	}
	for _, f := range []string{"g.yaml"} {
		if data, err := os.ReadFile(filepath.Join(dir, f)); err == nil {
			outs[c.name+"/end-"+f] = scrubPaths(data, dir, boards)
		}
	}
	return outs
}

// scrubPaths takes the absolute paths of the test's folders out of a game
// file, which names its mission and boards by absolute path.
func scrubPaths(data []byte, dir, boards string) []byte {
	data = bytes.ReplaceAll(data, []byte(dir), []byte("DIR"))
	if boards != "" {
		data = bytes.ReplaceAll(data, []byte(boards), []byte("BOARDS"))
	}
	if wd, err := os.Getwd(); err == nil {
		data = bytes.ReplaceAll(data, []byte(filepath.Dir(filepath.Dir(wd))), []byte("ROOT"))
	}
	return data
}
