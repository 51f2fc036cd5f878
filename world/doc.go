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
//	ASL A1.2, SASL 3.3       check.go (checkMission: counter types, the
//	                         Activation row of the ENEMY)
//	Table A9 board kinds     boards.go (Kind, BoardKind), world.go (WoodsBoard)
//	SASL 4.12                boards.go (Kind)
//	SASL 4.1, 4.1a, 4.1b     placement.go (CaseA, Structure, WoodsGroups,
//	                         WoodsGroup), world.go (SetUpFriendly)
//	SASL 4.1c, 4.1d          placement.go (NearVPOs, NearVPO), world.go (IsVPO,
//	                         Bridges, vpoLocations)
//	SASL 4.1e, Table A6f     placement.go (Around, Spot, placement)
//	SASL 4.11                world.go (New, NearFBE)
//	SASL 4.13                world.go (WoodsBoard)
//	SASL 4.1e walls          wall.go (BehindWall, Wall)
//	SASL 4.14 Crest          crest.go (Crest: LOS toward the FBE), sight.go
//	                         (sight)
//	SASL 4.2, 4.31 entry     entry.go (EntryBoards, EdgeHex, Edge), check.go
//	                         (checkEntries)
//	SASL 4.21, 4.22          entry.go (EdgeHex, EntryBoards, edgeEntry)
//	SASL 4.32 movement       world.go (Graph, ToFBE, Progress, forward),
//	                         detour.go (DetourCost, detours)
//	SASL 4.324               world.go (FBEDistance)
//	SASL 4.33, SASL 6        world.go (Attitude: the Prevailing Attitude),
//	                         check.go (checkMission: its Action table)
//	SASL 6 order             world.go (NorthDistance)
//	ASL A5.1, SASL 4.3       stacking.go (Fits, Stack, Overstacked)
//	ASL A2.2                 world.go (World, Board: the board naming a hex)
//	ASL A2.4, SASL 4.36      world.go (TEM)
//	ASL B9, B9.1, B9.2,      wall.go (FireTEM, Cover, hexWalls, wallFeatures,
//	B9.3, B9.31, B10         elevation: walls, hedges and their TEM)
//	LOS (ASL A6, A6.1, B.10) sight.go (LOS, Sight, Seen: rules/los, cached)
package world
