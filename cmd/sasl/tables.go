package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/tables"
)

func newTablesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tables",
		Short: "The tables sasl plays by: its placeholders, and the page to fill in",
		Long: `sasl's tables (SASL A6d, A6f, A9, A9e, the Activation table, x10, x3, and the
ASL tables it plays by) give every value no rules text fixes as a placeholder,
marked "default: true": sasl's stand-in for your rulebook's value.

  sasl tables show                      lists the placeholders in use
  sasl tables template > mine.yaml      writes them as one page to fill in

Type your rulebook's values into the page, delete each "default: true" you
have typed in, and give the file to every command that plays: --tables
mine.yaml. An entry without "default: true" is your value; one that keeps it
stays a placeholder, and sasl says so.`,
	}
	cmd.AddCommand(newTablesTemplateCmd(), newTablesShowCmd())
	return cmd
}

func newTablesTemplateCmd() *cobra.Command {
	var file, out string
	var force bool
	cmd := &cobra.Command{
		Use:   "template",
		Short: "Write the page of placeholder values to fill in from your rulebook",
		Long: `Write a tables file holding every value of sasl's tables that is a placeholder
(marked "default: true"), by chart in the order a player reads the SASL charts:
each entry with sasl's value and source, "default: true", and a comment that
keeps sasl's value and where it is written. As it is, the file plays as sasl's
own tables do. Type your rulebook's value over sasl's, name where you read it
in source, delete "default: true", and play with --tables FILE.

With --tables, the page holds only the placeholders that file leaves: give
them to that file (keep its own entries: the page is not the whole file).`,
		Example: `  sasl tables template > mine.yaml
  sasl tables template --out mine.yaml
  sasl tables template --tables mine.yaml --out still.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := tables.Load(file)
			if err != nil {
				return err
			}
			if out == "" {
				return t.WriteTemplate(cmd.OutOrStdout())
			}
			if file != "" && sameFile(file, out) {
				return fmt.Errorf("--out %s: that is the --tables file; the page holds only its placeholders and would replace its values: write it to another file", out)
			}
			if st, err := os.Stat(out); err == nil && st.Mode().IsRegular() && !force {
				return fmt.Errorf("--out %s: the file exists (your values?); give --force to replace it", out)
			}
			if err := writeFile(out, t.WriteTemplate); err != nil {
				return err
			}
			n := len(t.Placeholders())
			fmt.Fprintf(cmd.ErrOrStderr(), "%d placeholder values written to %s: type in your rulebook's values, delete their \"default: true\", then give --tables %s\n", n, out, out)
			return nil
		},
	}
	cmd.Flags().StringVar(&file, "tables", "", "YAML file of table values laid over the built-in tables: the page holds the placeholders it leaves")
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the page to this file instead of standard output")
	cmd.Flags().BoolVar(&force, "force", false, "replace the --out file if it exists")
	return cmd
}

// sameFile reports whether paths a and b name one file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(sa, sb)
	}
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == ab
}

func newTablesShowCmd() *cobra.Command {
	var file string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show",
		Short: "List the placeholder values in use, with --tables laid over",
		Long: `List the values of sasl's tables that are placeholders once your --tables
file is laid over: the stand-ins for your rulebook's values (marked "default:
true") and sasl's own readings where no text decides (marked "reading: true",
shown with [reading]), each with its keys in a tables file, its value, its
source and where it is written. The game is playable with them as they are.`,
		Example: `  sasl tables show
  sasl tables show --tables mine.yaml --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := tables.Load(file)
			if err != nil {
				return err
			}
			ps := t.Placeholders()
			w := cmd.OutOrStdout()
			if asJSON {
				if ps == nil {
					ps = []tables.Placeholder{}
				}
				readings := tables.Readings(ps)
				return writeJSON(w, map[string]any{"count": len(ps) - readings, "readings": readings, "placeholders": ps})
			}
			return writePlaceholders(w, ps, t.PlaceholderSummary())
		},
	}
	cmd.Flags().StringVar(&file, "tables", "", "YAML file of table values laid over the built-in tables")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func writePlaceholders(w io.Writer, ps []tables.Placeholder, sum *tables.PlaceholderSummary) error {
	if len(ps) == 0 {
		_, err := fmt.Fprintln(w, "No placeholder: every value of the tables is your rulebook's or a rule's.")
		return err
	}
	table := ""
	for _, p := range ps {
		if p.Table != table {
			if table != "" {
				fmt.Fprintln(w)
			}
			table = p.Table
			fmt.Fprintf(w, "%s:\n", table)
		}
		mark := ""
		if p.Reading {
			mark = " [reading]"
		}
		fmt.Fprintf(w, "  %-36s %s%s\n      %s (%s:%d)\n", p.Path, p.Value, mark, p.Source, p.File, p.Line)
	}
	fmt.Fprintln(w)
	_, err := fmt.Fprintln(w, report.PlaceholdersText(sum))
	return err
}
