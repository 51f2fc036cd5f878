//go:build unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hiddenTemp reports whether msg names a temporary file of writeFile for
// path: ".NAME.123" in path's folder.
func hiddenTemp(msg, path string) bool {
	return strings.Contains(msg, "."+filepath.Base(path)+".")
}

// Every way a file cannot be written gives an error that names the path
// the user gave, never the hidden temporary file, and leaves nothing.
func TestWriteErrorsNameThePath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	folder := filepath.Join(dir, "folder")
	os.Mkdir(folder, 0o755)
	paths := []struct{ path, want string }{
		{filepath.Join(dir, "no", "such", "x.out"), "cannot write: no such file or directory"},
		{"/etc/passwd/x.out", "cannot write: not a directory"},
		{"/proc/x.out", "cannot write: "},
		{folder, "cannot write: it is a folder"},
	}
	if os.Geteuid() != 0 {
		// Not as root: a regression renaming a file onto /dev/full would
		// replace the device.
		paths = append(paths, struct{ path, want string }{"/dev/full", "write: no space left on device"})
	}
	for _, p := range paths {
		for _, args := range [][]string{
			{"board", "export", "x1", "-o", p.path},
			{"board", "show", "x1", "--png", p.path},
			{"board", "show", "x1", "--svg", p.path},
			{"board", "show", "x1", "--pdf", p.path},
			{"place", "--seed", "1", "--save", p.path},
		} {
			_, err := run(t, args...)
			if err == nil || !strings.HasPrefix(err.Error(), p.path+": ") || !strings.Contains(err.Error(), p.want) || hiddenTemp(err.Error(), p.path) {
				t.Errorf("sasl %s: %v; want %q then %q", strings.Join(args, " "), err, p.path+": ", p.want)
			}
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left in %s: %v", dir, ents)
	}
	if ents, _ := os.ReadDir(folder); len(ents) != 0 {
		t.Errorf("left in %s: %v", folder, ents)
	}
}

// A write that fails half-way (a full disk) names the user's path and
// removes the temporary file.
func TestWriteFileFailsHalfway(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "map.png")
	err := writeFile(path, func(w io.Writer) error {
		w.Write([]byte("half a picture"))
		// What an *os.File says on a full disk, wrapped as render does.
		return fmt.Errorf("render: writing png: %w", &os.PathError{Op: "write", Path: w.(*os.File).Name(), Err: syscall.ENOSPC})
	})
	if want := path + ": render: writing png: write: no space left on device"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("%v does not wrap ENOSPC", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
}

// A named pipe (like /dev/stdout or /dev/null) is written as it is, not
// replaced by a file.
func TestWriteToPipe(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "out.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	want := mustRun(t, "board", "export", "x1")
	mustRun(t, "board", "export", "x1", "-o", fifo)
	select {
	case s := <-got:
		if s != want {
			t.Errorf("the pipe got %.80q, want the export", s)
		}
	case <-time.After(time.Minute):
		t.Fatal("nothing came through the pipe")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", st.Mode(), err)
	}
}

// sasl interrupted (SIGINT) or terminated (SIGTERM) while it writes a
// picture leaves neither the picture nor its temporary file.
func TestSignalWhileWritingLeavesNothing(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			// A picture at scale 4 takes about a second to draw, inside
			// the temporary file's life.
			c, _, errs := saslProcess(t, []string{"SASL_BOARDS="}, "board", "show", "x1", "--png", filepath.Join(dir, "map.png"), "--scale", "4")
			timer := time.AfterFunc(2*time.Minute, func() { c.Process.Kill() })
			defer timer.Stop()
			seen := false
			for deadline := time.Now().Add(time.Minute); !seen && time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
				ents, _ := os.ReadDir(dir)
				seen = len(ents) > 0 && strings.HasPrefix(ents[0].Name(), ".map.png.")
			}
			if !seen {
				c.Process.Kill()
				c.Wait()
				t.Fatalf("no temporary file appeared: %s", errs)
			}
			if err := c.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := c.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("%v: the command finished: %v %s", sig, err, errs)
			}
			if want := 128 + int(sig); c.ProcessState.ExitCode() != want {
				t.Errorf("%v: exit status %d, want %d", sig, c.ProcessState.ExitCode(), want)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("%v: left %v", sig, left)
			}
		})
	}
}

// The lowest and highest levels a board may hold come out of a VASL
// archive into an exported native file that reads back; levels outside
// them are refused when the archive is read, so no file is written.
func TestExportLevelExtremes(t *testing.T) {
	t.Parallel()
	for _, elev := range []int8{-3, 9, -4, 10, -128, 127} {
		dir := t.TempDir()
		vaslArchive(t, dir, "99", 96, 40, elev)
		out := filepath.Join(dir, "bd99.sasl")
		_, err := run(t, "board", "export", "99", "--boards", dir, "-o", out)
		if elev < -3 || elev > 9 {
			want := fmt.Sprintf("vasl: bd99: LOSData: hex A1 is at level %d; a board's levels are -3..9", elev)
			if err == nil || err.Error() != want {
				t.Errorf("level %d: %v, want %q", elev, err, want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("level %d: %s written", elev, out)
			}
			continue
		}
		if err != nil {
			t.Fatalf("level %d: %v", elev, err)
		}
		data, err := os.ReadFile(out)
		if want := fmt.Sprintf("\nA1   open_ground elev=%d\n", elev); err != nil || !strings.Contains(string(data), want) {
			t.Errorf("level %d: the export does not say %q: %v", elev, want, err)
		}
		// bd99.sasl now overrides the archive: it must read back.
		if _, err := run(t, "board", "show", "99", "--boards", dir); err != nil {
			t.Errorf("level %d: the exported file is refused: %v", elev, err)
		}
	}
}
