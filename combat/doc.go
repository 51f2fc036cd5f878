// Package combat resolves attacks for both sides: fire on the Infantry Fire
// Table (ASL A7), its results, Morale Checks and Casualty Reduction (A7.3,
// A10), Rally (A10.6), Close Combat (A11) and Control of VPOs (A26.11),
// with the values of tables.Combat and tables.TEM. It decides nothing: who
// fires at what is the FRIENDLY policy's (package policy) and the ENEMY
// procedures' (package ai); a Resolver carries out what they chose, with
// the game's dice, and adds what happened to the game's log.
package combat
