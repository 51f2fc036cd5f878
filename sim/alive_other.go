//go:build !unix && !windows

package sim

// processGone: platforms that cannot ask (js/wasm, wasip1, plan9) leave it
// to the time since the shard last wrote.
func processGone(int) bool { return false }
