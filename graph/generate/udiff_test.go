package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDiffApplies: applying the diff of two texts to the first gives the
// second, for edits at the start, the end, in the middle, far apart and
// close together, and around a missing final newline.
func TestDiffApplies(t *testing.T) {
	base := ""
	for i := range 40 {
		base += fmt.Sprintf("line %d\n", i)
	}
	cases := map[string]string{
		"same":          base,
		"first":         strings.Replace(base, "line 0\n", "first\n", 1),
		"last":          strings.Replace(base, "line 39\n", "last\n", 1),
		"insert at top": "new\n" + base,
		"append":        base + "new\n",
		"far apart":     strings.Replace(strings.Replace(base, "line 3\n", "x\n", 1), "line 30\n", "y\n", 1),
		"close":         strings.Replace(strings.Replace(base, "line 10\n", "x\n", 1), "line 15\n", "y\ny2\n", 1),
		"delete block":  strings.Replace(base, "line 20\nline 21\nline 22\n", "", 1),
		"no newline":    strings.TrimSuffix(base, "\n"),
		"empty":         "",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 50 {
		ls := splitLines(base)
		for range 1 + rng.IntN(6) {
			at := rng.IntN(len(ls))
			switch rng.IntN(3) {
			case 0:
				ls = append(ls[:at], ls[at+1:]...)
			case 1:
				ls = append(ls[:at], append([]string{fmt.Sprintf("random %d\n", rng.IntN(100))}, ls[at:]...)...)
			default:
				ls[at] = "changed\n"
			}
		}
		cases[fmt.Sprintf("random %d", i)] = strings.Join(ls, "")
	}
	for name, changed := range cases {
		for _, c := range []struct{ from, to string }{{base, changed}, {changed, base}} {
			d := unifiedDiff("f", c.from, c.to)
			if c.from == c.to {
				if d != "" {
					t.Errorf("%s: a diff of equal texts: %s", name, d)
				}
				continue
			}
			files, err := parsePatch("description\n\n" + d)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, d)
			}
			if len(files) != 1 || files[0].name != "f" {
				t.Fatalf("%s: parsed %+v", name, files)
			}
			got, err := files[0].apply(c.from)
			if err != nil || got != c.to {
				t.Errorf("%s: applied, got %q (%v)\ndiff:\n%s", name, got, err, d)
			}
		}
	}
}

// TestPatchOffsetAndFailure: a hunk whose lines moved applies where they
// moved to, once; a hunk whose lines changed, or that match in two places
// away from where it says, fails, naming the hunk.
func TestPatchOffsetAndFailure(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\n"
	d := unifiedDiff("f", old, strings.Replace(old, "d\n", "D\n", 1))
	files, err := parsePatch(d)
	if err != nil {
		t.Fatal(err)
	}
	moved, err := files[0].apply("new 1\nnew 2\n" + old)
	if err != nil || moved != "new 1\nnew 2\na\nb\nc\nD\ne\nf\ng\n" {
		t.Errorf("moved: %q, %v", moved, err)
	}
	for name, text := range map[string]string{
		"changed context": strings.Replace(old, "c\n", "C\n", 1),
		"removed line":    strings.Replace(old, "d\n", "", 1),
		"twice, moved":    "x\n" + old + old,
	} {
		if _, err := files[0].apply(text); !errors.Is(err, errHunk) || !strings.Contains(err.Error(), "@@ -1,7 +1,7 @@") {
			t.Errorf("%s: %v, want the hunk named as not applying", name, err)
		}
	}
}

// TestParsePatchRejects: a patch that is not one this generator writes is
// refused rather than half applied.
func TestParsePatchRejects(t *testing.T) {
	for name, p := range map[string]string{
		"no +++":        "--- a/f\n@@ -1 +1 @@\n-a\n+b\n",
		"renames":       "--- a/f\n+++ b/g\n@@ -1 +1 @@\n-a\n+b\n",
		"new file":      "--- /dev/null\n+++ b/f\n@@ -0,0 +1 @@\n+a\n",
		"short hunk":    "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+b\n",
		"bad header":    "--- a/f\n+++ b/f\n@@ -x +1 @@\n-a\n+b\n",
		"no hunks":      "--- a/f\n+++ b/f\n",
		"trailing junk": "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\njunk\n",
	} {
		if _, err := parsePatch(p); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
