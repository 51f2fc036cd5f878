package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/pflag"
)

// decimalFlag is an integer flag written in decimal only: pflag's IntVar
// reads 0x2 as 2, 010 as 8, 0b11 as 3 and 1_000 as 1000 (strconv.ParseInt
// with base 0), so that `play undo --steps 0x2` undid two steps; a count,
// a seed, a month or a turn is a number in decimal, and anything else an
// error.
type decimalFlag[T int | int64 | uint64] struct{ p *T }

// decimalVar defines an integer flag of decimal digits (decimalFlag).
func decimalVar[T int | int64 | uint64](fs *pflag.FlagSet, p *T, name string, value T, usage string) {
	*p = value
	fs.Var(decimalFlag[T]{p}, name, usage)
}

func (d decimalFlag[T]) Set(s string) error {
	var err error
	switch p := any(d.p).(type) {
	case *uint64:
		var n uint64
		if n, err = strconv.ParseUint(s, 10, 64); err == nil {
			*p = n
		}
	case *int64:
		var n int64
		if n, err = strconv.ParseInt(s, 10, 64); err == nil {
			*p = n
		}
	case *int:
		var n int64
		if n, err = strconv.ParseInt(s, 10, strconv.IntSize); err == nil {
			*p = int(n)
		}
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("out of range for a %s flag", d.Type())
	case len(s) > 0 && s[0] == '-' && d.Type() == "uint64":
		return errors.New("want a whole number from 0, in decimal digits")
	}
	return errors.New("want a whole number in decimal digits")
}

func (d decimalFlag[T]) String() string {
	if d.p == nil {
		return "0"
	}
	return fmt.Sprint(*d.p)
}

// Type is pflag's, so that help shows "--steps int" as before.
func (d decimalFlag[T]) Type() string {
	switch any(d.p).(type) {
	case *uint64:
		return "uint64"
	case *int64:
		return "int64"
	}
	return "int"
}
