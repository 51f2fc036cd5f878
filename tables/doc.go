// Package tables holds the tables sasl plays by as data: Infantry movement
// costs (ASL Chapter B), weather presets for foot units, the months grain
// and orchards are in season, and (with later issues) the SASL tables. The
// values live in tables/data/*.yaml, embedded in the program; every value
// names its source, and values not fixed by a rule text in ../shared/rules
// are marked "default: true", to be replaced by the owner's rulebook values
// with a file of the same shape (--tables FILE).
//
//	t, err := tables.Load("my-tables.yaml") // built-in values, mine laid over
//	woods := t.Infantry.Terrain[terrain.Woods].HalfMF // 4: two MF
//	season := t.Seasons.At(7)                          // grain in season
package tables
