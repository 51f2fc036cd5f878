package sim

import (
	"os"
	"path/filepath"
	"testing"
)

func FuzzReadProgress(f *testing.F) {
	f.Add([]byte(`{"format":"sasl-sim-progress/1","shard":1,"shards":4,"state":"running","done":3,"games":10}`))
	f.Add([]byte(`{"format":"sasl-sim-progress/1","shard":9,"shards":4,"state":"done"}`))
	f.Add([]byte(`{"format":"sasl-sim-progress/1","run":{"seed":1},"shard":0,"shards":1,"state":"failed","error":"x"}`))
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
