package main

import (
	"errors"
	"strconv"

	"github.com/spf13/pflag"
)

// decimalInt is an int flag written in decimal only: pflag's IntVar reads
// 0x2 as 2, 010 as 8 and 0b11 as 3 (strconv.ParseInt with base 0), so that
// `play undo --steps 0x2` undid two steps; a count of steps is a number in
// decimal, and anything else an error.
type decimalInt int

// decimalIntVar defines an int flag of decimal digits (decimalInt).
func decimalIntVar(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var((*decimalInt)(p), name, usage)
}

func (d *decimalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("want a whole number in decimal digits")
	}
	*d = decimalInt(n)
	return nil
}

func (d *decimalInt) String() string { return strconv.Itoa(int(*d)) }

// Type is pflag's, so that help shows "--steps int" as before.
func (d *decimalInt) Type() string { return "int" }
