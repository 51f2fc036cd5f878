// Package tables holds the tables sasl plays by as data: Infantry movement
// costs (ASL Chapter B), weather presets for foot units, the months grain
// and orchards are in season, and the SASL tables, among them the S?
// Activation table by nationality (activation.yaml, VASL's encoding, not
// checked against the printed card). The values live in tables/data/*.yaml,
// embedded in the program; every value names its source, and values not
// fixed by a rule text in ../shared/rules are marked "default: true", to be
// replaced by the owner's rulebook values with a file of the same shape
// (--tables FILE).
//
//	t, err := tables.Load("my-tables.yaml") // built-in values, mine laid over
//	woods := t.Infantry.Terrain[terrain.Woods].HalfMF // 4: two MF
//	season := t.Seasons.At(7)                          // grain in season
//	row, err := t.Activation.RowFor(ms.Enemy)          // "German": "germany"
//	on := t.Activation.Activates(row, 4, 1)            // range 4, Final IFT DRM +1: true
package tables
