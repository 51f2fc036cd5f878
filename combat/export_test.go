package combat

import (
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// StrengthAfresh is Strength without its memo: the counter read anew.
func (c *Resolver) StrengthAfresh(u *state.Unit) tables.Strength { return c.strength(u) }
