// Command sasl plays the ENEMY side of Solitaire Advanced Squad Leader on
// real ASL mapboards: it reads VASL board archives, shows and exports their
// terrain, and (in later subcommands) places, enters and moves ENEMY units.
//
// Run "sasl --help" for the commands; every command runs with no flags on
// the built-in demo boards.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/rules/library"
)

// options are the flags every command shares.
type options struct {
	boards string // --boards: the VASL boards folder
}

func (o *options) library() *library.Library { return library.New(o.boards) }

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	o := &options{}
	root := &cobra.Command{
		Use:   "sasl",
		Short: "The ENEMY side of Solitaire ASL, on your own VASL boards",
		Long: `sasl plays the ENEMY side of Solitaire Advanced Squad Leader. It reads the
terrain of real geomorphic mapboards from the VASL board archives (bdNN files)
in your boards folder, or uses its built-in demo boards (` + joinIDs(library.Demo()) + `).`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&o.boards, "boards", "", "folder of VASL board archives (default $"+library.EnvBoards+")")
	root.AddCommand(newPlayCmd(o), newSimCmd(o), newPlaceCmd(o), newEnterCmd(o), newWaveCmd(o), newPathCmd(o), newBoardCmd(o))
	return root
}

func main() {
	root := newRoot(os.Stdout, os.Stderr)
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "sasl:", err)
		os.Exit(1)
	}
}

func joinIDs(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}

// writeFile writes a file through a temporary file in the same folder and
// renames it into place, so that a failure leaves nothing half-written.
func writeFile(path string, write func(io.Writer) error) error {
	// Write through a symbolic link: the link stays, its target changes.
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // a no-op once renamed
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
