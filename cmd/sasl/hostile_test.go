//go:build unix

package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testlayout"
)

// vaslArchive writes a VASL board archive bdID into dir the way the
// rules/vasl tests build them (FORMAT.md): a zip holding LOSData, gzip
// around Java object-stream block data whose payload is a header saying
// 33 x 10 hexes on a gw x gh raster, one (elevation, terrain code) pair per
// pixel, and a stairway flag per hex. Every pixel is open ground at level
// elev.
func vaslArchive(t *testing.T, dir, id string, gw, gh int, elev int8) {
	t.Helper()
	var p bytes.Buffer
	for _, v := range []int32{33, 10, int32(gw), int32(gh)} {
		binary.Write(&p, binary.BigEndian, v)
	}
	p.Write(bytes.Repeat([]byte{byte(elev), 0}, gw*gh))
	for c := range 33 {
		p.Write(make([]byte, 10+c%2))
	}
	stream := []byte{0xAC, 0xED, 0x00, 0x05}
	for payload := p.Bytes(); len(payload) > 0; {
		n := min(len(payload), 1024)
		stream = append(stream, 0x7A) // block data with a 4-byte length
		stream = binary.BigEndian.AppendUint32(stream, uint32(n))
		stream = append(stream, payload[:n]...)
		payload = payload[n:]
	}
	var los bytes.Buffer
	zw := gzip.NewWriter(&los)
	zw.Write(stream)
	zw.Close()
	var buf bytes.Buffer
	ar := zip.NewWriter(&buf)
	w, _ := ar.Create("LOSData")
	w.Write(los.Bytes())
	ar.Close()
	if err := os.WriteFile(filepath.Join(dir, "bd"+id), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// hugeYAML writes a file of about size bytes of valid-looking YAML: head,
// then a list under key long enough to fill it.
func hugeYAML(t *testing.T, path, head, key string, size int) {
	t.Helper()
	var b strings.Builder
	b.Grow(size + 100)
	b.WriteString(head)
	b.WriteString(key + ":\n")
	for b.Len() < size {
		b.WriteString("  - {id: F1, unit: squad, type: 6-6-7, at: x1Q6, known: true}\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sparseBoards writes the boards: of a mission, a rows x cols grid of
// empty cells with board x1 in the cell at row i, column j (as YAML; the
// layout notation is testlayout.Sparse).
func sparseBoards(rows, cols, i, j int) string {
	lines := make([]string, rows)
	for r := range rows {
		row := make([]string, cols)
		for c := range row {
			row[c] = `"-"`
		}
		if r == i {
			row[j] = `"x1"`
		}
		lines[r] = "[" + strings.Join(row, ", ") + "]"
	}
	return "[" + strings.Join(lines, ", ") + "]"
}

// sparseMission writes a mission on board x1 in the cell at row i,
// column j of a rows x cols configuration of empty cells.
func sparseMission(t *testing.T, path string, rows, cols, i, j int) {
	t.Helper()
	err := os.WriteFile(path, []byte(`name: Sparse
boards: `+sparseBoards(rows, cols, i, j)+`
north: up
fbe: north
ebe: south
month: 7
enemy: Russian
turns: 6
vpo: ["x1Q6"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: south, count: 4}
human_wave:
  - {turn: 2, edge: south}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: x1Q6, known: true}
victory:
  control: ["x1Q6"]
  max_enemy_exits: 2
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
}

// hostileTimeout bounds every run: a case that has not ended by then fails.
// Generous: it tells a hang from a slow machine, never a slow run from a
// fast one.
const hostileTimeout = time.Minute

// maxRSS bounds the memory of a run that is refused (the test binary
// itself takes some 30 MB).
const maxRSS = 400 << 20

// refused runs sasl as a process of its own with args (env added) and
// checks that it is refused as hostile input is: within hostileTimeout,
// exit status 1 and one line on stderr starting "sasl: " and saying want,
// no panic, and (on Linux) at most maxRSS of memory.
func refused(t *testing.T, env []string, want string, args ...string) {
	t.Helper()
	hwm := filepath.Join(t.TempDir(), "hwm")
	c, stdout, stderr := saslProcess(t, append(env, "SASL_TEST_HWM="+hwm), args...)
	timer := time.AfterFunc(hostileTimeout, func() { c.Process.Kill() })
	err := c.Wait()
	cmdline := strings.Join(args, " ")
	if !timer.Stop() {
		t.Fatalf("sasl %s: still running after %v: killed", cmdline, hostileTimeout)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	code, errs := c.ProcessState.ExitCode(), stderr.String()
	t.Logf("exit %d: %s", code, strings.TrimSpace(errs))
	if code != 1 || !strings.HasPrefix(errs, "sasl: ") || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
		t.Errorf("sasl %s: exit %d, stderr %.500q; want exit 1 and one line starting \"sasl: \"", cmdline, code, errs)
	}
	if !strings.Contains(errs, want) {
		t.Errorf("sasl %s: stderr %.500q, want it to say %q", cmdline, errs, want)
	}
	for _, s := range []string{"panic", "goroutine"} {
		if strings.Contains(errs, s) || strings.Contains(stdout.String(), s) {
			t.Errorf("sasl %s: %q in the output: %.500q", cmdline, s, errs)
		}
	}
	if runtime.GOOS == "linux" {
		rss, ok := peakMemory(hwm)
		if !ok {
			t.Errorf("sasl %s: it did not say its peak memory", cmdline)
		}
		if rss > maxRSS {
			t.Errorf("sasl %s: %d MB of memory, want at most %d", cmdline, rss>>20, maxRSS>>20)
		}
	}
}

// Hostile inputs end in exit status 1 and one line on stderr saying what is
// wrong, without a panic, within seconds and bounded memory. Each runs in a
// process of its own.
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rasters := map[string][2]int{"100x100": {100, 100}, "2x2": {2, 2}, "5x4": {5, 4}, "180x645": {180, 645}}
	for name, r := range rasters {
		d := filepath.Join(dir, "raster-"+name)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		vaslArchive(t, d, "99", r[0], r[1], 0)
	}
	for _, elev := range []int8{127, -128} {
		d := filepath.Join(dir, "level"+strconv.Itoa(int(elev)))
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		vaslArchive(t, d, "99", 96, 40, elev)
	}
	// A mission on board 99 of the 100 x 100 raster folder.
	mission := filepath.Join(dir, "raster-100x100", "m.yaml")
	err := os.WriteFile(mission, []byte(`name: Raster
boards: [["99"]]
north: up
fbe: north
ebe: south
month: 7
enemy: Russian
turns: 6
vpo: ["99Q6"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: south, count: 4}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 99Q6, known: true}
victory:
  control: ["99Q6"]
  max_enemy_exits: 2
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}

	// About 9 MiB of valid-looking YAML, as a mission, tables and a game:
	// over every bound (a game file 8 MiB, other YAML 4 MiB).
	const huge = 9 << 20
	bigMission := filepath.Join(dir, "big-mission.yaml")
	hugeYAML(t, bigMission, "name: Big\nboards: [[x1]]\nturns: 6\n", "friendly", huge)
	bigTables := filepath.Join(dir, "big-tables.yaml")
	hugeYAML(t, bigTables, "infantry:\n  terrain:\n    woods: 2\n", "notes", huge)
	bigGame := filepath.Join(dir, "big-game.yaml")
	hugeYAML(t, bigGame, "turn: 1\nphase: rally\n", "units", huge)
	// A sim part file of about 9 MiB: a real part whose tallies repeat.
	bigPart := filepath.Join(dir, "big-part.json")
	bigCounts := filepath.Join(dir, "big-counts.json")
	{
		partDir := t.TempDir()
		mustRun(t, "sim", "--runs", "4", "--seed", "1", "--shard", "0/1", "--out", partDir+"/")
		data, err := os.ReadFile(filepath.Join(partDir, "part-0.json"))
		if err != nil {
			t.Fatal(err)
		}
		var part struct{ Tallies []json.RawMessage }
		if err := json.Unmarshal(data, &part); err != nil || len(part.Tallies) == 0 {
			t.Fatalf("the part holds no tallies: %v %.200s", err, data)
		}
		// One tally's counts grown to 9 MiB.
		zeros := bytes.Repeat([]byte("0,"), huge/2)
		if err := os.WriteFile(bigCounts, bytes.Replace(data, []byte(`"counts":[`), append([]byte(`"counts":[`), zeros...), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		// The tallies repeated to 9 MiB: they come last, after the header
		// as written.
		head, _, ok := bytes.Cut(data, []byte(`"tallies":[`))
		if !ok {
			t.Fatalf("no tallies list in %.200s", data)
		}
		var b bytes.Buffer
		b.Grow(huge + len(head) + 1<<16)
		b.Write(head)
		b.WriteString(`"tallies":[`)
		for b.Len() < huge {
			b.Write(part.Tallies[0])
			b.WriteByte(',')
		}
		b.Write(part.Tallies[0])
		b.WriteString("]}\n")
		if err := os.WriteFile(bigPart, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A named pipe that a writer fills without end once sasl opens it,
	// and one nobody writes to.
	fedFIFO := filepath.Join(dir, "fed.fifo")
	deadFIFO := filepath.Join(dir, "dead.fifo")
	for _, f := range []string{fedFIFO, deadFIFO} {
		if err := syscall.Mkfifo(f, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	go func() {
		f, err := os.OpenFile(fedFIFO, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		zeros := make([]byte, 64<<10)
		for {
			if _, err := f.Write(zeros); err != nil {
				return // sasl closed it
			}
		}
	}()
	t.Cleanup(func() {
		// Release the writer if sasl never opened the pipe.
		if f, err := os.OpenFile(fedFIFO, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	// One board in 400 x 400 cells: the maps once asked for 1.1 TB.
	hugeGrid := filepath.Join(dir, "huge-grid.yaml")
	sparseMission(t, hugeGrid, 400, 400, 200, 200)
	const hugeGridSays = "huge-grid.yaml:2: boards: layout: 160000 cells; at most 1296"
	out := func(name string) string { return filepath.Join(t.TempDir(), name) }
	png := filepath.Join(dir, "out.png")
	raster := "a %s pixel raster is not a picture of a 33 x 10 hex board"

	tests := []struct {
		name string
		args []string
		want string // in the one line on stderr
		skip string // a known failure, with its issue
	}{
		// LOSData headers saying 33 x 10 hexes on rasters of no board.
		{"raster 100x100 show", []string{"board", "show", "99", "--boards", filepath.Join(dir, "raster-100x100")}, strings.Replace(raster, "%s", "100 x 100", 1), ""},
		{"raster 100x100 mission", []string{"place", "--mission", mission, "--boards", filepath.Join(dir, "raster-100x100"), "--seed", "1"}, "vasl: bd99: LOSData: " + strings.Replace(raster, "%s", "100 x 100", 1), ""},
		{"raster 100x100 path", []string{"path", "99A1", "99B2", "--boards", filepath.Join(dir, "raster-100x100")}, "vasl: bd99: LOSData: a 100 x 100", ""},
		{"raster 2x2", []string{"board", "show", "99", "--boards", filepath.Join(dir, "raster-2x2")}, strings.Replace(raster, "%s", "2 x 2", 1), ""},
		{"raster 5x4", []string{"board", "show", "99", "--boards", filepath.Join(dir, "raster-5x4")}, strings.Replace(raster, "%s", "5 x 4", 1), ""},
		{"raster 180x645", []string{"board", "show", "99", "--boards", filepath.Join(dir, "raster-180x645")}, strings.Replace(raster, "%s", "180 x 645", 1), ""},
		// Levels LOSData can store but no board has.
		{"level 127 export", []string{"board", "export", "99", "--boards", filepath.Join(dir, "level127"), "-o", out("bd99.sasl")}, "vasl: bd99: LOSData: hex A1 is at level 127; a board's levels are -3..9", ""},
		{"level -128 show", []string{"board", "show", "99", "--boards", filepath.Join(dir, "level-128")}, "vasl: bd99: LOSData: hex A1 is at level -128", ""},
		// Picture scales.
		{"scale 1e6", []string{"board", "show", "x1", "--png", png, "--scale", "1e6"}, "--scale 1e+06: want a scale from 0.1 to 8", ""},
		{"scale 20", []string{"board", "show", "x1", "--png", png, "--scale", "20"}, "--scale 20", ""},
		{"scale 0", []string{"board", "show", "x1", "--png", png, "--scale", "0"}, "--scale 0", ""},
		{"scale NaN", []string{"board", "show", "x1", "--png", png, "--scale", "NaN"}, "--scale NaN", ""},
		{"scale -1 sim", []string{"sim", "--runs", "2", "--seed", "1", "--png", png, "--scale", "-1"}, "--scale -1", ""},
		{"picture of 5000 empty rows", []string{"board", "show", "--layout", strings.Repeat("-/", 5000) + "x1", "--png", png}, "layout: 5001 cells; at most 1296", ""},
		{"picture of 36 empty rows", []string{"board", "show", "--layout", strings.Repeat("-/", 35) + "x1", "--png", png, "--scale", "2"}, "too large to draw", ""},
		// Configurations larger than any map: refused as they are read.
		{"los layout of 100x100 cells", []string{"los", "x1A5", "x1K5", "--layout", testlayout.Sparse(100, 100, 50, 50, "x1")}, "layout: 10000 cells; at most 1296 (36 rows of 36)", ""},
		{"los layout of 37 rows", []string{"los", "x1A5", "x1K5", "--layout", testlayout.Sparse(37, 1, 36, 0, "x1")}, "layout: 37 rows; at most 36", ""},
		{"place 400x400 cells", []string{"place", "--mission", hugeGrid}, hugeGridSays, ""},
		{"play new 400x400 cells", []string{"play", "new", "--policy", "hold", "--mission", hugeGrid, "--save", out("game.yaml")}, hugeGridSays, ""},
		{"sim 400x400 cells", []string{"sim", "--mission", hugeGrid, "--runs", "2"}, hugeGridSays, ""},
		{"wave 400x400 cells", []string{"wave", "--mission", hugeGrid}, hugeGridSays, ""},
		{"scale 1e6 without a picture", []string{"board", "show", "x1", "--scale", "1e6"}, "--scale 1e+06", ""},
		// Endless and huge data files.
		{"mission /dev/zero", []string{"place", "--mission", "/dev/zero"}, "missions: /dev/zero: larger than 4 MiB: not a data file", ""},
		{"sim mission /dev/zero", []string{"sim", "--mission", "/dev/zero", "--runs", "2"}, "missions: /dev/zero: larger than", ""},
		{"tables /dev/zero", []string{"place", "--tables", "/dev/zero"}, "tables: /dev/zero: larger than 4 MiB", ""},
		{"play turn /dev/zero", []string{"play", "turn", "/dev/zero"}, "/dev/zero: not a regular file: a game file is one", ""},
		{"play show /dev/zero", []string{"play", "show", "/dev/zero"}, "/dev/zero: not a regular file: a game file is one", ""},
		{"wave friendly /dev/zero", []string{"wave", "--friendly", "/dev/zero"}, "state: /dev/zero: larger than", ""},
		{"huge mission", []string{"place", "--mission", bigMission}, "big-mission.yaml: larger than 4 MiB", ""},
		{"huge tables", []string{"place", "--tables", bigTables}, "big-tables.yaml: larger than 4 MiB", ""},
		{"huge game", []string{"play", "turn", bigGame}, "big-game.yaml: larger than", ""},
		{"huge friendly", []string{"wave", "--friendly", bigGame}, "big-game.yaml: larger than", ""},
		{"sim part /dev/zero", []string{"sim", "merge", "/dev/zero"}, "/dev/zero: not a regular file", ""},
		{"huge sim part", []string{"sim", "merge", bigPart}, "big-part.json: tallies: more than 1", ""},
		{"huge sim part tally", []string{"sim", "merge", bigCounts}, "big-counts.json: larger than a part file of this mission can be", ""},
		{"mission a folder", []string{"place", "--mission", dir}, "is a directory", ""},
		{"mission a fed FIFO", []string{"place", "--mission", fedFIFO}, "fed.fifo: larger than 4 MiB", ""},
		{"mission a FIFO nobody writes", []string{"place", "--mission", deadFIFO}, "dead.fifo", ""},
		// Numbers of turns and dice.
		{"wave turns 0", []string{"wave", "--turns", "0"}, "--turns 0: play at least one turn", ""},
		{"wave turns -1", []string{"wave", "--turns", "-1"}, "--turns -1: play at least one turn", ""},
		{"play turn turns 0", []string{"play", "turn", out("game.yaml"), "--turns", "0"}, "--turns 0", ""},
		{"play turn turns -1", []string{"play", "turn", out("game.yaml"), "--turns", "-1"}, "--turns -1", ""},
		{"place dice empty", []string{"place", "--dice", ""}, `--dice "": give the rolls`, ""},
		{"wave dice empty", []string{"wave", "--dice", ""}, `--dice "": give the rolls`, ""},
		{"enter dice empty", []string{"enter", "--dice", ""}, `--dice ""`, ""},
		// Hexes without a board number, with a boards folder.
		{"path without board", []string{"path", "Q7", "R6", "--boards", filepath.Join(dir, "raster-2x2")}, "Q7 R6: which board?", ""},
	}
	// Variants of a case above them, each a process of its own: the long
	// run (longrun) plays them too.
	variants := map[string]bool{
		"raster 2x2": true, "raster 5x4": true, "level -128 show": true,
		"scale 20": true, "scale 0": true, "scale NaN": true,
		"place 400x400 cells": true, "play new 400x400 cells": true, "wave 400x400 cells": true,
		"sim mission /dev/zero": true, "play show /dev/zero": true, "wave friendly /dev/zero": true,
		"wave turns -1": true, "play turn turns -1": true, "wave dice empty": true, "enter dice empty": true,
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.skip != "" {
				t.Skip(tt.skip)
			}
			if variants[tt.name] && !longrun.Enabled() {
				t.Skip("a variant of a case the short run plays: " + longrun.Env + "=1 plays it")
			}
			t.Parallel()
			refused(t, []string{"SASL_BOARDS="}, tt.want, tt.args...)
		})
	}
}

// A board among the most empty cells a configuration may have plays in
// the memory of the board alone: LOS, a Human Wave and a simulation, each
// in a process of its own, well within sparseRSS. (One board in 20 x 20
// cells once took 2.8 GB for one line of sight and died.)
func TestSparseLayoutMemory(t *testing.T) {
	t.Parallel()
	const sparseRSS = 200 << 20
	mission := filepath.Join(t.TempDir(), "sparse.yaml")
	sparseMission(t, mission, 36, 36, 20, 17)
	for _, tt := range []struct {
		name string
		args []string
		want string // in stdout
	}{
		{"los", []string{"los", "x1A5", "x1K5", "--layout", testlayout.Sparse(36, 36, 35, 35, "x1")}, "x1A5 - x1K5: clear; range 10"},
		{"wave", []string{"wave", "--mission", mission, "--seed", "1"}, "Seed 1."},
		{"sim", []string{"sim", "--mission", mission, "--seed", "1", "--runs", "2"}, "sasl sim --mission"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			hwm := filepath.Join(t.TempDir(), "hwm")
			c, stdout, stderr := saslProcess(t, []string{"SASL_BOARDS=", "SASL_TEST_HWM=" + hwm}, tt.args...)
			timer := time.AfterFunc(4*hostileTimeout, func() { c.Process.Kill() })
			err := c.Wait()
			if !timer.Stop() {
				t.Fatalf("sasl %s: still running after %v: killed", tt.name, 4*hostileTimeout)
			}
			if err != nil || !strings.Contains(stdout.String(), tt.want) {
				t.Fatalf("sasl %s: %v, stderr %.300q, stdout %.300q; want it to say %q", tt.name, err, stderr.String(), stdout.String(), tt.want)
			}
			if runtime.GOOS == "linux" {
				rss, ok := peakMemory(hwm)
				if !ok {
					t.Errorf("sasl %s: it did not say its peak memory", tt.name)
				}
				if rss > sparseRSS {
					t.Errorf("sasl %s: %d MB of memory, want at most %d", tt.name, rss>>20, sparseRSS>>20)
				}
				t.Logf("sasl %s: %d MB", tt.name, rss>>20)
			}
		})
	}
}
