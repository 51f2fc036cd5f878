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
//   - a run of words with the same style becomes one group holding that
//     style and the flip every word carries, its words only their place.
//
// Paths with an opacity are kept apart: two of them overlapping are drawn
// darker than one path of both.

var (
	svgPath = regexp.MustCompile(`^<path d="([^"]*)" style="([^"]*)" />$`)
	svgText = regexp.MustCompile(`^<text x="([^"]*)" y="([^"]*)" transform="scale\(1, -1\)"$`)
	svgWord = regexp.MustCompile(`^\tstyle="([^"]*)">(.*)</text>$`)
)

// compactSVG compacts an SVG of render's; a line it does not know is
// copied as it is (an error only if the text is cut short).
func compactSVG(in []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(in) / 2)
	sc := bufio.NewScanner(bytes.NewReader(in))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	var (
		pathStyle string // the open run of paths: its style, "" for none
		textStyle string // the open run of words
	)
	closeRuns := func() {
		if pathStyle != "" {
			out.WriteString(`" style="` + pathStyle + `"/>` + "\n")
			pathStyle = ""
		}
		if textStyle != "" {
			out.WriteString("</g>\n")
			textStyle = ""
		}
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
				return nil, fmt.Errorf("the map's SVG ends inside a text")
			}
			w := svgWord.FindStringSubmatch(sc.Text())
			if w == nil {
				closeRuns()
				out.WriteString(line + "\n" + sc.Text() + "\n")
				continue
			}
			if w[1] != textStyle {
				closeRuns()
				out.WriteString(`<g transform="scale(1,-1)" style="` + w[1] + `">` + "\n")
				textStyle = w[1]
			}
			out.WriteString(`<text x="` + m[1] + `" y="` + m[2] + `">` + w[2] + "</text>\n")
			continue
		}
		closeRuns()
		out.WriteString(line + "\n")
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
