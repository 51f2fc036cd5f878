package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/yourbasic/graph"
)

// readmeCommand is a command the README shows: a line of a code block
// starting "sasl " or "go run ./cmd/sasl ", or any command after "$ ",
// followed by what it prints; a native board file shown ("sasl-board 1",
// "board ID", ...) is what sasl board export ID prints.
type readmeCommand struct {
	line   int
	cmd    string
	output []string // nil: the README shows no output
	shown  bool     // after "$ ": output follows
}

// commandFences are the code blocks whose commands TestREADME runs: those
// with no language, sh and text (a transcript). yaml and json blocks show
// files.
var commandFences = []string{"", "sh", "text"}

// readmeCommands reads the commands of the README's code blocks, in order.
func readmeCommands(t *testing.T, path string) []readmeCommand {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	comment := regexp.MustCompile(`\s{2,}#\s.*$`)
	var out []readmeCommand
	var cur *readmeCommand
	inBlock, lang := false, ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			inBlock, lang, cur = !inBlock, strings.TrimPrefix(line, "```"), nil
			continue
		}
		if !inBlock || !slices.Contains(commandFences, lang) {
			continue
		}
		if line == "sasl-board 1" && cur == nil {
			// A native board file: the lines of sasl board export.
			out = append(out, readmeCommand{line: n, shown: true, output: []string{line}})
			cur = &out[len(out)-1]
			continue
		}
		if cur != nil && cur.cmd == "" && cur.output[0] == "sasl-board 1" && len(cur.output) == 1 {
			id, _ := strings.CutPrefix(line, "board ")
			cur.cmd = "sasl board export " + id + " --boards ~/vasl/boards"
		}
		text, shown := strings.CutPrefix(line, "$ ")
		text = comment.ReplaceAllString(text, "")
		if rest, ok := strings.CutPrefix(text, "go run ./cmd/sasl "); ok {
			text = "sasl " + rest
		}
		// After a "$ " command, a line without "$ " is what it prints,
		// "sasl serve: ..." too.
		if shown || (strings.HasPrefix(text, "sasl ") && (cur == nil || !cur.shown)) {
			out = append(out, readmeCommand{line: n, cmd: strings.TrimSpace(text), shown: shown})
			cur = nil
			if shown {
				cur = &out[len(out)-1]
			}
			continue
		}
		if cur != nil {
			cur.output = append(cur.output, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// matchOutput checks got against what the README shows: its lines in
// order, "..." standing for lines left out (alone on a line) or for part
// of a line.
func matchOutput(want, got []string) (string, bool) {
	k := 0
	skip := false
	for _, w := range want {
		w = strings.TrimRight(w, " ")
		if strings.TrimSpace(w) == "..." {
			skip = true
			continue
		}
		parts := strings.Split(w, "...")
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		re := regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
		found := false
		for ; k < len(got); k++ {
			if re.MatchString(strings.TrimRight(got[k], " ")) {
				found = true
				k++
				break
			}
			if !skip {
				return w, false
			}
		}
		if !found {
			return w, false
		}
		skip = false
	}
	return "", true
}

// placeholders are words the README writes for the reader's own values.
var placeholders = regexp.MustCompile(`\b(FROM|TO|EDGE|N|M|K|FILE|DIR)\b|my\.yaml`)

// Every sasl command the README shows runs as shown, in bash, with sasl
// (and go run ./cmd/sasl) this program, in a folder holding the
// repository's examples and a HOME whose vasl/boards are the test boards;
// a command shown after "$ " prints what the README shows after it.
// Commands on real boards are skipped when the boards are absent, and so
// are the commands that read their files; commands with placeholders
// (FROM, TO, my.yaml) are templates, not commands. A VASL save the README
// names is one of ../shared's saves (linked into the folder), or one the
// command line writes, or the reader's own: the commands that read it are
// skipped, saying so. sasl serve serves until it is stopped: it is skipped
// here (TestServeCommand runs serve --new and reaches its page).
func TestREADME(t *testing.T) {
	t.Parallel()
	if !longrun.Enabled() {
		t.Skip("plays the README's games and simulations")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeCommands(t, filepath.Join(repo, "README.md"))
	if len(cmds) < 10 {
		t.Fatalf("found %d commands in the README", len(cmds))
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin, work, home := filepath.Join(tmp, "bin"), filepath.Join(tmp, "work"), filepath.Join(tmp, "home")
	for _, d := range []string{bin, work, filepath.Join(home, "vasl")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script := "#!/bin/sh\nSASL_TEST_MAIN=1 exec '" + self + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "sasl"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(repo, "examples"), filepath.Join(work, "examples")); err != nil {
		t.Fatal(err)
	}
	boards := ""
	if dir, ok := testshared.FindBoards(); ok {
		boards = dir
		if err := os.Symlink(dir, filepath.Join(home, "vasl", "boards")); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + home, "LANG=C"}
	saves, haveSaves := testshared.Find("vasl/saves")
	tainted := map[string]bool{} // files of skipped commands
	written := map[string]bool{} // files of the commands that run
	var run []readmeCommand
	for _, c := range cmds {
		skip := ""
		switch {
		case placeholders.MatchString(c.cmd):
			continue
		case strings.HasPrefix(c.cmd, "sasl serve"):
			skip = "it serves until stopped (TestServeCommand runs it)"
		case strings.Contains(c.cmd, "~/vasl/boards") && boards == "":
			skip = "no test boards"
		}
		for f := range tainted {
			if strings.Contains(c.cmd, f) {
				skip = "it reads " + f + ", which a skipped command writes"
			}
		}
		outs := readmeOutputs(c.cmd)
		for _, m := range readmeFile.FindAllStringSubmatch(c.cmd, -1) {
			f := m[1]
			if skip != "" || !strings.HasSuffix(f, ".vsav") || written[f] || slices.Contains(outs, f) {
				continue
			}
			shared := filepath.Join(saves, f)
			if _, err := os.Stat(shared); !haveSaves || err != nil {
				skip = f + " is a VASL save of the reader's own, not one of ../shared's saves"
				continue
			}
			if err := os.Symlink(shared, filepath.Join(work, f)); err != nil && !os.IsExist(err) {
				t.Fatal(err)
			}
			written[f] = true
		}
		if skip != "" {
			for _, f := range outs {
				tainted[f] = true
			}
			t.Logf("README.md:%d: %s: skipped: %s", c.line, c.cmd, skip)
			continue
		}
		for _, f := range outs {
			written[f] = true
		}
		run = append(run, c)
	}
	// Commands that share a file of the working folder run in the
	// README's order, one after the other; the chains run side by side.
	chains := readmeChains(run)
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, chain := range chains {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			for _, c := range chain {
				runReadmeCommand(t, c, work, home, env)
			}
		})
	}
	wg.Wait()
}

// readmeOutput is a file a README command writes: its game file, a
// part file or folder, a VASL save, what it prints redirected.
var readmeOutput = regexp.MustCompile(`(?:^|\s)(?:--save|--out|--vasl-out|-o|>)[ =]*(\S+)`)

// readmeOutputs are the files a README command writes.
func readmeOutputs(cmd string) []string {
	var out []string
	for _, m := range readmeOutput.FindAllStringSubmatch(cmd, -1) {
		out = append(out, m[1])
	}
	return out
}

// readmeFile is a file or folder of the working folder a README command
// names (game.yaml, parts/), not one of the repository's examples.
var readmeFile = regexp.MustCompile(`(?:^|[\s=<>])((?:[\w.-]+/)*[\w.-]+\.(?:yaml|yml|vsav|json|png|svg|pdf|sasl|txt)|[\w.-]+/)(?:\s|$)`)

// readmeChains groups commands that name a file of the working folder in
// common (transitively), each group in the README's order.
func readmeChains(cmds []readmeCommand) [][]readmeCommand {
	g := graph.New(len(cmds))
	owner := map[string]int{}
	for i, c := range cmds {
		for _, m := range readmeFile.FindAllStringSubmatch(c.cmd, -1) {
			f := m[1]
			if strings.HasPrefix(f, "examples/") || strings.HasPrefix(f, "./") {
				continue
			}
			if j, ok := owner[f]; ok {
				g.AddBoth(i, j)
			} else {
				owner[f] = i
			}
		}
	}
	comps := graph.Components(g)
	for _, c := range comps {
		slices.Sort(c)
	}
	slices.SortFunc(comps, func(a, b []int) int { return a[0] - b[0] })
	out := make([][]readmeCommand, len(comps))
	for k, c := range comps {
		for _, i := range c {
			out[k] = append(out[k], cmds[i])
		}
	}
	return out
}

// shellWords are the characters that make a README command a shell
// line (a pipe, a redirection, quotes, a substitution), run in bash.
const shellWords = "|&;<>()$`\"'\\*?"

// runReadmeCommand runs one README command in folder work, with HOME
// home, and checks what it prints against what the README shows. A shell
// line runs in bash as the reader's shell would; a plain command (sasl
// and its words) runs in this process, its ~ and the working folder's
// files made absolute, so that the commands share the worlds they build
// (game.Open keeps them) as one process of sasl would not.
func runReadmeCommand(t *testing.T, c readmeCommand, work, home string, env []string) {
	var got []byte
	var err error
	line, _, _ := strings.Cut(c.cmd, " #") // a comment, as bash reads it
	if f := strings.Fields(line); !strings.ContainsAny(line, shellWords) && f[0] == "sasl" {
		args := f[1:]
		for i, a := range args {
			switch {
			case strings.HasPrefix(a, "~/"):
				args[i] = filepath.Join(home, a[2:])
			case readmeFile.MatchString(" "+a+" ") || strings.HasPrefix(a, "examples/"):
				args[i] = filepath.Join(work, a)
				if strings.HasSuffix(a, "/") {
					args[i] += "/"
				}
			}
		}
		var out bytes.Buffer
		root := newRoot(&out, &out)
		root.SetArgs(args)
		err = root.Execute()
		got = bytes.ReplaceAll(out.Bytes(), []byte(work+string(filepath.Separator)), nil)
		if err != nil {
			got = append(got, "sasl: "+err.Error()...)
		}
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		sh := exec.CommandContext(ctx, "bash", "-c", "set -o pipefail; "+c.cmd)
		sh.Dir = work
		sh.Env = env
		got, err = sh.CombinedOutput()
	}
	if err != nil {
		t.Errorf("README.md:%d: %s: %v\n%s", c.line, c.cmd, err, got)
		return
	}
	if !c.shown || len(c.output) == 0 {
		return
	}
	lines := strings.Split(strings.TrimRight(string(got), "\n"), "\n")
	if w, ok := matchOutput(c.output, lines); !ok {
		t.Errorf("README.md:%d: %s: the output has no line %q where the README shows it; it prints:\n%s", c.line, c.cmd, w, got)
	}
}

// The README's commands that share a file run in one chain, in order;
// the others apart.
func TestReadmeChains(t *testing.T) {
	t.Parallel()
	cmds := []readmeCommand{
		{cmd: "sasl play new --save game.yaml"},
		{cmd: "sasl sim --runs 10 --shard 0/2 --out parts/"},
		{cmd: "sasl play show game.yaml --png now.png"},
		{cmd: "sasl place --mission examples/four-boards.yaml --png s.png"},
		{cmd: "sasl sim merge parts/"},
		{cmd: "sasl play new --mission examples/four-boards.yaml --save game.yaml"},
		{cmd: "sasl board export 33 > bd33.sasl"},
	}
	var got [][]string
	for _, ch := range readmeChains(cmds) {
		var line []string
		for _, c := range ch {
			line = append(line, strings.Fields(c.cmd)[1])
		}
		got = append(got, line)
	}
	want := [][]string{{"play", "play", "play"}, {"sim", "sim"}, {"place"}, {"board"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("chains %v, want %v", got, want)
	}
}

// matchOutput itself: "..." alone skips lines, inside a line stands for
// any text, and lines match in order with nothing between them otherwise.
func TestMatchOutput(t *testing.T) {
	t.Parallel()
	got := []string{"a", "b", "c 1 2 3", "d"}
	for _, tt := range []struct {
		want []string
		ok   bool
	}{
		{[]string{"a", "b"}, true},
		{[]string{"a", "...", "d"}, true},
		{[]string{"a", "c ... 3"}, false}, // b is not shown and no "..." says so
		{[]string{"b", "c ...", "d"}, false},
		{[]string{"...", "c ...", "d"}, true},
		{[]string{"a", "...", "e"}, false},
		{[]string{"d", "a"}, false},
	} {
		if _, ok := matchOutput(tt.want, got); ok != tt.ok {
			t.Errorf("matchOutput(%q) = %v, want %v", tt.want, ok, tt.ok)
		}
	}
}

// The tests the README's first lines give are what CI runs: each command
// of its "go test" line (parts joined by &&) is a line of .ci/run, which
// runs go vet besides.
func TestREADMETestCommand(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	var ciLines []string
	for _, l := range strings.Split(string(ci), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			ciLines = append(ciLines, l)
		}
	}
	_, first, _ := strings.Cut(string(readme), "```sh\n")
	first, _, _ = strings.Cut(first, "```")
	test := ""
	for _, l := range strings.Split(first, "\n") {
		if strings.HasPrefix(l, "go test ") {
			test, _, _ = strings.Cut(l, "  #")
		}
	}
	if test == "" {
		t.Fatalf("the README's first block gives no go test line:\n%s", first)
	}
	for _, part := range splitAnd(strings.TrimSpace(test)) {
		if !slices.Contains(ciLines, part) {
			t.Errorf("the README's test command %q is not a line of .ci/run", part)
		}
	}
	for _, vet := range []string{"go vet ./...", "(cd deploy && go vet ./...)"} {
		if !slices.Contains(ciLines, vet) {
			t.Errorf(".ci/run does not run %q", vet)
		}
	}
}

// splitAnd splits a shell line at its " && " outside parentheses.
func splitAnd(line string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '(':
			depth++
		case line[i] == ')':
			depth--
		case depth == 0 && strings.HasPrefix(line[i:], " && "):
			parts = append(parts, line[start:i])
			start = i + len(" && ")
		}
	}
	return append(parts, line[start:])
}

// The README's mission template, copied as it is, is a whole mission:
// sasl sim (which needs its victory conditions) and play new run it.
func TestREADMEMissionTemplate(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "\n### Mission files\n")
	if !ok {
		t.Fatal("the README has no section ### Mission files")
	}
	_, rest, ok = strings.Cut(rest, "```yaml\n")
	if !ok {
		t.Fatal("### Mission files shows no yaml block")
	}
	template, _, _ := strings.Cut(rest, "```")
	dir := t.TempDir()
	mission := filepath.Join(dir, "my.yaml")
	if err := os.WriteFile(mission, []byte(template), 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "sim", "--mission", mission, "--runs", "20", "--seed", "1")
	if !strings.Contains(out, "FRIENDLY win") {
		t.Errorf("sim of the README's template:\n%s", out)
	}
	mustRun(t, "play", "new", "--mission", mission, "--seed", "1", "--save", filepath.Join(dir, "g.yaml"))
}
