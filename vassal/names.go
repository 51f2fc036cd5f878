package vassal

import (
	"strconv"
	"strings"
)

// A piece's name is what VASL shows and reports, not its BasicPiece's
// name: each trait over the BasicPiece may change it (VASSAL's
// Decorator.getName, innermost first). A layer trait ("emb2", VASSAL's
// Embellishment) that is active at level n (its state n > 0; -n is
// inactive, keeping the level) names the piece by its n-th level name: a
// name "X" replaces the name, "+ X" appends " X", "X +" puts "X " before
// it, and "\+" is a plain '+'. A label trait ("label", VASSAL's Labeler)
// with a text names the piece by its name format, "$pieceName$
// ($label$)" in VASL. VASL's counters change their faces with these
// layers: its Russian squad counter is a BasicPiece "4-5-8 Esq" whose
// first layer at level 2 shows "4-4-7 1sq", and whose broken layer then
// makes it "broken 4-4-7 1sq".

// displayName is the name of a piece of trait types tl and states sl
// (outermost first, as layers returns them).
func displayName(tl, sl []string) string {
	name := ""
	if inner := split(tl[len(tl)-1], ';'); len(inner) >= 5 {
		name = inner[4]
	}
	for k := len(tl) - 2; k >= 0; k-- {
		kind, _, _ := strings.Cut(tl[k], ";")
		switch kind {
		case "emb2":
			name = layerName(tl[k], sl[k], name)
		case "label":
			name = labelName(tl[k], sl[k], name)
		}
	}
	return name
}

// layerName is the name a layer trait of type t in state s gives a piece
// named name.
func layerName(t, s, name string) string {
	f := split(t, ';')
	if len(f) < 18 {
		return name
	}
	v, _, _ := strings.Cut(s, ";")
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return name
	}
	names := split(f[17], ',')
	if n > len(names) || names[n-1] == "" {
		return name
	}
	c := names[n-1]
	switch {
	case strings.HasPrefix(c, "+"):
		return name + unplus(c[1:])
	case strings.HasSuffix(c, "+") && !strings.HasSuffix(c, `\+`):
		return unplus(c[:len(c)-1]) + name
	}
	return unplus(c)
}

// unplus reads "\+" as a plain '+'.
func unplus(s string) string { return strings.ReplaceAll(s, `\+`, "+") }

// labelName is the name a label trait of type t with text s gives a piece
// named name: its name format (field 12 of the type) with $pieceName$ and
// $label$ replaced.
func labelName(t, s, name string) string {
	if s == "" {
		return name
	}
	f := split(t, ';')
	if len(f) < 13 || f[12] == "" {
		return name
	}
	return strings.NewReplacer("$pieceName$", name, "$label$", s).Replace(f[12])
}
