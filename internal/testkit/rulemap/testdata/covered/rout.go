package covered

// Rout routs (ASL A10.5), by the rules of A10.51.
func Rout() {}

// Enter enters (SASL 4.2, 4.21,
// 4.22) on a board of Table A9.
func Enter() {}

/* Kind is a board's kind (Table A9). */
func Kind() {}
