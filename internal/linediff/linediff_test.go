package linediff_test

import (
	"fmt"
	"strings"
	"testing"

	"folio/internal/linediff"
)

// render writes a diff as a unified diff's body, to compare whole answers.
func render(d linediff.Diff) string {
	var b strings.Builder
	for _, h := range d.Hunks {
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", h.OldStart, h.OldLines, h.NewStart, h.NewLines)
		for _, l := range h.Lines {
			b.WriteString([]string{" ", "+", "-"}[l.Kind] + l.Text + "\n")
		}
	}
	return b.String()
}

func lines(n int, f func(i int) string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(f(i) + "\n")
	}
	return b.String()
}

func TestCompute(t *testing.T) {
	ten := lines(10, func(i int) string { return fmt.Sprint("line ", i) })
	for _, c := range []struct {
		name, old, new string
		context        int
		want           string
		added, removed int
	}{
		{name: "same", old: ten, new: ten, context: 3},
		{name: "final-newline-ignored", old: "a\nb", new: "a\nb\n", context: 3},
		{name: "added-to-empty", old: "", new: "# Title\nbody\n", context: 3,
			want: "@@ -0,0 +1,2 @@\n+# Title\n+body\n", added: 2},
		{name: "removed-all", old: "x\ny\n", new: "", context: 3,
			want: "@@ -1,2 +0,0 @@\n-x\n-y\n", removed: 2},
		{name: "one-line-changed", old: ten, new: strings.Replace(ten, "line 5\n", "line five\n", 1), context: 2,
			want: "@@ -3,5 +3,5 @@\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n", added: 1, removed: 1},
		{name: "near-changes-join", old: ten, new: strings.NewReplacer("line 2\n", "two\n", "line 6\n", "six\n").Replace(ten), context: 2,
			want: "@@ -1,8 +1,8 @@\n line 1\n-line 2\n+two\n line 3\n line 4\n line 5\n-line 6\n+six\n line 7\n line 8\n", added: 2, removed: 2},
		{name: "far-changes-split", old: ten, new: strings.NewReplacer("line 1\n", "one\n", "line 10\n", "ten\n").Replace(ten), context: 1,
			want: "@@ -1,2 +1,2 @@\n-line 1\n+one\n line 2\n@@ -9,2 +9,2 @@\n line 9\n-line 10\n+ten\n", added: 2, removed: 2},
		{name: "no-context", old: "a\nb\nc\n", new: "a\nB\nc\n", context: 0,
			want: "@@ -2,1 +2,1 @@\n-b\n+B\n", added: 1, removed: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := linediff.Compute(c.old, c.new, c.context)
			if got := render(d); got != c.want || d.Added != c.added || d.Removed != c.removed || d.Truncated {
				t.Fatalf("got +%d -%d truncated=%v\n%s\nwant +%d -%d\n%s", d.Added, d.Removed, d.Truncated, got, c.added, c.removed, c.want)
			}
		})
	}
}

// TestComputeTruncated: a page replaced wholesale keeps MaxLines lines in
// its hunks and says so, and still counts every line.
func TestComputeTruncated(t *testing.T) {
	n := linediff.MaxLines
	old := lines(n, func(i int) string { return fmt.Sprint("old ", i) })
	new := lines(n, func(i int) string { return fmt.Sprint("new ", i) })
	d := linediff.Compute(old, new, 3)
	kept := 0
	for _, h := range d.Hunks {
		kept += len(h.Lines)
	}
	if !d.Truncated || kept != linediff.MaxLines || d.Added != n || d.Removed != n {
		t.Fatalf("truncated=%v kept=%d added=%d removed=%d", d.Truncated, kept, d.Added, d.Removed)
	}
}
