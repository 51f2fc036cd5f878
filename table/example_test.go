package table_test

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/table"
)

// A player game of the built-in demo mission: set up in a new game file,
// played on to the first stop where the player acts, written back, and
// opened again where it stood.
func Example() {
	dir, _ := os.MkdirTemp("", "sasl-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "game.yaml")

	w, hdr, err := game.Open("wooded-hill", "", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 5, true, game.PolicyPlayer
	o := table.Options{Wait: 10 * time.Second, Who: "example"}
	t, _, err := table.Create(path, o, false, w, hdr, nil, game.Stops{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := t.Do(game.Command{Verb: game.Next}, nil); err != nil {
		fmt.Println(err)
		return
	}
	if err := t.Save(); err != nil {
		fmt.Println(err)
		return
	}
	t.Close()

	again, err := table.Open(path, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer again.Close()
	v := again.View()
	fmt.Println(v.Mission, "- step", v.Step, "-", v.Where)
	fmt.Println("stop:", v.Stop.Kind, v.Stop.Player, v.Stop.Phase)
	fmt.Println("can:", v.Can)
	fmt.Println("asked:", again.Asked())
	// Output:
	// The wooded hill - step 2 - turn 1, before your PFPh
	// stop: before-phase friendly PFPh
	// can: [undo next set pass fire]
	// asked: your PFPh: Prep Fire (fire --from LOC --at LOC), then next
}
