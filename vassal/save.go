package vassal

import (
	"archive/zip"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/sasl-engine/sasl/internal/regfile"
)

// Limits on what a save may hold: a real one is a few megabytes.
const (
	maxFile    = 256 << 20 // the .vsav itself
	maxEntry   = 64 << 20  // one entry, uncompressed
	maxEntries = 64
	maxTotal   = 128 << 20 // all entries, uncompressed
)

// Obfuscation is how a savedGame entry is written (VASSAL's
// ObfuscatingOutputStream and DeobfuscatingInputStream).
type Obfuscation uint8

const (
	// Plain: the command list as it is; every VASSAL reads it.
	Plain Obfuscation = iota
	// VCSK: "!VCSK", a key byte in two hex digits, then each byte XORed
	// with the key in two hex digits (VASSAL up to 3.7).
	VCSK
	// VOBS: "VOBS", a raw key byte, then the raw XORed bytes (VASSAL 3.8).
	VOBS
)

func (o Obfuscation) String() string { return [...]string{"plain", "!VCSK", "VOBS"}[o] }

// entry is one ZIP entry of a save, uncompressed, with what its header
// said.
type entry struct {
	name     string
	method   uint16
	modified time.Time
	data     []byte
}

// Save is a VASL saved game.
type Save struct {
	// Name is the file it was read from, for errors.
	Name string
	// Module, ModuleVersion, VassalVersion: what moduledata says.
	Module, ModuleVersion, VassalVersion string
	// Obfuscation and Key: how savedGame was written.
	Obfuscation Obfuscation
	Key         byte
	// Content is savedGame's command list, deobfuscated.
	Content []byte
	entries []entry
}

// Open reads the save in file name.
func Open(name string) (*Save, error) {
	// Opened without waiting: a named pipe nobody writes to would block
	// the open itself; it is then refused as no regular file.
	f, size, err := regfile.Open(name)
	if errors.Is(err, regfile.ErrNotRegular) {
		return nil, fmt.Errorf("%s: not a regular file: a VASL save is a .vsav file", name)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, size, name)
}

// Read reads a save of size bytes from r; name is for errors.
func Read(r io.ReaderAt, size int64, name string) (*Save, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%s: not a VASL save: "+format, append([]any{name}, a...)...)
	}
	if size > maxFile {
		return nil, bad("%d bytes, more than a save holds (%d MiB)", size, maxFile>>20)
	}
	z, err := zip.NewReader(r, size)
	if err != nil {
		return nil, bad("not a ZIP archive (%v)", err)
	}
	if len(z.File) > maxEntries {
		return nil, bad("%d entries in the archive, more than a save has", len(z.File))
	}
	s := &Save{Name: name}
	total := 0
	var saved, module []byte
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			return nil, bad("entry %s: %v", f.Name, err)
		}
		data, err := io.ReadAll(io.LimitReader(rc, maxEntry+1))
		rc.Close()
		if err != nil {
			return nil, bad("entry %s: %v", f.Name, err)
		}
		if len(data) > maxEntry {
			return nil, bad("entry %s unpacks to more than %d MiB", f.Name, maxEntry>>20)
		}
		if total += len(data); total > maxTotal {
			return nil, bad("its entries unpack to more than %d MiB", maxTotal>>20)
		}
		s.entries = append(s.entries, entry{f.Name, f.Method, f.Modified, data})
		switch f.Name {
		case "savedGame":
			if saved != nil {
				// Which one VASSAL plays is the ZIP reader's choice.
				return nil, bad("two savedGame entries: not a save VASSAL writes")
			}
			saved = data
		case "moduledata":
			module = data
		}
	}
	if saved == nil {
		return nil, bad("no savedGame entry")
	}
	if s.Content, s.Obfuscation, s.Key, err = Deobfuscate(saved); err != nil {
		return nil, bad("savedGame: %v", err)
	}
	if !bytes.HasPrefix(s.Content, []byte("begin_save")) {
		return nil, bad("savedGame does not begin with begin_save: a mis-keyed or damaged save")
	}
	s.Module, s.ModuleVersion, s.VassalVersion = moduleData(module)
	return s, nil
}

var (
	moduleName    = regexp.MustCompile(`<name>([^<]*)</name>`)
	moduleVersion = regexp.MustCompile(`<version>([^<]*)</version>`)
	vassalVersion = regexp.MustCompile(`<VassalVersion>([^<]*)</VassalVersion>`)
)

// moduleData reads the module's name and version and VASSAL's from the
// moduledata entry.
func moduleData(b []byte) (name, version, vassal string) {
	get := func(re *regexp.Regexp) string {
		if m := re.FindSubmatch(b); m != nil {
			return string(m[1])
		}
		return ""
	}
	return get(moduleName), get(moduleVersion), get(vassalVersion)
}

// Deobfuscate returns the content of a savedGame entry and how it was
// obfuscated.
func Deobfuscate(b []byte) (content []byte, o Obfuscation, key byte, err error) {
	switch {
	case bytes.HasPrefix(b, []byte("!VCSK")):
		b = b[5:]
		if len(b) < 2 || len(b)%2 != 0 {
			return nil, VCSK, 0, errors.New("!VCSK: an odd number of hex digits: truncated")
		}
		raw := make([]byte, len(b)/2)
		if _, err := hex.Decode(raw, b); err != nil {
			return nil, VCSK, 0, fmt.Errorf("!VCSK: %v", err)
		}
		key = raw[0]
		for i := range raw[1:] {
			raw[i+1] ^= key
		}
		return raw[1:], VCSK, key, nil
	case bytes.HasPrefix(b, []byte("VOBS")):
		b = b[4:]
		if len(b) < 1 {
			return nil, VOBS, 0, errors.New("VOBS: no key byte: truncated")
		}
		key = b[0]
		raw := bytes.Clone(b[1:])
		for i := range raw {
			raw[i] ^= key
		}
		return raw, VOBS, key, nil
	}
	return bytes.Clone(b), Plain, 0, nil
}

// Obfuscate writes content as o with key: Deobfuscate's inverse.
func Obfuscate(content []byte, o Obfuscation, key byte) []byte {
	switch o {
	case VCSK:
		out := make([]byte, 0, 7+2*len(content))
		out = append(out, "!VCSK"...)
		out = hex.AppendEncode(out, []byte{key})
		for _, c := range content {
			out = hex.AppendEncode(out, []byte{c ^ key})
		}
		return out
	case VOBS:
		out := append([]byte("VOBS"), key)
		for _, c := range content {
			out = append(out, c^key)
		}
		return out
	}
	return bytes.Clone(content)
}

// Write writes the save: every entry as it was read, savedGame from
// Content obfuscated as it was.
func (s *Save) Write(w io.Writer) error {
	z := zip.NewWriter(w)
	for _, e := range s.entries {
		data := e.data
		if e.name == "savedGame" {
			data = Obfuscate(s.Content, s.Obfuscation, s.Key)
		}
		f, err := z.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method, Modified: e.modified})
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			return err
		}
	}
	return z.Close()
}

// Entry returns the uncompressed bytes of entry name as read, and whether
// the save has it.
func (s *Save) Entry(name string) ([]byte, bool) {
	for _, e := range s.entries {
		if e.name == name {
			return e.data, true
		}
	}
	return nil, false
}
