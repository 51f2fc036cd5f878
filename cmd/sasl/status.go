package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/sim"
)

func newSimStatusCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status FOLDER",
		Short: "Say which shards of a sharded sasl sim run are missing, running, done, failed or interrupted",
		Long: `Read the part files (part-I.json) and the progress files (part-I.progress)
that the shards of a sasl sim run write into their --out folder, and say of
each shard 0..n-1 whether it is done (its part is there), running (games
played of its block, and when it last wrote), failed (with its error; exit
status 75 marks a failure another try may not meet), interrupted (stopped
by SIGINT or SIGTERM: Ctrl-C, a pod evicted; run it again), or missing
(nothing of it yet). Nothing of a scheduler is asked: it works the same for a Slurm job
array, a Kubernetes Indexed Job or shards started by hand. The exit status is
0 once every shard is done, 3 while some are not, 1 on an error.`,
		Example: `  sasl sim status parts/
  watch -n 5 sasl sim status parts/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSimStatus(cmd.OutOrStdout(), args[0], asJSON, time.Now())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the shards' states as JSON")
	return cmd
}

// notDone is the error of sasl sim status while some shard is not done:
// exit status 3, nothing more said.
var notDone = quietError{exit: 3}

// quietError ends sasl with a status and no message.
type quietError struct{ exit int }

func (e quietError) Error() string { return fmt.Sprintf("exit status %d", e.exit) }

func runSimStatus(w io.Writer, folder string, asJSON bool, now time.Time) error {
	s, err := sim.StatusOf(folder)
	if err != nil {
		return err
	}
	run, shards, all, done := s.Run, len(s.Shards), s.Shards, s.Done
	if asJSON {
		err := writeJSON(w, s)
		if err == nil && done < shards {
			err = notDone
		}
		return err
	}
	if run != nil {
		vary := ""
		if run.Vary != "" {
			vary = ", --vary " + run.Vary
		}
		fmt.Fprintf(w, "%s: seed %d, %d games%s, %d shards; mission %s\n", folder, run.Seed, run.Runs, vary, shards, run.Mission)
	} else {
		fmt.Fprintf(w, "%s: %d shards\n", folder, shards)
	}
	for _, s := range all {
		fmt.Fprintf(w, "  shard %d: %s\n", s.Shard, s.Text(now))
	}
	fmt.Fprintf(w, "%d of %d shards done.", done, shards)
	if done == shards {
		fmt.Fprintf(w, " sasl sim merge %s gives the report.\n", folder)
		return nil
	}
	fmt.Fprintln(w)
	return notDone
}
