package sasl_test

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStateMoveOnlyInAct: every change of a unit's Location on the map
// goes through the executor, package act (DESIGN.md: one executor). State's
// Move is called, outside tests, from act alone; package state's own
// methods may use it. Each package is type-checked against the export data
// of its imports (go list -export), so a call is found whatever the
// receiver is named.
func TestStateMoveOnlyInAct(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the module")
	}
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}\t{{.Dir}}\t{{.Module}}\t{{join .GoFiles \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports := map[string]string{}
	type pkg struct {
		path, dir string
		files     []string
	}
	var ours []pkg
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			continue
		}
		exports[f[0]] = f[1]
		if f[3] == module {
			ours = append(ours, pkg{f[0], f[2], strings.Fields(f[4])})
		}
	}
	const move = "(*" + module + "/state.State).Move"
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if e := exports[path]; e != "" {
			return os.Open(e)
		}
		return nil, os.ErrNotExist
	})
	calls := 0
	for _, p := range ours {
		var files []*ast.File
		for _, name := range p.files {
			f, err := parser.ParseFile(fset, filepath.Join(p.dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp, Error: func(error) {}}
		if _, err := conf.Check(p.path, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", p.path, err)
		}
		for id, obj := range info.Uses {
			fn, ok := obj.(*types.Func)
			if !ok || fn.FullName() != move {
				continue
			}
			rel := strings.TrimPrefix(strings.TrimPrefix(p.path, module), "/")
			if rel == "act" {
				calls++
				continue
			}
			if rel != "state" {
				t.Errorf("%s: state's Move called from package %s; every move goes through package act's executor", fset.Position(id.Pos()), rel)
			}
		}
	}
	if calls == 0 {
		t.Error("package act calls state's Move nowhere: the check finds no call")
	}
}
