package alloc

import "testing"

var sink []byte

// Bytes counts what f allocates, at least its bytes, and not what it does
// not.
func TestBytes(t *testing.T) {
	if n := Bytes(3, func() { sink = make([]byte, 1<<20) }); n < 1<<20 || n > 1<<20+64<<10 {
		t.Errorf("a 1 MiB slice: %d bytes", n)
	}
	if n := Bytes(3, func() {}); n > 1024 {
		t.Errorf("nothing: %d bytes", n)
	}
}
