package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/render"
)

// pictureFlags are --svg, --png and --pdf: files to draw the map into.
type pictureFlags struct {
	svg, png, pdf string
	scale         float64
	// said is where "picture written" goes (the command's stderr): a
	// picture never takes the place of the report on stdout.
	said func() io.Writer
}

// outputs are the pictures' files by flag, with more (flag, path, ...):
// what table.NotOver checks against a game file.
func (f *pictureFlags) outputs(more ...string) map[string]string {
	out := map[string]string{"--svg": f.svg, "--png": f.png, "--pdf": f.pdf}
	for i := 0; i+1 < len(more); i += 2 {
		out[more[i]] = more[i+1]
	}
	return out
}

func (f *pictureFlags) register(cmd *cobra.Command) {
	f.said = cmd.ErrOrStderr
	// --scale is checked before anything is done, picture or not.
	prev := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		if err := f.check(); err != nil {
			return err
		}
		if prev != nil {
			return prev(c, args)
		}
		return nil
	}
	cmd.Flags().StringVar(&f.svg, "svg", "", "draw the map into this SVG file")
	cmd.Flags().StringVar(&f.png, "png", "", "draw the map into this PNG file")
	cmd.Flags().StringVar(&f.pdf, "pdf", "", "draw the map into this PDF file")
	cmd.Flags().Float64Var(&f.scale, "scale", 1, "picture scale: 1 draws a board about 1800 pixels wide")
}

// --scale bounds: 8 draws a board about 14,400 pixels wide, 0.1 about 180.
const minScale, maxScale = 0.1, 8

// check refuses a --scale that is no size or too large to draw.
func (f *pictureFlags) check() error {
	if !(f.scale >= minScale && f.scale <= maxScale) { // also NaN
		return fmt.Errorf("--scale %g: want a scale from %g to %d", f.scale, minScale, maxScale)
	}
	return nil
}

func (f *pictureFlags) any() bool { return f.svg != "" || f.png != "" || f.pdf != "" }

// maxPixels bounds a PNG: 100 million pixels take 400 MB to draw (four
// boards at --scale 4 are 26 million).
const maxPixels = 100_000_000

// write draws the scene into every file asked for.
func (f *pictureFlags) write(s *render.Scene) error {
	if err := f.check(); err != nil {
		return err
	}
	p := s.Picture(f.scale)
	if w, h := p.Pixels(); f.png != "" && float64(w)*float64(h) > maxPixels {
		return fmt.Errorf("%s: a picture of %d x %d pixels is too large to draw (at most %d million pixels): give a smaller --scale", f.png, w, h, maxPixels/1_000_000)
	}
	return f.each(p.Write)
}

// each writes every file asked for with draw, in its format.
func (f *pictureFlags) each(draw func(w io.Writer, format render.Format) error) error {
	for _, out := range []struct {
		path   string
		format render.Format
	}{{f.svg, render.SVG}, {f.png, render.PNG}, {f.pdf, render.PDF}} {
		if out.path == "" {
			continue
		}
		if err := writeFile(out.path, func(w io.Writer) error { return draw(w, out.format) }); err != nil {
			return err
		}
		f.wrote(out.path)
	}
	return nil
}

// wrote says on stderr that a picture was written.
func (f *pictureFlags) wrote(path string) {
	if f.said != nil {
		fmt.Fprintf(f.said(), "sasl: picture written to %s\n", path)
	}
}
