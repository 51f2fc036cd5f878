package report

import (
	"encoding/json"
	"testing"

	"github.com/sasl-engine/sasl/state"
)

// The JSON sasl writes of an event reads back: every kind and phase by
// its name, an unknown name an error (table.StepView's events are read
// by Go clients and the tests of sasl serve).
func TestKindAndPhaseReadBack(t *testing.T) {
	for k := Kind(0); k < Kind(len(_Kind_index)-1); k++ {
		b, _ := json.Marshal(k)
		var got Kind
		if err := json.Unmarshal(b, &got); err != nil || got != k {
			t.Errorf("kind %v: %s read back as %v, %v", k, b, got, err)
		}
	}
	for p := state.Setup; p <= state.CCPh; p++ {
		b, _ := json.Marshal(p)
		var got state.Phase
		if err := json.Unmarshal(b, &got); err != nil || got != p {
			t.Errorf("phase %v: %s read back as %v, %v", p, b, got, err)
		}
	}
	var k Kind
	if err := json.Unmarshal([]byte(`"no-such-kind"`), &k); err == nil {
		t.Error("an unknown kind read")
	}
	var p state.Phase
	if err := json.Unmarshal([]byte(`"XPh"`), &p); err == nil {
		t.Error("an unknown phase read")
	}
}
