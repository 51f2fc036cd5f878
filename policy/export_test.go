package policy

import "github.com/sasl-engine/sasl/rules/board"

// Ways answers, of an attack policy p after its MPh actions, whether
// hasWay finds a way from l and whether way does.
func Ways(p Policy, l board.Location) (has, way bool, err error) {
	a := p.(*attack)
	if err := a.makeWays(); err != nil {
		return false, false, err
	}
	_, way = a.way(nil, l)
	return a.hasWay(l), way, nil
}
