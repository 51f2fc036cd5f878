// Package ai makes the ENEMY side's decisions of Solitaire ASL: where S?
// set up, where they enter, how Human Waves charge, Activate, fire and
// advance. It decides and reports; the game package plays the decisions in
// turn order over a state.State.
//
// What no game changes is prepared once per mission (Prepare: board kinds,
// woods groups, VPO Locations, the 4.11 mask, wall hexsides, the Human Wave
// movement graph and its flow field to the FBE, the Activation table row;
// the line of sight map of rules/los on first use, with the lines traced
// toward FRIENDLY positions and the Crest facings cached as they are
// worked out) and shared read-only; one game's engine (HW) holds only its
// search buffers.
//
// Where each rule is implemented:
//
//	SASL 4.1 a-e, NOTE     place.go (caseA, caseB, caseCD, caseE, remove)
//	SASL 4.1 [EXC: 4.1e]   place.go (place: case e may add a third S?)
//	SASL 4.11              prepare.go (nearFBE mask), place.go (place)
//	SASL 4.12, Table A9e   place.go (buildingLevels)
//	SASL 4.13              place.go (place)
//	SASL 4.14 Crest        place.go (crestFacing: LOS toward the FBE)
//	Table A9 board kinds   boards.go (Kind)
//	SASL 4.2, 4.21, 4.22   entry.go (Enter, lengthwise, widthwise, pickBoard),
//	                       wave_move.go (arrive, enterMap)
//	SASL 4.31 entry        wave.go (EnterWave), wave_move.go (enterWave)
//	SASL 4.32, 4.321       wave_move.go (move, walk, nextStep, detour), wave.go (forward)
//	SASL 4.322 APh         wave_chain.go (advance, canAdvance)
//	SASL 4.323 chain, join wave_chain.go (chain, join, chainScore)
//	SASL 4.324 waves order wave_move.go (move)
//	SASL 4.33 release      wave_move.go (nextStep, blocked, follow)
//	SASL 3.32 Activation   activation.go (activation: LOS, Activation table)
//	SASL 4.34, 4.35        activation.go (activate, activateAll),
//	                       wave_move.go (walk, follow, generate)
//	SASL 4.36 fire groups  wave_fire.go (ChooseTarget, fire, fireGroup: LOS)
//	LOS (ASL A6, B.10)     sight.go (LOS, Sight: rules/los, cached)
//	SASL 4.37 Recovery     wave_fire.go (Recovers, recover)
//	Events                 event.go
package ai
