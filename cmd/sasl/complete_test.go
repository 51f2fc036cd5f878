package main

import (
	"strings"
	"testing"
)

// Flag values complete in the shell: cobra's hidden __complete command is
// what the completion scripts call.
func TestCompletion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"place", "--mission", ""}, []string{"crossroads", "wooded-hill", ":4"}, nil},
		{[]string{"sim", "--mission", "w"}, []string{"wooded-hill"}, []string{"crossroads"}},
		{[]string{"place", "--mission", "./"}, []string{":0"}, []string{"crossroads"}}, // files
		{[]string{"board", "show", "--north", ""}, []string{"up", "right", "down", "left"}, nil},
		{[]string{"path", "--to-edge", "s"}, []string{"south"}, []string{"north"}},
		{[]string{"path", "--weather", ""}, []string{"clear", "saturated", "winter"}, nil},
		{[]string{"play", "new", "--policy", ""}, []string{"hold", "player"}, nil},
		{[]string{"sim", "--heatmap", ""}, []string{"presence", "setup"}, nil},
		{[]string{"board", "show", "x"}, []string{"x1", "x2", "x3"}, nil},
		{[]string{"board", "export", "x1", ""}, []string{":4"}, []string{"x2"}},
		{[]string{"place", "--png", ""}, []string{"png", ":8"}, nil}, // files ending .png
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out := mustRun(t, append([]string{"__complete"}, tt.args...)...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			for _, w := range tt.want {
				if !contains(lines, w) {
					t.Errorf("completions %q lack %q", lines, w)
				}
			}
			for _, w := range tt.not {
				if contains(lines, w) {
					t.Errorf("completions %q offer %q", lines, w)
				}
			}
		})
	}
}
