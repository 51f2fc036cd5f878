package report

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/tables"
)

// PlaceholdersText says that the tables played by hold placeholders, and
// how the player gives their rulebook's values instead; "" for none:
//
//	Placeholder tables: 124 values are sasl's stand-ins, not your rulebook's
//	(A6d, A6f, ..., policy). Write them out with "sasl tables template >
//	mine.yaml", type in your rulebook's values, then give --tables mine.yaml.
func PlaceholdersText(s *tables.PlaceholderSummary) string {
	if s == nil || s.Count == 0 {
		return ""
	}
	values, them := "values are sasl's stand-ins", "them"
	if s.Count == 1 {
		values, them = "value is sasl's stand-in", "it"
	}
	return fmt.Sprintf("Placeholder tables: %d %s, not your rulebook's (%s). Write %s out with \"%s\", type in your rulebook's values, then give --tables mine.yaml.",
		s.Count, values, strings.Join(s.Tables, ", "), them, TemplateCommand)
}

// TemplateCommand is the command that writes the page of placeholders to
// fill in.
const TemplateCommand = "sasl tables template > mine.yaml"
