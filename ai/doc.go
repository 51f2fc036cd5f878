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
//	SASL 4.1, 4.1a, 4.1b   place.go (Place, caseA, caseB, removeLast: NOTE)
//	SASL 4.1c, 4.1d        place.go (caseCD)
//	SASL 4.1e [EXC: 4.1e]  place.go (caseE; place: case e may add a third S?)
//	Table A6d, Table A6f   place.go (caseE, radius)
//	SASL 4.11              place.go (place; the mask is world's)
//	SASL 4.12, Table A9e   place.go (buildingLevels)
//	SASL 4.13              place.go (place)
//	SASL 4.14 Crest        place.go (place; the facing is world's)
//	ASL A2.2               place.go (Ref), enemy.go (hexName)
//	SASL 4.2, 4.21, 4.22   entry.go (Enter, lengthwise, widthwise, pickBoard),
//	                       wave_entry.go (arrive, enterMap)
//	ASL A2.5               entry.go (one), wave_entry.go (redoEntry)
//	SASL 4.31 entry        wave.go (EnterWave), wave_entry.go (enterWave)
//	SASL 4.32, 4.321       wave_move.go (move, walk), wave_step.go (nextStep,
//	                       detour)
//	SASL 4.322 APh         wave_chain.go (advance, canAdvance)
//	SASL 4.323 chain, join wave_chain.go (chain, join, chainScore)
//	SASL 4.324 waves order wave_move.go (move)
//	SASL 4.33 release      wave_step.go (nextStep, blocked), wave_move.go
//	                       (follow, stillDelayed)
//	ASL A8.1               wave_move.go (stillDelayed: fire at a Location
//	                       attacks the delayed units in it too)
//	ASL A5.1               wave_move.go (walk, follow, descend, overstacked),
//	                       wave_step.go (nextStep), wave_entry.go
//	                       (redoEntry), entry.go (entryFits), generate.go
//	                       (become), attitude.go (actMove)
//	ASL A26.11             wave_move.go (walk, takeVPO), attitude.go
//	                       (reached, towards, holder)
//	SASL 3.3, 3.32         activation.go (activation: LOS, Activation table;
//	                       Acted, activate, Standing, Attacked: who is
//	                       checked when), residual.go (ResidualAttacked)
//	ASL A4.6               activation.go (Acted, activationInto: the
//	                       movement DRM), wave_fire.go (FirstFire)
//	ASL B9.32              activation.go (standing: Wall Advantage)
//	SASL 4.34, 4.35, 5.1   generate.go (generate, acCheck, become),
//	                       wave_move.go (walk, follow)
//	Table A9               generate.go (acCheck: a Village or City board)
//	SASL 4.33 Attitude     attitude.go (moveOthers, advanceOthers: units
//	                       outside a Human Wave, policy.released advance),
//	                       action.go (actionChecks: Advance and the
//	                       Prevailing Attitude)
//	SASL 6 Action checks   action.go (actionChecks, actionCheck, prepTarget:
//	                       policy.released actions)
//	SASL 6.3, 6.311        action.go (actionCheck, adjacentTarget: the
//	                       Automatic Actions)
//	SASL 6.21, 6.212,      action.go (actionCheck: Panic), wave_fire.go
//	ASL A4.8               (shooter, finalFire, FirstFire: a panicked unit
//	                       fires FPF only, in the MPh)
//	ASL A4, A4.1, A4.12,   attitude.go (actMove, stackMF, stepTo, nextVPO,
//	A4.14, A4.7, A17.2     advanceOthers), wave_move.go (descend)
//	ASL A7.8, A11, A12,    attitude.go (who acts: not pinned, not in Melee;
//	A12.12                 cover; units not known of revealed), wave_move.go
//	                       (walk, reveal)
//	SASL 4.36 fire groups  wave_fire.go (Targeting, fire, fireGroup: LOS)
//	ASL A7, A7.22, A7.23,  wave_fire.go (fireGroup, reaches, group, Target:
//	A7.5, A7.55, A17.3,    the ENEMY's fire groups and their targets),
//	B9.3                   enemy.go (Enemy)
//	ASL A8.3, A8.31, A8.4, wave_fire.go (FirstFire, finalFire, Defend, aim,
//	A10.5                  shoot, fireGroup: fire by the fire markers)
//	ASL A8.2               residual.go (ResidualAttacked)
//	SASL 4.37 Recovery     wave_fire.go (Recovers, recover)
//	Events                 package report (events as data, and their words)
package ai
