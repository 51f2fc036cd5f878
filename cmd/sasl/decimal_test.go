package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Every integer flag of every command is written in decimal: pflag's own
// read 0x10 as 16, 010 as 8, 0b11 as 3 and 1_0 as 10 (issue 52: `play
// undo --steps 0x2` undid two steps; --runs, --seed, --turns, --month ...
// did the same). A seed refuses a sign, and a number too large says so.
func TestIntegerFlagsAreDecimal(t *testing.T) {
	t.Parallel()
	root := newRoot(&bytes.Buffer{}, &bytes.Buffer{})
	seen := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			switch f.Value.Type() {
			case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
			default:
				return
			}
			seen++
			name := c.CommandPath() + " --" + f.Name
			before := f.Value.String()
			for _, s := range []string{"0x10", "010x", "0b11", "1_0", "+0x1", "1e3"} {
				if err := f.Value.Set(s); err == nil || !strings.Contains(err.Error(), "decimal digits") {
					t.Errorf("%s %s: %v, want a refusal asking for decimal digits", name, s, err)
				}
			}
			if err := f.Value.Set("010"); err != nil || f.Value.String() != "10" {
				t.Errorf("%s 010: %v, read %s; want 10", name, err, f.Value.String())
			}
			if err := f.Value.Set("99999999999999999999999"); err == nil || !strings.Contains(err.Error(), "out of range") {
				t.Errorf("%s 99999999999999999999999: %v", name, err)
			}
			if f.Value.Type() == "uint64" {
				if err := f.Value.Set("-1"); err == nil || !strings.Contains(err.Error(), "from 0") {
					t.Errorf("%s -1: %v", name, err)
				}
			}
			if err := f.Value.Set(before); err != nil {
				t.Fatal(err)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if seen < 15 {
		t.Errorf("%d integer flags checked: the walk missed the commands' flags", seen)
	}
	// As a player meets it.
	if _, err := run(t, "sim", "--runs", "0x10", "--seed", "1"); err == nil || !strings.Contains(err.Error(), `invalid argument "0x10" for "--runs" flag: want a whole number in decimal digits`) {
		t.Errorf("sim --runs 0x10: %v", err)
	}
}
