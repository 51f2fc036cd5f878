package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file is written whole: the new bytes, the old mode, through a link
// (the link stays); a write that fails leaves the old file and no
// temporary file, and its error names the path, never the temporary.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.yaml")
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("the file holds %q", b)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", st.Mode().Perm())
	}
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("disk full")
	})
	if err == nil || !strings.HasPrefix(err.Error(), path+": ") || strings.Contains(err.Error(), ".game.yaml.") {
		t.Errorf("a failed write: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("after a failed write the file holds %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("left in the folder: %v", ents)
	}
	if err := Write(dir, func(io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "it is a folder") {
		t.Errorf("a folder: %v", err)
	}
}

// Swept removes the temporary files a killed run left beside the file
// (".NAME.123"), and nothing else.
func TestSweptRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g[1]*.yaml") // pattern characters in the name
	keep := []string{".g[1]*.yaml.lock", ".g[1]*.yaml.bak", "other.123", ".g[1]*.yaml.12x"}
	for _, n := range append([]string{".g[1]*.yaml.123", ".g[1]*.yaml.9"}, keep...) {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	if err := Swept(path, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Fatal(err)
	}
	var left []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		left = append(left, e.Name())
	}
	want := append([]string{"g[1]*.yaml"}, keep...)
	if len(left) != len(want) {
		t.Errorf("left %v, want %v", left, want)
	}
	for _, n := range want {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}
