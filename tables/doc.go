// Package tables holds the tables sasl plays by as data: Infantry movement
// costs (ASL Chapter B), weather presets for foot units, the months grain
// and orchards are in season, and the SASL tables, among them the S?
// Activation table by nationality (activation.yaml, VASL's encoding, not
// checked against the printed card). The values live in tables/data/*.yaml,
// embedded in the program; every value names its source, and values not
// fixed by a rule text in ../shared/rules are marked "default: true", to be
// replaced by the owner's rulebook values with a file of the same shape
// (--tables FILE). Placeholders lists the values still marked so once the
// user's file is laid over (an entry the file gives anew without "default:
// true" is the owner's), and WriteTemplate writes them as the one page a
// player fills in from their rulebook (sasl tables template).
//
//	t, err := tables.Load("my-tables.yaml") // built-in values, mine laid over
//	woods := t.Infantry.Terrain[terrain.Woods].HalfMF // 4: two MF
//	season := t.Seasons.At(7)                          // grain in season
//	row, err := t.Activation.RowFor(ms.Enemy)          // "German": "germany"
//	on := t.Activation.Activates(row, 4, 1)            // range 4, Final IFT DRM +1: true
//	left := t.Placeholders()                           // human_wave.x10.rows.3 [squad, squad], ...
package tables
