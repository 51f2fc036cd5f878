package homedir

import (
	"os"
	"path/filepath"
	"testing"
)

func unixSep(c uint8) bool    { return c == '/' }
func windowsSep(c uint8) bool { return c == '/' || c == '\\' }

func TestExpand(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, path, home string
		isSep            func(uint8) bool
		want             string
	}{
		{"alone", "~", "/home/you", unixSep, "/home/you"},
		{"slash", "~/vasl/boards", "/home/you", unixSep, "/home/you/vasl/boards"},
		{"trailing slash", "~/", "/home/you", unixSep, "/home/you/"},
		{"absolute", "/data/boards", "/home/you", unixSep, "/data/boards"},
		{"relative", "vasl/boards", "/home/you", unixSep, "vasl/boards"},
		{"tilde inside", "a/~/b", "/home/you", unixSep, "a/~/b"},
		{"other user", "~bob/boards", "/home/you", unixSep, "~bob/boards"},
		{"a file named ~x", "~x.yaml", "/home/you", unixSep, "~x.yaml"},
		{"backslash is a name on unix", `~\vasl`, "/home/you", unixSep, `~\vasl`},
		{"empty", "", "/home/you", unixSep, ""},
		{"no home", "~/vasl", "", unixSep, "~/vasl"},
		{"windows backslash", `~\Documents\VASL\boards`, `C:\Users\you`, windowsSep, `C:\Users\you\Documents\VASL\boards`},
		{"windows slash", `~/Documents/VASL`, `C:\Users\you`, windowsSep, `C:\Users\you/Documents/VASL`},
		{"windows drive", `D:\VASL\boards`, `C:\Users\you`, windowsSep, `D:\VASL\boards`},
		{"windows other user", `~bob\boards`, `C:\Users\you`, windowsSep, `~bob\boards`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := expand(tt.path, tt.home, tt.isSep); got != tt.want {
				t.Errorf("expand(%q, %q) = %q, want %q", tt.path, tt.home, got, tt.want)
			}
		})
	}
}

// Expand reads this system's home folder and separators: "~/x" and
// "~" + the separator + "x" are the same file under it.
func TestExpandHere(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home folder:", err)
	}
	for _, p := range []string{"~/vasl/boards", "~" + string(filepath.Separator) + filepath.Join("vasl", "boards")} {
		if got, want := filepath.Clean(Expand(p)), filepath.Join(home, "vasl", "boards"); got != want {
			t.Errorf("Expand(%q) = %q, want %q", p, got, want)
		}
	}
	if got := Expand("~"); got != home {
		t.Errorf("Expand(~) = %q, want %q", got, home)
	}
}
