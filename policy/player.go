package policy

import "github.com/sasl-engine/sasl/state"

// player is the person at the table: the game stops where the FRIENDLY
// side decides and the player acts through sasl play's commands (package
// game's Session). Where the player passes, or where the game was told not
// to stop (--stop), the engine decides as hold does: a player who passes at
// every stop plays the hold policy's game.
type player struct{ hold }

func (*player) Name() state.Policy { return Player }
