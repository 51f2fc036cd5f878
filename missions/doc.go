// Package missions reads SASL Mission files (YAML): the boards and their
// edges, victory objectives, season and weather, and the S? placement cases
// and entry schedule. Errors name the file and line. Two demo missions are
// built in, "crossroads" (the default of every command) and "wooded-hill".
//
//	ms, err := missions.Open("")           // the default demo mission
//	m, err := ms.Map(library.New(""))      // its boards
//	vpos, err := ms.VPOs(m)
package missions
