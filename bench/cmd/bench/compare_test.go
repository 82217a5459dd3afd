package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareSplitRows: rows that split the row above them ("of which
// ...") repeat their targets from one group to the next; each is compared
// with the row of its own group (the space search's with the space
// search's, not with the organization search's).
func TestCompareSplitRows(t *testing.T) {
	table := func(space, org string) string {
		return "Made by `make bench` on X.\n\n## Search\n\n" + header + "\n" +
			"| space search | " + space + " | 1 | 1 ms | 1 ms | 1 ms | 1 | 0 | 4 | - |\n" +
			"| &nbsp;&nbsp;of which small | " + space + " | 1 | 1 ms | 1 ms | 1 ms | 1 | 0 | 4 | - |\n" +
			"| org search | " + org + " | 1 | 1 ms | 1 ms | 1 ms | 1 | 0 | 5 | - |\n" +
			"| &nbsp;&nbsp;of which small | " + org + " | 1 | 1 ms | 1 ms | 1 ms | 1 | 0 | 5 | - |\n"
	}
	path := filepath.Join(t.TempDir(), "RESULTS.md")
	if err := os.WriteFile(path, []byte(table("100", "30")), 0o644); err != nil {
		t.Fatal(err)
	}
	got := compareWith(path, table("200", "40"))
	for _, want := range []string{"| space search | 100 → 200 |", "| org search | 30 → 40 |",
		"| &nbsp;&nbsp;of which small | 100 → 200 |", "| &nbsp;&nbsp;of which small | 30 → 40 |"} {
		if !strings.Contains(got, "| Search "+want) {
			t.Errorf("the comparison lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "100 → 40") || strings.Contains(got, "30 → 200") {
		t.Errorf("rows of one group compared with another's:\n%s", got)
	}
}
