package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// goreleaser is the GoReleaser the README's release commands run.
const goreleaser = "github.com/goreleaser/goreleaser/v2@v2.15.1"

// releaseTargets are the systems the release archives are for: the
// players' Windows, macOS (Apple silicon) and Linux.
var releaseTargets = []string{"darwin/arm64", "linux/amd64", "windows/amd64"}

// goTarget is a GOOS and GOARCH of the release config.
type goTarget struct {
	Goos   string `yaml:"goos"`
	Goarch string `yaml:"goarch"`
}

// releaseConfig is the part of .goreleaser.yaml the tests hold to.
type releaseConfig struct {
	Version int `yaml:"version"`
	Builds  []struct {
		Main    string     `yaml:"main"`
		Binary  string     `yaml:"binary"`
		Env     []string   `yaml:"env"`
		Flags   []string   `yaml:"flags"`
		Ldflags []string   `yaml:"ldflags"`
		Goos    []string   `yaml:"goos"`
		Goarch  []string   `yaml:"goarch"`
		Targets []string   `yaml:"targets"`
		Ignore  []goTarget `yaml:"ignore"`
	} `yaml:"builds"`
	Archives []struct {
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string   `yaml:"goos"`
			Formats []string `yaml:"formats"`
		} `yaml:"format_overrides"`
		Files []string `yaml:"files"`
	} `yaml:"archives"`
	Release struct {
		Disable bool `yaml:"disable"`
	} `yaml:"release"`
}

func readReleaseConfig(t *testing.T) releaseConfig {
	t.Helper()
	data, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c releaseConfig
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	return c
}

// The release config builds cmd/sasl for exactly the three systems,
// statically and without the builder's paths, archives each with the
// README and LICENSE (a zip for Windows), and publishes nothing; and each
// target's packages resolve under its GOOS and GOARCH (go list: the files
// of each system are there, without a cross build's minutes).
func TestReleaseConfig(t *testing.T) {
	t.Parallel()
	c := readReleaseConfig(t)
	if c.Version != 2 {
		t.Errorf(".goreleaser.yaml: version %d, want 2 (GoReleaser v2)", c.Version)
	}
	if len(c.Builds) != 1 {
		t.Fatalf(".goreleaser.yaml: %d builds, want the one of cmd/sasl", len(c.Builds))
	}
	b := c.Builds[0]
	if b.Main != "./cmd/sasl" || b.Binary != "sasl" {
		t.Errorf("build: main %q, binary %q; want ./cmd/sasl, sasl", b.Main, b.Binary)
	}
	if ld := strings.Join(b.Ldflags, " "); !strings.Contains(ld, "-X main.version=") || !strings.Contains(ld, "-X main.commit=") {
		t.Errorf("build: ldflags %q; want -X main.version= and -X main.commit= (sasl --version names a release by them)", ld)
	}
	if !slices.Contains(b.Env, "CGO_ENABLED=0") || !slices.Contains(b.Flags, "-trimpath") {
		t.Errorf("build: env %v, flags %v; want CGO_ENABLED=0 and -trimpath", b.Env, b.Flags)
	}
	if len(b.Targets) > 0 {
		t.Errorf("build: targets %v: give goos, goarch and ignore, which this test reads", b.Targets)
	}
	var targets []string
	for _, os := range b.Goos {
		for _, arch := range b.Goarch {
			if !slices.Contains(b.Ignore, goTarget{os, arch}) {
				targets = append(targets, os+"/"+arch)
			}
		}
	}
	slices.Sort(targets)
	if !slices.Equal(targets, releaseTargets) {
		t.Errorf("build targets %v, want %v", targets, releaseTargets)
	}
	if len(c.Archives) != 1 {
		t.Fatalf("%d archives, want one", len(c.Archives))
	}
	a := c.Archives[0]
	if !slices.Equal(a.Formats, []string{"tar.gz"}) || len(a.FormatOverrides) != 1 || a.FormatOverrides[0].Goos != "windows" || !slices.Equal(a.FormatOverrides[0].Formats, []string{"zip"}) {
		t.Errorf("archives: formats %v, overrides %+v; want tar.gz, zip for windows", a.Formats, a.FormatOverrides)
	}
	for _, f := range []string{"README.md", "LICENSE"} {
		if !slices.Contains(a.Files, f) {
			t.Errorf("archives: files %v lack %s", a.Files, f)
		}
		if _, err := os.Stat(filepath.Join("../..", f)); err != nil {
			t.Error(err)
		}
	}
	if !c.Release.Disable {
		t.Error("release: publishing is on; the config builds archives only (release: disable: true)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH: the targets' packages are not listed")
	}
	for _, target := range targets {
		goos, goarch, _ := strings.Cut(target, "/")
		cmd := exec.Command(goCmd, "list", "-deps", "./cmd/sasl")
		cmd.Dir = "../.."
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOOS=%s GOARCH=%s go list -deps ./cmd/sasl: %v\n%s", goos, goarch, err, out)
		} else if !strings.Contains(string(out), "github.com/sasl-engine/sasl/cmd/sasl\n") {
			t.Errorf("GOOS=%s GOARCH=%s go list: no cmd/sasl in\n%.500s", goos, goarch, out)
		}
	}
}

// With SASL_RELEASE_TEST=1: GoReleaser checks the config and builds the
// snapshot archives (into a temporary dist), each holding the binary,
// the README and the LICENSE, with checksums.txt; the Linux binary runs.
// It takes minutes (three cross builds; GoReleaser itself is built by go
// run the first time).
func TestRelease(t *testing.T) {
	if os.Getenv("SASL_RELEASE_TEST") != "1" {
		t.Skip("SASL_RELEASE_TEST=1 runs GoReleaser's check and snapshot build (minutes)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dist := t.TempDir()
	cfg, err := os.ReadFile(filepath.Join(repo, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// The same config, writing into the temporary dist.
	config := filepath.Join(t.TempDir(), "goreleaser.yaml")
	if err := os.WriteFile(config, append(cfg, fmt.Sprintf("\ndist: %q\n", dist)...), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	env := slices.DeleteFunc(os.Environ(), func(e string) bool { return strings.HasPrefix(e, "GOFLAGS=") })
	for _, args := range [][]string{
		{"check", "--config", filepath.Join(repo, ".goreleaser.yaml")},
		{"release", "--snapshot", "--clean", "--skip=publish", "--config", config},
	} {
		cmd := exec.CommandContext(ctx, goCmd, append([]string{"run", goreleaser}, args...)...)
		cmd.Dir, cmd.Env = repo, env
		start := time.Now()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("goreleaser %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		t.Logf("goreleaser %s: %v", args[0], time.Since(start).Round(time.Second))
	}
	sums, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range releaseTargets {
		goos, goarch, _ := strings.Cut(target, "/")
		ext, bin := ".tar.gz", "sasl"
		if goos == "windows" {
			ext, bin = ".zip", "sasl.exe"
		}
		found, _ := filepath.Glob(filepath.Join(dist, "sasl_*_"+goos+"_"+goarch+ext))
		if len(found) != 1 {
			t.Errorf("%s: archives %v, want one sasl_VERSION_%s_%s%s", target, found, goos, goarch, ext)
			continue
		}
		archive := found[0]
		st, _ := os.Stat(archive)
		t.Logf("%s: %s, %d bytes", target, filepath.Base(archive), st.Size())
		if !strings.Contains(string(sums), "  "+filepath.Base(archive)+"\n") {
			t.Errorf("checksums.txt does not list %s", filepath.Base(archive))
		}
		names := archiveNames(t, archive)
		for _, want := range []string{bin, "README.md", "LICENSE"} {
			if !slices.Contains(names, want) {
				t.Errorf("%s holds %v, not %s", filepath.Base(archive), names, want)
			}
		}
	}
	linux, _ := filepath.Glob(filepath.Join(dist, "sasl_linux_amd64*", "sasl"))
	if len(linux) == 1 {
		out, err := exec.Command(linux[0], "--version").CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "sasl v0.") || !strings.Contains(string(out), "-snapshot ") {
			t.Errorf("%s --version: %v %s", linux[0], err, out)
		}
		t.Logf("the Linux build says: %s", strings.TrimSpace(string(out)))
	} else {
		t.Errorf("the Linux binary: %v", linux)
	}
}

// archiveNames lists the files of a .zip or .tar.gz.
func archiveNames(t *testing.T, path string) []string {
	t.Helper()
	var names []string
	if strings.HasSuffix(path, ".zip") {
		z, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer z.Close()
		for _, f := range z.File {
			names = append(names, f.Name)
		}
		return names
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
}

// A release build names its version with a "v", and its commit.
func TestReleaseVersion(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ version, commit, want string }{
		{"1.2.0", "0123abc", "v1.2.0 0123abc"},
		{"v1.2.0", "0123abc", "v1.2.0 0123abc"},
		{"0.0.1-snapshot", "0123abc+dirty", "v0.0.1-snapshot 0123abc+dirty"},
		{"1.2.0", "", "v1.2.0 unknown-commit"},
		{"0.0.1-snapshot", "none", "v0.0.1-snapshot unknown-commit"}, // GoReleaser with no git state
	} {
		if got := releaseVersion(tt.version, tt.commit); got != tt.want {
			t.Errorf("releaseVersion(%q, %q) = %q, want %q", tt.version, tt.commit, got, tt.want)
		}
	}
}
