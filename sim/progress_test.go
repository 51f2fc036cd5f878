package sim

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func FuzzReadProgress(f *testing.F) {
	f.Add([]byte(`{"format":"sasl-sim-progress/2","shard":1,"shards":4,"state":"running","done":3,"games":10}`))
	f.Add([]byte(`{"format":"sasl-sim-progress/2","shard":9,"shards":4,"state":"done"}`))
	f.Add([]byte(`{"format":"sasl-sim-progress/2","run":{"seed":1},"shard":0,"shards":1,"state":"failed","error":"x"}`))
	f.Add([]byte("\x00\xff{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "part-0.progress")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := ReadProgress(path)
		if err == nil && (p.Shard < 0 || p.Shard >= p.Shards) {
			t.Errorf("shard %d of %d accepted", p.Shard, p.Shards)
		}
	})
}

// A progress file says only what a shard could write: counts in order,
// times not to come, words without a terminal's control characters.
func TestReadProgressRefusesNonsense(t *testing.T) {
	t.Parallel()
	now := time.Now().UTC()
	ok := fmt.Sprintf(`"started":%q,"updated":%q`, now.Add(-time.Minute).Format(time.RFC3339Nano), now.Format(time.RFC3339Nano))
	for _, tt := range []struct{ name, body, want string }{
		{"done beyond games", `"done":11,"games":10,` + ok, "11 of 10 games"},
		{"negative", `"done":-1,"games":10,` + ok, "-1 of 10 games"},
		{"from the future", fmt.Sprintf(`"done":1,"games":10,"started":%q,"updated":%q`, now.Format(time.RFC3339), now.Add(24*time.Hour).Format(time.RFC3339)), "updated"},
		{"updated before started", fmt.Sprintf(`"done":1,"games":10,"started":%q,"updated":%q`, now.Format(time.RFC3339), now.Add(-time.Hour).Format(time.RFC3339)), "updated"},
	} {
		path := filepath.Join(t.TempDir(), "part-0.progress")
		os.WriteFile(path, []byte(`{"format":"sasl-sim-progress/2","shard":0,"shards":1,"state":"running",`+tt.body+`}`), 0o644)
		if _, err := ReadProgress(path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	// A progress file of an earlier sasl (format 1: its seed a number) is
	// refused by its format, said as such, not as no progress file.
	old := filepath.Join(t.TempDir(), "part-0.progress")
	os.WriteFile(old, []byte(`{"format":"sasl-sim-progress/1","run":{"seed":5},"shard":0,"shards":1,"state":"running","done":1,"games":10,`+ok+`}`), 0o644)
	if _, err := ReadProgress(old); err == nil || !strings.Contains(err.Error(), `format "sasl-sim-progress/1": this sasl reads "sasl-sim-progress/2"`) {
		t.Errorf("a format 1 file: %v", err)
	}
	path := filepath.Join(t.TempDir(), "part-0.progress")
	os.WriteFile(path, []byte(`{"format":"sasl-sim-progress/2","shard":0,"shards":1,"state":"failed","error":"boom\u001b[2J\u0007 `+strings.Repeat("x", 5000)+`","host":"h\u001b]0;pwned\u0007",`+ok+`}`), 0o644)
	p, err := ReadProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(p.Error+p.Host, "\x1b\x07") || len(p.Error) > 2010 {
		t.Errorf("printed as read: host %q, error of %d bytes %.40q", p.Host, len(p.Error), p.Error)
	}
}
