package deploy

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The Slurm job array and its merge (deploy/slurm) on a real one-node
// cluster on localhost: slurm/e2e.sh starts munged, slurmctld and slurmd
// in a private folder, plays the four-board mission in four array tasks,
// requeues one mid-run, fails one, checks the merges byte for byte against
// the unsharded run, and stops every daemon it started. A long test (about
// a minute, 24 s of CPU): run with SASL_LONG=1, as .ci/run does (this
// module cannot import internal/testkit/longrun). Skipped where Debian's
// Slurm is not installed (.ci/run installs it) or the real boards are not
// there.
func TestSlurmEndToEnd(t *testing.T) {
	if os.Getenv("SASL_LONG") == "" {
		t.Skip("a long test: SASL_LONG=1 runs it (.ci/run does)")
	}
	for _, c := range []string{"slurmctld", "slurmd", "sbatch", "munged", "mungekey"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("%s is not installed (Debian: slurmctld slurmd slurm-client munge; .ci/run installs them)", c)
		}
	}
	// The boards as internal/testkit/testshared finds them (this module cannot
	// import it): $SASL_TEST_BOARDS, else vasl/boards of $SASL_SHARED,
	// else of ../shared; a relative path from the repository's root.
	boards := os.Getenv("SASL_TEST_BOARDS")
	if boards == "" {
		shared := os.Getenv("SASL_SHARED")
		if shared == "" {
			shared = filepath.Join("..", "shared")
		}
		boards = filepath.Join(shared, "vasl", "boards")
	}
	if !filepath.IsAbs(boards) {
		boards = filepath.Join("..", boards)
	}
	abs, err := filepath.Abs(boards)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		t.Skipf("no real VASL boards at %s", abs)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join("slurm", "e2e.sh"), abs)
	// On the deadline the script is stopped with SIGTERM: its trap stops
	// the daemons it started.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 20 * time.Second
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("slurm/e2e.sh: %v", err)
	}
	if !strings.Contains(string(out), "slurm-e2e: PASS") {
		t.Fatal("slurm/e2e.sh did not say PASS")
	}
}
