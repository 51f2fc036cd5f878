package sasl_test

import (
	"bufio"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/sasl-engine/sasl"

// lattice is the package lattice of DESIGN.md, written down the way Go's
// go/build/deps_test.go does: each package of the module and the packages of
// the module it may import (non-test files). A package not listed here may
// not exist: add it, with its place, when you add it.
//
// Outside the module: packages under rules/ use only the standard library,
// so the map stays free of dependencies; render may use gonum's plot (and
// the font reader plot's fonts are read with, for their outlines); the
// command may use anything go.mod requires.
var lattice = map[string][]string{
	// the module's root: its documentation (doc.go), no code.
	".": nil,
	// rules: the map, internally ordered hex < coord < layout < terrain <
	// board < vasl < library.
	"rules":         nil,
	"rules/hex":     nil,
	"rules/coord":   nil,
	"rules/layout":  {"rules/hex", "rules/coord"},
	"rules/terrain": {"rules/hex"},
	"rules/board":   {"rules/hex", "rules/coord", "rules/layout", "rules/terrain"},
	"rules/vasl":    {"rules/hex", "rules/layout", "rules/terrain", "rules/board", "internal/regfile"},
	"rules/library": {"rules/layout", "rules/board", "rules/vasl", "internal/atomicfile", "internal/regfile", "internal/homedir"},
	"rules/los":     {"rules/hex", "rules/layout", "rules/terrain", "rules/board"},

	// internal/yamldoc: line-numbered YAML reading for data files.
	"internal/yamldoc": nil,
	// internal/filelock: one command at a time on a game file.
	"internal/filelock": nil,
	// internal/atomicfile: files written whole or not at all.
	"internal/atomicfile": nil,
	// internal/regfile: files that must be regular opened without waiting.
	"internal/regfile": nil,
	// internal/homedir: a path's leading "~" read as the home folder.
	"internal/homedir": nil,
	// internal/testkit/hill: the Hill 621 save and mission, for the tests
	// of the VASL way of play.
	"internal/testkit/hill": {"internal/testkit/testshared", "rules/...", "vassal"},
	// internal/testkit/testshared: where tests find ../shared (boards, saves,
	// VASL's LOS verdicts and terrain table, reference tables): one
	// locator, $SASL_SHARED and $SASL_TEST_BOARDS.
	"internal/testkit/testshared": nil,
	// internal/testkit/cpubench: CPU time a benchmark run (cpu-ns/op).
	"internal/testkit/cpubench": nil,
	// internal/testkit/alloc: the heap bytes a function allocates.
	"internal/testkit/alloc": nil,
	// internal/testkit/longrun: whether the long tests run (SASL_LONG).
	"internal/testkit/longrun": nil,
	// internal/testkit/rulemap: a rules package's rule map checked
	// against the rules its files cite (std only).
	"internal/testkit/rulemap": nil,
	// internal/testkit/testlayout: board configurations for tests.
	"internal/testkit/testlayout": nil,
	// internal/testkit/testmaps: small maps and missions for tests.
	"internal/testkit/testmaps": {"rules/...", "missions"},
	// tables: data; it knows terrain kinds.
	"tables": {"rules/terrain", "internal/yamldoc"},
	// pathing: movement costs and searches.
	"pathing": {"rules/...", "tables"},
	// missions: mission files.
	"missions": {"rules/...", "internal/yamldoc", "state"},
	// dice: all chance.
	"dice": {"rules/..."},
	// state: the game state, units of both sides.
	"state": {"rules/...", "internal/yamldoc"},
	// world: one mission's read-only facts, shared by its games.
	"world": {"rules/...", "tables", "pathing", "missions", "state"},
	// report: events as data, and the words sasl says of them.
	"report": {"rules/...", "tables", "pathing", "missions", "dice", "state", "world"},
	// act: the executor, every change of a unit's Location on the map by
	// either side, checked and carried out a Location at a time (state's
	// Move is called from act alone: TestStateMoveOnlyInAct).
	"act": {"rules/...", "pathing", "state", "world"},
	// combat: attacks of both sides resolved (IFT, morale, rally, rout,
	// Close Combat, Control); it decides nothing but where the rules leave
	// a broken unit's rout to its side (ChooseRout). pathing: a rout is a
	// search over the Infantry graph, told in steps (ASL A10.5).
	"combat": {"rules/...", "tables", "pathing", "dice", "state", "world", "report", "act"},
	// ai: ENEMY decisions.
	"ai": {"rules/...", "tables", "pathing", "missions", "dice", "state", "world", "report", "act", "combat"},
	// policy: FRIENDLY decisions.
	"policy": {"rules/...", "tables", "pathing", "state", "world", "combat"},
	// game: one game from setup to the last turn.
	"game": {"rules/...", "tables", "pathing", "missions", "dice", "state", "world", "report", "act", "combat", "ai", "policy", "internal/homedir"},
	// sim: many games of one mission, counted.
	"sim": {"rules/...", "tables", "pathing", "missions", "dice", "state", "world", "report", "combat", "ai", "policy", "game",
		"internal/atomicfile", "internal/yamldoc"},

	// vassal: VASL saved games; it knows the map's notation and nothing
	// of the game.
	"vassal": {"rules/...", "internal/regfile"},
	// table: a game at the table, between the front ends and game: the
	// game file (lock, open, replay, check, write whole), the player's
	// steps, VASL saves of a game, one view of a game and its picture.
	"table": {"rules/...", "tables", "pathing", "missions", "dice", "state", "world", "report", "combat", "ai", "policy", "game", "render", "vassal",
		"internal/atomicfile", "internal/filelock", "internal/yamldoc", "internal/regfile"},

	// web: sasl serve, the browser table; it reaches the game through
	// package table alone (no Open, Lock or Save of its own; the page's
	// views of steps, previews and lines of sight are table's): it imports
	// no game, state or pathing.
	"web": {"rules/...", "report", "table", "render"},
	// web/browsertest: the page's tests in a real browser (chromedp); no
	// code but its doc.
	"web/browsertest": nil,

	// render draws maps; it knows the map and nothing above it (overlays
	// come as plain hexes and Locations), so every layer above may use it.
	// This package is not in DESIGN.md's list: pictures are output, but too
	// much code for cmd's wiring (see the closing note of issue 2).
	"render": {"rules/..."},

	"cmd/sasl": {"..."},
}

// thirdParty lists the import path prefixes outside the standard library and
// the module that a package may use.
var thirdParty = map[string][]string{
	"render":           {"gonum.org/v1/plot", "golang.org/x/image/font", "golang.org/x/image/math/fixed"},    // x/image: the outlines of plot's fonts (glyphs.go)
	"sim":              {"gonum.org/v1/gonum/stat", "gonum.org/v1/gonum/optimize", "gonum.org/v1/gonum/mat"}, // mat: optimize's Hessian
	"tables":           {"go.yaml.in/yaml/v3"},
	"internal/yamldoc": {"go.yaml.in/yaml/v3"},
	"missions":         {"go.yaml.in/yaml/v3"},
	"state":            {"go.yaml.in/yaml/v3"},
	"vassal":           {"go.yaml.in/yaml/v3"}, // its counters table
	"pathing":          {"github.com/yourbasic/graph"},
	"cmd/sasl":         {"github.com/spf13/cobra", "github.com/schollz/progressbar", "gonum.org/v1/plot"},

	// internal/filelock locks with LockFileEx on Windows (flock_windows.go).
	"internal/filelock": {"golang.org/x/sys/windows"},
}

func allowed(pkg, imp string) bool {
	for _, a := range lattice[pkg] {
		switch {
		case a == "...":
			return true
		case strings.HasSuffix(a, "/..."):
			if p := strings.TrimSuffix(a, "/..."); imp == p || strings.HasPrefix(imp, p+"/") {
				return true
			}
		case a == imp:
			return true
		}
	}
	return false
}

func TestPackageLattice(t *testing.T) {
	var pkgs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if p, err := build.ImportDir(path, 0); err == nil && len(p.GoFiles) > 0 {
				pkgs = append(pkgs, filepath.ToSlash(path))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pkgs)
	if len(pkgs) < 8 {
		t.Fatalf("found only %d packages: %v", len(pkgs), pkgs)
	}
	for _, pkg := range pkgs {
		if _, ok := lattice[pkg]; !ok {
			t.Errorf("package %s is not in the lattice of deps_test.go; add it with the packages it may import", pkg)
			continue
		}
		p, err := build.ImportDir(pkg, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			switch {
			case strings.HasPrefix(imp, module+"/"):
				rel := strings.TrimPrefix(imp, module+"/")
				if !allowed(pkg, rel) {
					t.Errorf("%s imports %s, which the lattice does not allow (DESIGN.md: a package imports only packages below it)", pkg, rel)
				}
			case isStd(imp):
			default:
				if !slices.ContainsFunc(thirdParty[pkg], func(p string) bool { return strings.HasPrefix(imp, p) }) && !allowed(pkg, "...") {
					t.Errorf("%s imports %s from outside the standard library; the lattice does not allow it", pkg, imp)
				}
			}
		}
	}
}

// maxLines is the most lines a hand-written Go file of the module may
// have (issue 53: files named for one job).
const maxLines = 900

// generated matches the line that marks a generated Go file (go help
// generate), which must come before the package clause.
var generated = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// goLines counts the lines of a Go file, and reports whether it is
// generated: a line matching generated before its package clause.
func goLines(path string) (n int, gen bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	inHeader := true
	for sc.Scan() {
		n++
		line := sc.Text()
		if inHeader && strings.HasPrefix(line, "package ") {
			inHeader = false
		}
		if inHeader && generated.MatchString(line) {
			gen = true
		}
	}
	return n, gen, sc.Err()
}

// No hand-written Go file of the module has more than maxLines lines: a
// file that grows past it holds more than one job and is split by concern
// (issue 53). Test files, generated files, testdata, hidden folders and
// folders of another module (deploy/, with a go.mod of its own) are not
// counted.
func TestNoFileOver900Lines(t *testing.T) {
	var over []string
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == "." {
				return nil
			}
			if strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module (deploy/)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		n, gen, err := goLines(path)
		if err != nil {
			return err
		}
		if gen {
			return nil
		}
		files++
		if n > maxLines {
			over = append(over, fmt.Sprintf("%s: %d lines", filepath.ToSlash(path), n))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("found only %d hand-written Go files", files)
	}
	for _, o := range over {
		t.Errorf("%s, more than %d: split it into files named for one job each", o, maxLines)
	}
}

// isStd reports whether an import path is in the standard library: its
// first element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// The negative rules of DESIGN.md's lattice: nothing below game imports
// it (game's state is reached by the front ends through table); internal/
// holds only ground-floor libraries, which import nothing of ours but
// each other, and test kits, in a folder of their own.
func TestLatticeNegativeRules(t *testing.T) {
	above := map[string][]string{
		"game":  {"sim", "table", "web", "cmd/sasl"},
		"table": {"web", "cmd/sasl"},
	}
	for pkg := range lattice {
		for imp, who := range above {
			if pkg != imp && allowed(pkg, imp) && !slices.Contains(who, pkg) {
				t.Errorf("%s may import %s: only %v may", pkg, imp, who)
			}
		}
		if rest, ok := strings.CutPrefix(pkg, "internal/"); ok && !strings.HasPrefix(rest, "testkit/") {
			for _, imp := range lattice[pkg] {
				if !strings.HasPrefix(imp, "internal/") || strings.HasPrefix(imp, "internal/testkit/") {
					t.Errorf("internal/%s may import %s: a ground-floor library imports nothing of ours above it", rest, imp)
				}
			}
		}
	}
}

// The lattice test must fail when a package breaks it.
func TestLatticeCatchesViolations(t *testing.T) {
	if allowed("rules/hex", "rules/board") || allowed("rules/board", "render") || allowed("render", "pathing") || allowed("world", "ai") {
		t.Error("the lattice allows an import upward")
	}
	if !allowed("render", "rules/board") || !allowed("cmd/sasl", "render") {
		t.Error("the lattice forbids an import downward")
	}
	if _, err := os.Stat("go.mod"); err != nil {
		t.Fatal("the lattice test must run at the module root")
	}
}

// The Kubernetes modules belong to the deploy module alone: installing
// sasl must not fetch them.
func TestNoKubernetesInTheModule(t *testing.T) {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []string{"k8s.io/", "sigs.k8s.io/"} {
		if strings.Contains(string(data), mod) {
			t.Errorf("go.mod requires %s...: keep it in deploy/go.mod", mod)
		}
	}
}
