package gone

// Fire leaves Residual FP (ASL A8.2).
func Fire() {}
