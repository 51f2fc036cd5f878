package missing

// Rout routs (ASL A10.5), by the rules of A10.51.
func Rout() {}

// Enter enters (SASL 4.2, 4.21,
// 4.22) on a board of Table A9.
func Enter() {}

/* Kind is a board's kind (Table A9). */
func Kind() {}

// Interdict interdicts a rout (ASL A10.531: Open Ground) and reduces by
// SASL
// 4.323.
func Interdict() {}
