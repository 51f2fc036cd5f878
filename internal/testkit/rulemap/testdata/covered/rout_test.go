package covered

// A test's citation (ASL A7.5) need not be on the map.
func helper() {}
