// Package world is one mission's read-only facts, built once and shared by
// every game of it and every worker: the map and its board kinds, the
// tables, Infantry movement costs, the Human Wave movement graph and its
// flow field to the FBE, the VPO Locations, the SASL 4.11 mask, walls
// toward the FBE, TEM and counters' strength, what each SASL 4.1 case may
// place where, the entry hexes along each edge, the ways to each VPO, the
// Crest facing of each Depression hex, and line of sight with its cache.
// Nothing in it depends on the dice.
//
//	w, _ := world.New(m, ms, t, nil)       // once per mission
//	e := ai.New(w, dice.Seeded(1), st)     // any number of games
//
// Where each rule's preparation is:
//
//	mission checks           check.go (New: nationality, counter types, entry edges)
//	Table A9 board kinds     boards.go (Kind)
//	SASL 4.1 a-e candidates  placement.go (CaseA, WoodsGroups, NearVPOs, Around)
//	SASL 4.11                world.go (NearFBE)
//	SASL 4.1e walls          wall.go (BehindWall)
//	SASL 4.14 Crest          crest.go (Crest: LOS toward the FBE)
//	SASL 4.2, 4.31 entry     entry.go (EntryBoards, EdgeHex, Edge)
//	SASL 4.32 movement       world.go (Graph, ToFBE, Progress), detour.go (DetourCost)
//	LOS (ASL A6, B.10)       sight.go (LOS, Sight: rules/los, cached)
package world
