package report

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/tables"
)

// PlaceholdersText says that the tables played by hold placeholders and
// readings, and how the player gives their own values instead; "" for
// none:
//
//	Placeholder tables: 131 values are sasl's stand-ins for your rulebook's
//	(A6d, A6f, ...), and 31 are sasl's own readings where no text decides
//	(Activation, ..., policy). The game is playable as it is. To play by
//	yours: write them out with "sasl tables template > mine.yaml", type in
//	your values, then give --tables mine.yaml.
func PlaceholdersText(s *tables.PlaceholderSummary) string {
	if s == nil || s.Count+s.Readings == 0 {
		return ""
	}
	var parts []string
	if s.Count > 0 {
		values := "values are sasl's stand-ins"
		if s.Count == 1 {
			values = "value is sasl's stand-in"
		}
		parts = append(parts, fmt.Sprintf("%d %s for your rulebook's (%s)", s.Count, values, strings.Join(s.Tables, ", ")))
	}
	if s.Readings > 0 {
		are := "are sasl's own readings"
		if s.Readings == 1 {
			are = "is sasl's own reading"
		}
		parts = append(parts, fmt.Sprintf("%d %s where no text decides (%s)", s.Readings, are, strings.Join(s.ReadingTables, ", ")))
	}
	return fmt.Sprintf("Placeholder tables: %s. The game is playable as it is. To play by yours: write them out with \"%s\", type in your values, then give --tables mine.yaml.",
		strings.Join(parts, ", and "), TemplateCommand)
}

// TemplateCommand is the command that writes the page of placeholders to
// fill in.
const TemplateCommand = "sasl tables template > mine.yaml"
