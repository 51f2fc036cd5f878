// Package combat resolves attacks for both sides: fire on the Infantry Fire
// Table (ASL A7), its results, Morale Checks and Casualty Reduction (A7.3,
// A10), Rally (A10.6), Close Combat (A11) and Control of VPOs (A26.11),
// with the values of tables.Combat and tables.TEM. It decides nothing: who
// fires at what is the FRIENDLY policy's (package policy) and the ENEMY
// procedures' (package ai); a Resolver carries out what they chose, with
// the game's dice, and adds what happened to the game's log.
//
// Where each rule is implemented:
//
//	ASL A3.3, A3.5, A8       refire.go (FireKind, Use, Ready, Mark: the kinds
//	                         of fire a unit may make by its fire markers)
//	ASL A4.1, A4.12, A17.2   movement.go (StackMF)
//	ASL A4.6, A4.61, B9.3    movement.go (Motion, MoveDRM: FFNAM, FFMO),
//	                         fire.go (split: against the movers only)
//	ASL A5.1                 rout.go (fits)
//	ASL A7, A7.3             fire.go (Fire, Attack, roll, Apply: the IFT and
//	                         its results)
//	ASL A7.2, A7.21, A7.22   fire.go (FP, Firers), combat.go (Adjacent)
//	ASL A7.23, A7.25, A7.8   fire.go (AimAs, FireDivisor), refire.go (Area),
//	                         morale.go (pinTasks, pin), closecombat.go (ccFP)
//	ASL A7.5, A7.53, A7.55   group.go (Groups, Contiguous, Grouper.Largest),
//	                         fire.go (Shot, AimAs, Firers), refire.go
//	                         (directs), combat.go (Adjacent)
//	ASL A8.1, A8.3, A8.31    refire.go (Use, Mark, Area, fpfChecks), fire.go
//	                         (Attack, split)
//	ASL A8.2, A8.26          refire.go (AtMover, ResidualOf, leaveResidual,
//	                         ResidualFire), fire.go (Attack)
//	ASL A8.4                 refire.go (Ready, directs, Use, Mark), fire.go
//	                         (AimAs, Firers)
//	ASL A10, A10.7           morale.go (moraleChecks, moraleChecksAs, ledDRM),
//	                         combat.go (LeaderDRM)
//	ASL A10.5, A10.51,       rout.go (NeedsRout, RoutOptions, routOptions,
//	A10.52, A10.53, A10.531  ChooseRout, Rout, Routs, RoutOne, RoutPath,
//	                         interdicts, openGround, interdictionFail),
//	                         rout_step.go (stepFault, stepInto, nearer),
//	                         morale.go (Wound: a failed Interdiction NMC)
//	ASL A10.6                rally.go (Rally)
//	ASL A10.63               rally.go (Rally: the FRIENDLY side's
//	                         self-rally, combat.self_rally_mmc)
//	SASL 7.1                 rally.go (Rally, selfRallying: the ENEMY's
//	                         self-rally, sasl.rally.self_rally_mmc MMC with
//	                         the best chance of rallying)
//	SASL 7.5                 rally.go (Recombine, squadOf: half-squads
//	                         recombined by a leader as the RPh begins)
//	ASL A10.62               rout.go (Desperate, EndDM), morale.go (brk),
//	                         fire.go (Apply), rally.go (Rally)
//	ASL A11                  closecombat.go (CloseCombat, ccFP)
//	ASL A12 (not modelled)   rout.go (Known stands in for concealment)
//	ASL A17, A17.1, A7.302   morale.go (Reduce, HalfSquad, Wound)
//	ASL A17.11, A17.3        morale.go (Wound, Morale, Leadership),
//	                         combat.go (LeaderDRM)
//	ASL A26.11               control.go (Control, Gainable)
//	ASL B9.32                fire.go (Cover: Wall Advantage)
//	ASL A.9                  combat.go (randomSelection)
//	SASL 3.3, 3.32           combat.go (Target; Resolver.Reveal: an S? in a
//	                         Melee), closecombat.go (CloseCombat)
//	SASL 4.3, 4.323          morale.go (Morale: the Human Wave ML; brk: a
//	                         broken unit leaves its wave)
//	SASL 4.36                group.go (Grouper.Largest)
//	SASL 5.1                 closecombat.go (CloseCombat: a dummy S?)
//	Events                   package report (events as data, and their words)
package combat
