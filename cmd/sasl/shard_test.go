package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/sim"

	"go.yaml.in/yaml/v3"
)

// TestMain lets a test run this test binary as the sasl command, in its
// own process: SASL_TEST_MAIN=1 runs main with the arguments. With
// SASL_TEST_HWM=FILE the process writes its peak memory into FILE as it
// ends (peakMemory).
func TestMain(m *testing.M) {
	if os.Getenv("SASL_TEST_MAIN") != "1" {
		// The tests read no boards folder of the user's but the ones they
		// name (and the processes they start inherit this), and keep the
		// boards they read in a cache of their own, not the user's.
		os.Unsetenv("SASL_BOARDS")
		cache, err := os.MkdirTemp("", "sasl-cache-")
		if err != nil {
			panic(err)
		}
		os.Setenv(EnvCache, cache)
		code := m.Run()
		os.RemoveAll(cache)
		os.Exit(code)
	}
	if os.Getenv("SASL_TEST_MAIN") == "1" {
		os.Args = append([]string{"sasl"}, os.Args[1:]...)
		code := runMain()
		if f := os.Getenv("SASL_TEST_HWM"); f != "" {
			if status, err := os.ReadFile("/proc/self/status"); err == nil {
				os.WriteFile(f, status, 0o644)
			}
		}
		os.Exit(code)
	}
}

// peakMemory reads the peak resident memory (VmHWM) a sasl process wrote
// as it ended: its own, counted from its exec. (The rusage of a child
// counts the pages it shared with the test binary before exec, so it says
// more about the test binary than about sasl.)
func peakMemory(file string) (int64, bool) {
	status, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// saslCommand is sasl with args as a process of its own, not started; env
// adds to the environment.
func saslCommand(env []string, args ...string) *exec.Cmd {
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "SASL_TEST_MAIN=1")
	// No scheduler's array index from the test's own environment.
	for _, v := range sim.IndexVariables() {
		c.Env = append(c.Env, v+"=")
	}
	c.Env = append(c.Env, env...)
	return c
}

// sasl starts sasl with args as a process of its own; env adds to the
// environment.
func saslProcess(t *testing.T, env []string, args ...string) (*exec.Cmd, *lockedBuffer, *lockedBuffer) {
	t.Helper()
	c := saslCommand(env, args...)
	var out, errs lockedBuffer
	c.Stdout, c.Stderr = &out, &errs
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	return c, &out, &errs
}

// lockedBuffer is a buffer a running process writes to (exec copies its
// output in a goroutine of its own) that a test may read at any time: a
// bytes.Buffer read then is a data race.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedBuffer) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Clone(l.b.Bytes())
}

func (l *lockedBuffer) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Len()
}

// runProcess runs sasl in a process and returns stdout, stderr and the
// exit status.
func runProcess(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	c, out, errs := saslProcess(t, env, args...)
	err := c.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return out.String(), errs.String(), c.ProcessState.ExitCode()
}

// Three shards run as separate processes at once, one of them told its
// index by JOB_COMPLETION_INDEX as a Kubernetes Indexed Job does; merged,
// they print the unsharded run's report byte for byte, sweep included.
func TestShardsAsProcessesMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	run := []string{"sim", "--runs", "20", "--seed", "6", "--vary", "human_wave.1.turn=2,4"}
	shards := []struct {
		env  []string
		args []string
	}{
		{nil, []string{"--shard", "0/3", "--out", dir}},
		{[]string{"JOB_COMPLETION_INDEX=1"}, []string{"--shards", "3", "--out", dir}},
		{nil, []string{"--shard", "2/3", "--out", filepath.Join(dir, "part-2.json"), "--workers", "1"}},
	}
	type proc struct {
		c         *exec.Cmd
		out, errs *lockedBuffer
	}
	var procs []proc
	for _, s := range shards {
		c, out, errs := saslProcess(t, s.env, append(append([]string{}, run...), s.args...)...)
		procs = append(procs, proc{c, out, errs})
	}
	for i, p := range procs {
		if err := p.c.Wait(); err != nil {
			t.Fatalf("shard %d: %v\n%s", i, err, p.errs)
		}
		if !strings.Contains(p.out.String(), "part written to") {
			t.Errorf("shard %d says %q", i, p.out)
		}
	}
	whole := mustRun(t, append(append([]string{}, run...), "--json")...)
	merged, errs, code := runProcess(t, nil, "sim", "merge", dir, "--json")
	if code != 0 || merged != whole {
		t.Fatalf("merged (exit %d, %s):\n%.300s\nwhole:\n%.300s", code, errs, merged, whole)
	}
	if text := mustRun(t, "sim", "merge", dir); text != mustRun(t, run...) {
		t.Errorf("the merged text report differs from the unsharded one:\n%s", text)
	}
	png := filepath.Join(t.TempDir(), "sweep.png")
	mustRun(t, "sim", "merge", filepath.Join(dir, "part-0.json"), filepath.Join(dir, "part-1.json"), filepath.Join(dir, "part-2.json"), "--png", png)
	if st, err := os.Stat(png); err != nil || st.Size() < 1000 {
		t.Errorf("merge --png: %v", err)
	}

	// A shard missing, or given twice: exit status 1 and a message naming it.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{filepath.Join(dir, "part-0.json"), filepath.Join(dir, "part-2.json")}, "1 of 3 shards missing: shard 1 (2 part files given)"},
		{[]string{dir, filepath.Join(dir, "part-1.json")}, "part-1.json and " + filepath.Join(dir, "part-1.json") + " are both shard 1 of 3"},
	} {
		_, errs, code := runProcess(t, nil, append([]string{"sim", "merge"}, c.args...)...)
		if code != 1 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("merge %v: exit %d, %q; want exit 1 and one line with %q", c.args, code, errs, c.want)
		}
	}
}

// progressTemp is the name of a temporary file of part-0's progress
// (package atomicfile's ".NAME.123").
var progressTemp = regexp.MustCompile(`^\.part-0\.progress\.[0-9]+$`)

// A shard killed while it plays leaves no part file (and no temporary
// file of one), only its progress: the Job simply runs its index again.
// SIGTERM (an eviction) the same, with exit status 143, and no temporary
// file at all.
func TestKilledShardLeavesNoPart(t *testing.T) {
	t.Parallel()
	for _, sig := range []os.Signal{os.Kill, syscall.SIGTERM} {
		dir := t.TempDir()
		c, _, errs := saslProcess(t, nil, "sim", "--runs", "10000000", "--seed", "1", "--shard", "0/2", "--out", dir)
		waitCPU(t, c.Process.Pid, 300*time.Millisecond) // well into the games: 5,000,000 take an hour
		if err := c.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := c.Wait()
		if err == nil {
			t.Fatalf("%v: the shard finished: %s", sig, errs)
		}
		if sig == syscall.SIGTERM && c.ProcessState.ExitCode() != 143 {
			t.Errorf("SIGTERM: exit status %d, want 143", c.ProcessState.ExitCode())
		}
		// Only its progress file, which says how far it came. A SIGKILL
		// in the instant the progress is written (once a second, synced
		// before its rename) may leave that write's temporary file, which
		// merge and status ignore: nothing can stop a SIGKILL. On a busy
		// machine the 300 ms of CPU take seconds, and it did, 2 runs in 65.
		left, _ := os.ReadDir(dir)
		var names []string
		for _, e := range left {
			if n := e.Name(); sig != os.Kill || !progressTemp.MatchString(n) {
				names = append(names, n)
			}
		}
		if len(names) != 1 || names[0] != "part-0.progress" {
			t.Errorf("%v: left %v", sig, left)
		}
	}
}

// waitCPU waits until process pid has run for cpu (the startup of a demo
// sim takes some 0.1 s), reading its times from /proc: so that a test
// kills it while it plays, however busy the machine, and no sooner. Where
// there is no /proc it waits a second.
func waitCPU(t *testing.T, pid int, cpu time.Duration) {
	t.Helper()
	path := fmt.Sprintf("/proc/%d/stat", pid)
	if _, err := os.Stat(path); err != nil {
		time.Sleep(time.Second)
		return
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("the process ended before it played: %v", err)
		}
		// Fields 14 and 15 (utime, stime), after the command in parentheses.
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) < 13 {
			t.Fatalf("%s: %q", path, stat)
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		if time.Duration(u+s)*10*time.Millisecond >= cpu { // clock ticks of 100 Hz
			return
		}
	}
	t.Fatalf("the process used less than %v of CPU in a minute", cpu)
}

// Each scheduler's index variable drives the shard --shard i/n plays: the
// same part, byte for byte; the Slurm array's and the Google Cloud Batch
// job's size must be --shards, and two variables must agree.
func TestShardIndexVariables(t *testing.T) {
	t.Parallel()
	run := []string{"sim", "--runs", "40", "--seed", "3", "--shards", "4"}
	ref := t.TempDir()
	mustRun(t, "sim", "--runs", "40", "--seed", "3", "--shard", "2/4", "--out", ref+"/")
	want, err := os.ReadFile(filepath.Join(ref, "part-2.json"))
	if err != nil {
		t.Fatal(err)
	}
	envs := [][]string{
		{"JOB_COMPLETION_INDEX=2"},
		{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=3", "SLURM_ARRAY_TASK_COUNT=4"},
		{"AWS_BATCH_JOB_ARRAY_INDEX=2"},
		{"BATCH_TASK_INDEX=2", "BATCH_TASK_COUNT=4"},
		// The long run (longrun) plays these too: Slurm's index alone,
		// and two variables that agree.
		{"SLURM_ARRAY_TASK_ID=2"},
		{"JOB_COMPLETION_INDEX=2", "SLURM_ARRAY_TASK_ID=2"},
	}
	for _, env := range envs[:longrun.Choose(6, 4)] {
		dir := t.TempDir()
		out, errs, code := runProcess(t, env, append(run, "--out", dir+"/")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", env, code, errs)
		}
		if !strings.Contains(out, "Shard 2 of 4") {
			t.Errorf("%v: %q", env, out)
		}
		if got, err := os.ReadFile(filepath.Join(dir, "part-2.json")); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%v: the part differs from --shard 2/4's (%v)", env, err)
		}
	}
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4"}, "$SLURM_ARRAY_TASK_MIN is \"1\", want 0: submit the array as sbatch --array=0-3"},
		{[]string{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_COUNT=8"}, "$SLURM_ARRAY_TASK_COUNT is \"8\", want 4"},
		{[]string{"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MAX=6", "SLURM_ARRAY_TASK_COUNT=4"}, "$SLURM_ARRAY_TASK_MAX is \"6\", want 3"},
		{[]string{"SLURM_ARRAY_TASK_ID=4"}, "$SLURM_ARRAY_TASK_ID is \"4\": want 0 to 3"},
		{[]string{"BATCH_TASK_INDEX=1", "BATCH_TASK_COUNT=3"}, "$BATCH_TASK_COUNT is \"3\", want 4"},
		{[]string{"JOB_COMPLETION_INDEX=1", "AWS_BATCH_JOB_ARRAY_INDEX=2"}, "$JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is 1 but $AWS_BATCH_JOB_ARRAY_INDEX (an AWS Batch array job) is 2"},
	} {
		dir := t.TempDir()
		out, errs, code := runProcess(t, c.env, append(run, "--out", dir+"/")...)
		if code != 1 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, %q; want exit 1 and %q", c.env, code, errs, c.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%v: a refused shard left %d files", c.env, len(ents))
		}
	}
}

// Errors exit with status 1 (a Job's podFailurePolicy fails the index
// without retrying it), in one line, before any game is played.
func TestSimExitStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	other := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(other, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--runs", "0"}, "--runs 0"},
		{[]string{"sim", "--no-such-flag"}, "unknown flag"},
		{[]string{"sim", "--mission", filepath.Join(dir, "none.yaml"), "--seed", "1", "--shards", "4", "--out", dir}, "$JOB_COMPLETION_INDEX"},
		{[]string{"sim", "--mission", filepath.Join(dir, "none.yaml"), "--seed", "1", "--shard", "1/4", "--out", dir}, "none.yaml"},
		{[]string{"sim", "--seed", "1", "--shard", "1/4"}, "give --out"},
		{[]string{"sim", "--shard", "1/4", "--out", dir}, "a shard needs --seed"},
		{[]string{"sim", "--seed", "1", "--shards", "0", "--out", dir}, "--shards 0"},
		{[]string{"sim", "--seed", "1", "--shard", "1/4", "--out", dir, "--png", "x.png"}, "no pictures"},
		{[]string{"sim", "--seed", "1", "--shard", "1/4", "--out", dir, "--heatmap", "setup"}, "no pictures"},
		{[]string{"sim", "--seed", "1", "--shard", "1/4", "--out", dir, "--ci", "0.1"}, "--ci"},
		{[]string{"sim", "--seed", "1", "--runs", "3", "--shard", "1/4", "--out", dir}, "every shard needs a game"},
		{[]string{"sim", "--seed", "1", "--shard", "1/4", "--out", filepath.Join(dir, "no", "p.json")}, "no folder"},
		{[]string{"sim", "--seed", "1", "--shard", "1/4", "--out", other}, "notes.txt is there and is not a part file"},
		{[]string{"sim", "--seed", "1", "--shards", "4", "--out", filepath.Join(dir, "p.json")}, "--out names a folder"},
		{[]string{"sim", "merge", "/dev/zero"}, "/dev/zero: not a regular file"},
		{[]string{"sim", "merge", dir}, "no part-*.json files"},
		{[]string{"sim", "merge"}, "requires at least 1 arg"},
		{[]string{"path", "Q7", "R6", "S5"}, "accepts between 1 and 2 arg(s)"},
	} {
		env := []string{"JOB_COMPLETION_INDEX="}
		if strings.Contains(c.want, "names a folder") {
			env = []string{"JOB_COMPLETION_INDEX=1"}
		}
		out, errs, code := runProcess(t, env, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("sasl %s: exit %d, stdout %q, stderr %q; want exit 1 and one line with %q", strings.Join(c.args, " "), code, out, errs, c.want)
		}
	}
	if b, _ := os.ReadFile(other); string(b) != "my notes\n" {
		t.Error("a file that is not a part was overwritten")
	}
	if exitStatus(temporary{errors.New("disk full")}) != 75 || exitStatus(errors.New("x")) != 1 {
		t.Error("exit statuses")
	}
}

// The Jobs of deploy/k8s run this sasl: the Indexed Job's arguments, one
// index after another told its index by JOB_COMPLETION_INDEX, then the
// merge Job's arguments, give the unsharded report (the mission, boards,
// games and folder replaced by a demo's).
func TestKubernetesJobArgs(t *testing.T) {
	// not parallel: it sets JOB_COMPLETION_INDEX as a Job does
	args := func(file string) []string {
		data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "k8s", file))
		if err != nil {
			t.Fatal(err)
		}
		var job struct {
			Spec struct {
				Completions int
				Template    struct {
					Spec struct {
						Containers []struct{ Args []string }
					}
				}
			}
		}
		if err := yaml.Unmarshal(data, &job); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		return job.Spec.Template.Spec.Containers[0].Args
	}
	dir := t.TempDir()
	var shard, shards []string
	for _, a := range args("sim-job.yaml") {
		switch {
		case strings.HasPrefix(a, "--mission="):
			a = "--mission=crossroads"
		case strings.HasPrefix(a, "--boards="):
			continue
		case strings.HasPrefix(a, "--runs="):
			a = "--runs=45"
		case strings.HasPrefix(a, "--out="):
			a = "--out=" + filepath.Join(dir, "parts") + "/"
		case strings.HasPrefix(a, "--shards="):
			shards = append(shards, a)
			if !longrun.Enabled() {
				a = "--shards=4" // each shard sets its mission up: the Job's 20 in the long run
				shards[len(shards)-1] = a
			}
		}
		shard = append(shard, a)
	}
	n, err := strconv.Atoi(strings.TrimPrefix(shards[0], "--shards="))
	if err != nil || len(shards) != 1 {
		t.Fatalf("the Job's --shards: %v", shards)
	}
	for i := range n {
		t.Setenv("JOB_COMPLETION_INDEX", strconv.Itoa(i))
		mustRun(t, shard...)
	}
	merge := args("merge-job.yaml")
	merge[2] = filepath.Join(dir, "parts")
	got := mustRun(t, merge...)
	var seed string
	for _, a := range shard {
		if s, ok := strings.CutPrefix(a, "--seed="); ok {
			seed = s
		}
	}
	if want := mustRun(t, "sim", "--mission", "crossroads", "--runs", "45", "--seed", seed, "--json"); got != want {
		t.Errorf("the Jobs' report:\n%.200s\nthe unsharded run's:\n%.200s", got, want)
	}
}
