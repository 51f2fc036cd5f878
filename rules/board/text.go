package board

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Magic is the first line of a native board file; the number is the format
// version.
const Magic = "sasl-board 1"

// The native board format is text, one hex a line, so that a diff shows the
// hexes that changed:
//
//	sasl-board 1
//	board x1
//	# hex  terrain          attributes
//	R6     building         building=wooden/1 stairs N=building
//	I9     woods+building   building=stone/0
//	M4     woods            elev=2 NE=woods SE=woods
//	Q7     open_ground      N=wall
//
// The first field is the hex in the board's own coordinates, the second its
// terrain kinds joined by '+' (terrain.Kind names). Then, in any order:
// elev=N (base level, MinElevation..MaxElevation: -3..9), building=MATERIAL/LEVELS[/rowhouse] (required with
// the building kind), stairs, and SIDE=FEATURES for a hexside (N, NE, SE,
// S, SW or NW; features such as wall, hedge, road, woods joined by '+'). A
// hexside may be written on either of its hexes. Hexes not listed are open
// ground at level 0. '#' starts a comment.

// ReadText reads a board in the native format. name is used in errors
// ("board: x1.sasl:12: ..."), which name the line.
func ReadText(r io.Reader, name string) (*Board, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<16)
	var b *Board
	magic := false
	seen := map[hex.Hex]int{}
	line := 0
	fail := func(format string, args ...any) error {
		return fmt.Errorf("board: %s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		switch {
		case !magic:
			if strings.Join(fields, " ") != Magic {
				return nil, fail("the file must start with %q", Magic)
			}
			magic = true
			continue
		case b == nil:
			if fields[0] != "board" || len(fields) != 2 {
				return nil, fail("want \"board ID\" before the hexes")
			}
			if !validID(fields[1]) {
				return nil, fail("%q is not a board ID (digits, or a letter and digits)", fields[1])
			}
			b = New(fields[1])
			continue
		}
		h, err := parseLocal(fields[0])
		if err != nil {
			return nil, fail("%v", err)
		}
		if prev, dup := seen[h]; dup {
			return nil, fail("%s is already described on line %d", fields[0], prev)
		}
		seen[h] = line
		if len(fields) < 2 {
			return nil, fail("%s needs its terrain (open_ground, woods, building, ...)", fields[0])
		}
		t := b.Hex(h)
		if t.Kinds, err = terrain.ParseKinds(fields[1]); err != nil {
			return nil, fail("%s: %v", fields[0], err)
		}
		hasBuilding := false
		for _, attr := range fields[2:] {
			key, val, _ := strings.Cut(attr, "=")
			switch key {
			case "elev":
				v, err := strconv.Atoi(val)
				if err != nil || v < MinElevation || v > MaxElevation {
					return nil, fail("%s: elev=%s is not a level in %d..%d", fields[0], val, MinElevation, MaxElevation)
				}
				t.Elevation = v
			case "building":
				bld, err := parseBuilding(val)
				if err != nil {
					return nil, fail("%s: %v", fields[0], err)
				}
				t.Building, hasBuilding = bld, true
			case "stairs":
				if val != "" {
					return nil, fail("%s: stairs takes no value", fields[0])
				}
				t.Stairs = true
			default:
				d, err := hex.ParseDir(key)
				if err != nil || val == "" {
					return nil, fail("%s: unknown attribute %q (want elev=, building=, stairs or a hexside such as N=wall)", fields[0], attr)
				}
				f, err := terrain.ParseFeatures(val)
				if err != nil {
					return nil, fail("%s: %v", fields[0], err)
				}
				b.AddSide(h, d, f)
			}
		}
		if t.Kinds.Has(terrain.Building) != hasBuilding {
			if hasBuilding {
				return nil, fail("%s: building= given for a hex without the building kind", fields[0])
			}
			return nil, fail("%s: a building hex needs building=stone/LEVELS or building=wooden/LEVELS", fields[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("board: %s:%d: %w", name, line, err)
	}
	if b == nil {
		return nil, fmt.Errorf("board: %s: no \"board ID\" line", name)
	}
	b.Source = name
	return b, nil
}

// validID reports whether id is a board ID as coordinates write it: digits,
// or one lower-case letter and optional digits.
func validID(id string) bool {
	g, err := coord.ParseGrid(id + "A1")
	return err == nil && g.Board == id && !g.Overlay
}

// parseLocal reads a hex of a board without board number: "R6".
func parseLocal(s string) (hex.Hex, error) {
	g, err := coord.ParseGrid(s)
	if err != nil {
		return hex.Hex{}, err
	}
	if g.Board != "" || g.Overlay {
		return hex.Hex{}, fmt.Errorf("%q: write the hex without board number", s)
	}
	h := hex.Hex{Col: g.Col, Row: g.Row}
	if !Valid(h) {
		return hex.Hex{}, fmt.Errorf("%s is not a hex of a board", s)
	}
	return h, nil
}

func parseBuilding(v string) (terrain.Structure, error) {
	parts := strings.Split(v, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return terrain.Structure{}, fmt.Errorf("building=%s: want MATERIAL/LEVELS[/rowhouse]", v)
	}
	m, err := terrain.ParseMaterial(parts[0])
	if err != nil {
		return terrain.Structure{}, err
	}
	lv, err := strconv.Atoi(parts[1])
	if err != nil || lv < 0 || lv > 4 {
		return terrain.Structure{}, fmt.Errorf("building=%s: upper levels must be 0..4", v)
	}
	bld := terrain.Structure{Material: m, Levels: lv}
	if len(parts) == 3 {
		if parts[2] != "rowhouse" {
			return terrain.Structure{}, fmt.Errorf("building=%s: unknown building flag %q", v, parts[2])
		}
		bld.Rowhouse = true
	}
	return bld, nil
}

// WriteText writes b in the native format, every hex, hexrow by hexrow, so
// that ReadText gives back an Equal board. Each hexside is written once, on
// the hex it is N, NE or SE of (or on the board's only hex for a hexside on
// the board edge). A board ReadText would refuse (a level outside
// MinElevation..MaxElevation) is an error, and nothing is written.
func WriteText(w io.Writer, b *Board) error {
	if err := b.CheckElevations(); err != nil {
		return fmt.Errorf("board %s: %w", b.ID, err)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, Magic)
	fmt.Fprintf(bw, "board %s\n", b.ID)
	fmt.Fprintln(bw, "# hex  terrain  attributes (see the README: native board format)")
	b.Each(func(h hex.Hex, t *terrain.Hex) {
		kinds := t.Kinds.Names()
		fmt.Fprintf(bw, "%-4s %s", localName(h), strings.Join(kinds, "+"))
		if t.Elevation != 0 {
			fmt.Fprintf(bw, " elev=%d", t.Elevation)
		}
		if t.Kinds.Has(terrain.Building) {
			fmt.Fprintf(bw, " building=%s/%d", t.Building.Material, t.Building.Levels)
			if t.Building.Rowhouse {
				fmt.Fprint(bw, "/rowhouse")
			}
		}
		if t.Stairs {
			fmt.Fprint(bw, " stairs")
		}
		for d := range hex.Dirs {
			if t.Sides[d] == 0 {
				continue
			}
			if d > hex.SE && Valid(h.Neighbour(d)) {
				continue // written on the neighbour as its N, NE or SE side
			}
			fmt.Fprintf(bw, " %s=%s", d, t.Sides[d])
		}
		fmt.Fprintln(bw)
	})
	return bw.Flush()
}
