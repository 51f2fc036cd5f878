package web

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// The map's SVG as package render writes it (gonum's vgsvg) has an element
// for every stroke, fill and word: some 13,000 for four boards, which a
// browser takes most of a second to parse, style and lay out. compactSVG
// writes the same drawing with far fewer elements, for the page only
// (sasl play show --svg keeps render's bytes):
//
//   - a run of paths one after another with the same opaque style (every
//     hexside of the grid, every hex of one terrain colour drawn in a row)
//     becomes one path of their subpaths, in the same order: drawn alike,
//     since no path of the run is drawn between them;
//   - a run of words one after another (the coordinates of every hex, in
//     two colours) becomes one text element a style, each word a tspan
//     at its place: drawn alike, since words of the run do not overlap.
//
// Paths with an opacity are kept apart: two of them overlapping are drawn
// darker than one path of both.
//
// The words (the hexes' coordinates, the title, the legend) are written
// to a second SVG of the same size and frame, which the page lays over
// the first once that is drawn: about half of what the browser spends
// drawing the map is its words, and the terrain and counters need not
// wait for them.

var (
	// svgFrame is a line of the frame both SVGs keep: the XML and svg
	// heads, the svg's attributes, the group that turns the picture up.
	svgFrame = regexp.MustCompile(`^(<\?xml |<!--|<svg |\txmlns|<g |</g>|</svg>)`)
	svgPath  = regexp.MustCompile(`^<path d="([^"]*)" style="([^"]*)" />$`)
	svgText  = regexp.MustCompile(`^<text x="([^"]*)" y="([^"]*)" transform="scale\(1, -1\)"$`)
	svgWord  = regexp.MustCompile(`^\tstyle="([^"]*)">(.*)</text>$`)
)

// compactSVG compacts an SVG of render's into the map without its words
// and the words alone, each in the frame of in; a line it does not know
// is copied to the first as it is (an error only if the text is cut
// short).
func compactSVG(in []byte) (terrain, labels []byte, err error) {
	var out, lab bytes.Buffer
	out.Grow(len(in) / 2)
	sc := bufio.NewScanner(bytes.NewReader(in))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	var (
		pathStyle string   // the open run of paths: its style, "" for none
		styles    []string // the open run of words: their styles in order
		words     = map[string]*bytes.Buffer{}
	)
	closeRuns := func() {
		if pathStyle != "" {
			out.WriteString(`" style="` + pathStyle + `"/>` + "\n")
			pathStyle = ""
		}
		for _, st := range styles {
			lab.WriteString(`<text transform="scale(1,-1)" style="` + st + `">`)
			lab.Write(words[st].Bytes())
			lab.WriteString("</text>\n")
		}
		styles = styles[:0]
		clear(words)
	}
	for sc.Scan() {
		line := sc.Text()
		if m := svgPath.FindStringSubmatch(line); m != nil {
			d, style := m[1], m[2]
			if style == pathStyle {
				out.WriteString(d)
				continue
			}
			closeRuns()
			if strings.Contains(style, "opacity") {
				out.WriteString(line + "\n")
				continue
			}
			out.WriteString(`<path d="` + d)
			pathStyle = style
			continue
		}
		if m := svgText.FindStringSubmatch(line); m != nil {
			if !sc.Scan() {
				return nil, nil, fmt.Errorf("the map's SVG ends inside a text")
			}
			w := svgWord.FindStringSubmatch(sc.Text())
			if w == nil {
				closeRuns()
				out.WriteString(line + "\n" + sc.Text() + "\n")
				continue
			}
			if pathStyle != "" {
				closeRuns()
			}
			b, ok := words[w[1]]
			if !ok {
				b = &bytes.Buffer{}
				words[w[1]] = b
				styles = append(styles, w[1])
			}
			b.WriteString(`<tspan x="` + m[1] + `" y="` + m[2] + `">` + w[2] + "</tspan>")
			continue
		}
		closeRuns()
		out.WriteString(line + "\n")
		if svgFrame.MatchString(line) {
			lab.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return out.Bytes(), lab.Bytes(), nil
}
