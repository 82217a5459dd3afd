package main

import (
	"fmt"
	"os"
	"strings"
)

// The before-and-after table: each run compares itself with the results
// file it replaces, so a change's effect is read in one place (a row is
// compared when its section and target are in both).

// resultRow is one row of a measurement table, by section and target.
// key tells apart rows that split the row above them ("of which ..."),
// whose targets repeat from one such group to the next.
type resultRow struct {
	section, target, key              string
	max, p50, p99, statements, allocs string
}

// resultRows reads the measurement tables of a results file (the tables
// whose header is `header`).
func resultRows(report string) (rows []resultRow, made string) {
	section, parent := "", ""
	for _, line := range strings.Split(report, "\n") {
		switch {
		case strings.HasPrefix(line, "Made by "):
			made = strings.TrimSuffix(strings.TrimPrefix(line, "Made by `make bench` on "), ".")
		case strings.HasPrefix(line, "## "):
			section = strings.TrimPrefix(line, "## ")
		case strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| target |"):
			cells := strings.Split(strings.Trim(line, "|"), "|")
			if len(cells) != 10 {
				continue // another kind of table
			}
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			key := cells[0]
			if strings.HasPrefix(key, "&nbsp;") {
				key = parent + " / " + key
			} else {
				parent = key
			}
			rows = append(rows, resultRow{section: section, target: cells[0], key: key, max: cells[1], p50: cells[3], p99: cells[5],
				statements: cells[8], allocs: cells[9]})
		}
	}
	return rows, made
}

// compareWith is the report's before-and-after section against the results
// file at path ("" when there is none, or nothing to compare).
func compareWith(path, report string) string {
	old, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	before, made := resultRows(string(old))
	index := map[[2]string]resultRow{}
	for _, r := range before {
		index[[2]string{r.section, r.key}] = r
	}
	after, _ := resultRows(report)
	var b strings.Builder
	for _, a := range after {
		p, ok := index[[2]string{a.section, a.key}]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s → %s | %s → %s | %s → %s | %s → %s | %s → %s |\n", a.section, a.target,
			p.max, a.max, p.p50, a.p50, p.p99, a.p99, p.statements, a.statements, p.allocs, a.allocs)
	}
	if b.Len() == 0 {
		return ""
	}
	return "\n## Before and after\n\nThis run against the results it replaced (made on " + made + "), row by row: " +
		"max req/s, p50, p99, SQL statements and allocations per request.\n\n" +
		"| section | target | max req/s | p50 | p99 | statements | allocs |\n|---|---|---|---|---|---|---|\n" + b.String() + "\n"
}
