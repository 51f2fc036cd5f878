package table

import (
	"errors"
	"testing"
	"time"
)

// A Live game (sasl serve's) follows its file: an action on the version
// it stands at is taken and saved, the version moving on; an action on a
// version the file has left is refused with the version to look at; a
// change of the file by another (a command) is read again.
func TestLiveFollowsTheFile(t *testing.T) {
	t.Parallel()
	path := closedDemoGame(t)
	o := Options{Who: "test", Wait: time.Second}
	l, err := OpenLive(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	v0 := l.Version()
	if v, err := FileVersion(path); err != nil || v != v0 || len(v0) != 16 {
		t.Fatalf("version %q, the file's %q (%v)", v0, v, err)
	}
	act := func(version string) error {
		lk, err := l.Lock()
		if err != nil {
			return err
		}
		release, err := l.At(version, lk)
		if err != nil {
			return err
		}
		defer release()
		if _, err := l.Game().Act("next"); err != nil {
			return err
		}
		return l.Save()
	}
	if err := act(v0); err != nil {
		t.Fatal(err)
	}
	v1 := l.Version()
	if v1 == v0 || len(l.Game().Journal()) != 2 {
		t.Fatalf("after a next: version %q (was %q), %d steps", v1, v0, len(l.Game().Journal()))
	}
	var stale *StaleError
	if err := act(v0); !errors.As(err, &stale) || stale.Version != v1 {
		t.Errorf("an action on the old version: %v, want a StaleError naming %q", err, v1)
	}
	if err := l.Check(v0); !errors.As(err, &stale) {
		t.Errorf("a preview on the old version: %v", err)
	}
	// Another plays on the file (as a command does): read again.
	other, err := Open(path, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.DoText("next", nil); err != nil {
		t.Fatal(err)
	}
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	other.Close()
	if changed, err := l.Refresh(); err != nil || !changed || len(l.Game().Journal()) != 3 || l.Version() == v1 {
		t.Errorf("after another's step: changed %v (%v), %d steps, version %q", changed, err, len(l.Game().Journal()), l.Version())
	}
	if changed, err := l.Refresh(); err != nil || changed {
		t.Errorf("refreshed twice: changed %v (%v)", changed, err)
	}
}
