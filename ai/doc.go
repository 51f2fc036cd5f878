// Package ai makes the ENEMY side's decisions of Solitaire ASL: where S?
// set up, where they enter, how Human Waves charge, Activate, fire and
// advance. It decides and reports; the game package plays the decisions in
// turn order over a state.State.
//
//	w, _ := world.New(m, ms, tables.Default(), nil) // once per mission
//	e := ai.New(w, dice.Seeded(1), nil)             // nil: no game state yet
//	setup, _ := e.Place()                           // SASL 4.1: setup.Placements
//	arr, _ := e.Enter(1)                            // SASL 4.2: turn 1's S?
//
// (ExampleEnemy_Place words such a setup.)
//
// What no game changes is the mission's world.World (board kinds, the
// candidates of each SASL 4.1 case and of entry, VPO Locations, the 4.11
// mask, the Human Wave movement graph and its flow field to the FBE, line
// of sight), shared read-only; one game's Enemy holds only its scratch
// buffers. An Enemy is not safe for concurrent use; the Enemies of one
// world may play at once.
//
// Where each rule is implemented:
//
//	SASL 4.1 a-e, NOTE     place.go (caseA, caseB, caseCD, caseE, remove)
//	SASL 4.1 [EXC: 4.1e]   place.go (place: case e may add a third S?)
//	SASL 4.11              place.go (place; the mask is world's)
//	SASL 4.12, Table A9e   place.go (buildingLevels)
//	SASL 4.13              place.go (place)
//	SASL 4.14 Crest        place.go (place; the facing is world's)
//	SASL 4.2, 4.21, 4.22   entry.go (Enter, lengthwise, widthwise, pickBoard),
//	                       wave_entry.go (arrive, enterMap)
//	SASL 4.31 entry        wave.go (EnterWave), wave_entry.go (enterWave)
//	SASL 4.32, 4.321       wave_move.go (move, walk), wave_step.go (nextStep,
//	                       detour)
//	SASL 4.322 APh         wave_chain.go (advance, canAdvance)
//	SASL 4.323 chain, join wave_chain.go (chain, join, chainScore)
//	SASL 4.324 waves order wave_move.go (move)
//	SASL 4.33 release      wave_step.go (nextStep, blocked), wave_move.go
//	                       (follow)
//	SASL 3.32 Activation   activation.go (activation: LOS, Activation table;
//	                       Acted, activate, Standing: who is checked when)
//	SASL 4.34, 4.35, 5.1   generate.go (generate, acCheck, become),
//	                       wave_move.go (walk, follow)
//	SASL 4.33 Attitude     attitude.go (moveOthers, advanceOthers: units
//	                       outside a Human Wave, policy.released advance)
//	SASL 4.36 fire groups  wave_fire.go (Targeting, fire, fireGroup: LOS)
//	SASL 4.37 Recovery     wave_fire.go (Recovers, recover)
//	Events                 package report (events as data, and their words)
package ai
