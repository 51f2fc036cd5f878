// Package deploy tests the Kubernetes manifests of deploy/k8s and the
// Dockerfile: every document is decoded strictly into its Kubernetes API
// type (an unknown or duplicated field is an error) and checked for the
// settings sasl sim at scale depends on. It is a module of its own so that
// the Kubernetes modules stay out of sasl's.
package deploy

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// Exit statuses that another try would repeat: sasl's errors (a wrong
// mission, boards, tables or flags; games are deterministic) and a Go
// panic. sasl's status for a failure worth retrying (cmd/sasl/main.go).
var (
	exitRepeats   = []int32{1, 2}
	exitTemporary = int32(75)
)

// objects reads every document of a manifest file strictly into the API
// type of its kind.
func objects(t *testing.T, file string) []any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("k8s", file))
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("%s: document %d: %v", file, i+1, err)
		}
		var obj any
		switch head.APIVersion + " " + head.Kind {
		case "batch/v1 Job":
			obj = &batchv1.Job{}
		case "v1 PersistentVolumeClaim":
			obj = &corev1.PersistentVolumeClaim{}
		case "v1 Pod":
			obj = &corev1.Pod{}
		case " ":
			continue // comments only
		default:
			t.Fatalf("%s: document %d: unexpected %s %s", file, i+1, head.APIVersion, head.Kind)
		}
		if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
			t.Fatalf("%s: document %d (%s): %v", file, i+1, head.Kind, err)
		}
		out = append(out, obj)
	}
	return out
}

func job(t *testing.T, file string) *batchv1.Job {
	t.Helper()
	objs := objects(t, file)
	if len(objs) != 1 {
		t.Fatalf("%s: %d objects, want one Job", file, len(objs))
	}
	j, ok := objs[0].(*batchv1.Job)
	if !ok {
		t.Fatalf("%s: a %T, want a Job", file, objs[0])
	}
	return j
}

// The decoding is strict: a misspelt or repeated field fails, so the
// checks below can fail.
func TestDecodingIsStrict(t *testing.T) {
	for _, doc := range []string{
		"apiVersion: batch/v1\nkind: Job\nspec:\n  completionMod: Indexed\n",
		"apiVersion: batch/v1\nkind: Job\nspec:\n  completions: 2\n  completions: 3\n",
	} {
		if err := yaml.UnmarshalStrict([]byte(doc), &batchv1.Job{}); err == nil {
			t.Errorf("taken:\n%s", doc)
		}
	}
}

// sasl returns the container named sasl and its flags (--k=v or --k v).
func sasl(t *testing.T, j *batchv1.Job) (*corev1.Container, map[string]string) {
	t.Helper()
	cs := j.Spec.Template.Spec.Containers
	i := slices.IndexFunc(cs, func(c corev1.Container) bool { return c.Name == "sasl" })
	if i < 0 {
		t.Fatalf("%s: no container named sasl (the podFailurePolicy names it)", j.Name)
	}
	flags := map[string]string{}
	args := cs[i].Args
	for k := 0; k < len(args); k++ {
		a, ok := strings.CutPrefix(args[k], "--")
		if !ok {
			continue
		}
		if name, v, ok := strings.Cut(a, "="); ok {
			flags[name] = v
		} else if k+1 < len(args) && !strings.HasPrefix(args[k+1], "--") {
			flags[a] = args[k+1]
			k++
		} else {
			flags[a] = "true"
		}
	}
	return &cs[i], flags
}

// mount is the volume mounted at path (or under it) in c, with its source.
func mount(t *testing.T, j *batchv1.Job, c *corev1.Container, path string) (corev1.VolumeMount, corev1.Volume) {
	t.Helper()
	for _, m := range c.VolumeMounts {
		if path == m.MountPath || strings.HasPrefix(path, strings.TrimSuffix(m.MountPath, "/")+"/") {
			for _, v := range j.Spec.Template.Spec.Volumes {
				if v.Name == m.Name {
					return m, v
				}
			}
			t.Fatalf("%s: mount %s names no volume %s", j.Name, m.MountPath, m.Name)
		}
	}
	t.Fatalf("%s: nothing mounted at %s", j.Name, path)
	return corev1.VolumeMount{}, corev1.Volume{}
}

// hasRule says whether the first rule of p that a pod matches is action,
// for a pod of container sasl exiting with exitCode, or of condition.
func hasRule(p *batchv1.PodFailurePolicy, action batchv1.PodFailurePolicyAction, exitCode int32, condition corev1.PodConditionType) bool {
	if p == nil {
		return false
	}
	for _, r := range p.Rules {
		if e := r.OnExitCodes; exitCode != 0 && e != nil && (e.ContainerName == nil || *e.ContainerName == "sasl") {
			in := slices.Contains(e.Values, exitCode)
			if in == (e.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn) {
				return r.Action == action // the first rule that matches decides
			}
		}
		if r.Action != action {
			continue
		}
		if condition != "" && slices.ContainsFunc(r.OnPodConditions, func(c batchv1.PodFailurePolicyOnPodConditionsPattern) bool {
			return c.Type == condition && (c.Status == "" || c.Status == corev1.ConditionTrue)
		}) {
			return true
		}
	}
	return false
}

// checkPod checks what both Jobs need: no restarts in place, not root, the
// boards and the mission read-only.
func checkPod(t *testing.T, j *batchv1.Job, c *corev1.Container, flags map[string]string) {
	t.Helper()
	ps := j.Spec.Template.Spec
	if ps.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("%s: restartPolicy %q, want Never (a podFailurePolicy needs it)", j.Name, ps.RestartPolicy)
	}
	if sc := ps.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
		t.Errorf("%s: the pod may run as root", j.Name)
	}
	if sc := c.SecurityContext; sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		t.Errorf("%s: the container may escalate privileges", j.Name)
	}
	if !hasRule(j.Spec.PodFailurePolicy, batchv1.PodFailurePolicyActionIgnore, 0, corev1.DisruptionTarget) {
		t.Errorf("%s: an evicted pod counts as a failure (want Ignore on DisruptionTarget)", j.Name)
	}
	for _, path := range []string{"/boards", "/mission/mission.yaml"} {
		m, v := mount(t, j, c, path)
		if !m.ReadOnly {
			t.Errorf("%s: %s is mounted read-write", j.Name, path)
		}
		if path == "/boards" && (v.PersistentVolumeClaim == nil || !v.PersistentVolumeClaim.ReadOnly || v.PersistentVolumeClaim.ClaimName != "sasl-boards") {
			t.Errorf("%s: the boards are not the claim sasl-boards, read-only: %+v", j.Name, v.VolumeSource)
		}
	}
}

func TestSimJob(t *testing.T) {
	j := job(t, "sim-job.yaml")
	s := j.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Error("completionMode is not Indexed")
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Completions != *s.Parallelism || *s.Completions < 2 {
		t.Errorf("completions %v, parallelism %v: want both the number of shards", s.Completions, s.Parallelism)
	}
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1 {
		t.Error("no backoffLimitPerIndex: a failed shard is not retried on its own")
	}
	for _, code := range exitRepeats {
		if !hasRule(s.PodFailurePolicy, batchv1.PodFailurePolicyActionFailIndex, code, "") {
			t.Errorf("no FailIndex rule on exit status %d of container sasl: a bad mission is retried", code)
		}
	}
	if hasRule(s.PodFailurePolicy, batchv1.PodFailurePolicyActionFailIndex, exitTemporary, "") {
		t.Errorf("exit status %d (a part not written) fails the index: it is worth a retry", exitTemporary)
	}
	if s.ActiveDeadlineSeconds == nil {
		t.Error("no activeDeadlineSeconds: ignored evictions may retry an index forever")
	}
	if _, flags := sasl(t, j); flags["workers"] == "" {
		t.Error("no --workers: a pod plays on every CPU of its node, not on what it requested")
	}
	c, flags := sasl(t, j)
	if c.Args[0] != "sim" {
		t.Errorf("args %v: want sasl sim", c.Args)
	}
	if n, err := strconv.Atoi(flags["shards"]); err != nil || s.Completions == nil || int32(n) != *s.Completions {
		t.Errorf("--shards %q, completions %v: each index must be a shard", flags["shards"], s.Completions)
	}
	if _, ok := flags["shard"]; ok {
		t.Error("--shard fixes the index; the Job's JOB_COMPLETION_INDEX must choose it")
	}
	if _, err := strconv.ParseUint(flags["seed"], 10, 64); err != nil {
		t.Errorf("--seed %q: without a fixed seed each shard (and each retry) plays another run", flags["seed"])
	}
	if flags["boards"] != "/boards" || flags["mission"] != "/mission/mission.yaml" {
		t.Errorf("--boards %q --mission %q", flags["boards"], flags["mission"])
	}
	m, v := mount(t, j, c, flags["out"])
	if m.ReadOnly || v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ClaimName != "sasl-parts" || v.PersistentVolumeClaim.ReadOnly {
		t.Errorf("--out %s: not on the claim sasl-parts, read-write", flags["out"])
	}
	checkPod(t, j, c, flags)
}

func TestMergeJob(t *testing.T) {
	sim := job(t, "sim-job.yaml")
	j := job(t, "merge-job.yaml")
	c, flags := sasl(t, j)
	simC, simFlags := sasl(t, sim)
	if len(c.Args) < 3 || c.Args[0] != "sim" || c.Args[1] != "merge" || strings.TrimSuffix(c.Args[2], "/") != strings.TrimSuffix(simFlags["out"], "/") {
		t.Errorf("args %v: want sasl sim merge %s", c.Args, simFlags["out"])
	}
	if flags["json"] != "true" {
		t.Error("the merge does not print JSON")
	}
	if c.Image != simC.Image {
		t.Errorf("image %s, the shards' %s: one engine must play and merge", c.Image, simC.Image)
	}
	if _, v := mount(t, j, c, c.Args[2]); v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ClaimName != "sasl-parts" {
		t.Error("the merge does not read the claim sasl-parts")
	}
	if j.Spec.CompletionMode != nil && *j.Spec.CompletionMode == batchv1.IndexedCompletion {
		t.Error("the merge is one pod, not indexed")
	}
	for _, code := range exitRepeats {
		if !hasRule(j.Spec.PodFailurePolicy, batchv1.PodFailurePolicyActionFailJob, code, "") {
			t.Errorf("a missing or foreign part is retried (want FailJob on exit status %d)", code)
		}
	}
	checkPod(t, j, c, flags)
}

func TestStorage(t *testing.T) {
	claims := map[string]*corev1.PersistentVolumeClaim{}
	for _, o := range objects(t, "storage.yaml") {
		pvc, ok := o.(*corev1.PersistentVolumeClaim)
		if !ok {
			t.Fatalf("storage.yaml: a %T", o)
		}
		claims[pvc.Name] = pvc
	}
	parts := claims["sasl-parts"]
	if parts == nil || !slices.Contains(parts.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Error("no claim sasl-parts that pods on many nodes can write at once (ReadWriteMany)")
	}
	if claims["sasl-boards"] == nil {
		t.Error("no claim sasl-boards")
	}
	pods := objects(t, "files-pod.yaml")
	if len(pods) != 1 {
		t.Fatal("files-pod.yaml: want one Pod")
	}
	var mounted []string
	for _, v := range pods[0].(*corev1.Pod).Spec.Volumes {
		if v.PersistentVolumeClaim != nil {
			mounted = append(mounted, v.PersistentVolumeClaim.ClaimName)
		}
	}
	if slices.Sort(mounted); !slices.Equal(mounted, []string{"sasl-boards", "sasl-parts"}) {
		t.Errorf("the files pod mounts %v, want sasl-boards and sasl-parts", mounted)
	}
}

// The Dockerfile: multi-stage, a static binary, a distroless or scratch
// base, not root.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	var froms, user []string
	var cgoOff, entry bool
	for line := range bytes.Lines(data) {
		f := strings.Fields(string(line))
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "FROM":
			froms = append(froms, f[1])
			user = nil
		case "USER":
			user = f[1:]
		case "RUN":
			cgoOff = cgoOff || strings.Contains(string(line), "CGO_ENABLED=0")
		case "ENTRYPOINT":
			entry = strings.Contains(string(line), `["/sasl"]`)
		}
	}
	if len(froms) < 2 {
		t.Errorf("%d stages: want a build stage and a runtime stage", len(froms))
	} else if base := froms[len(froms)-1]; base != "scratch" && !strings.HasPrefix(base, "gcr.io/distroless/static") {
		t.Errorf("runtime base %s: want distroless static or scratch", base)
	}
	if len(user) != 1 || strings.HasPrefix(user[0], "root") || strings.HasPrefix(user[0], "0") {
		t.Errorf("USER %v in the last stage: want a non-root user", user)
	}
	if !cgoOff {
		t.Error("the build does not set CGO_ENABLED=0: the binary may not be static")
	}
	if !entry {
		t.Error(`no ENTRYPOINT ["/sasl"]`)
	}
}
