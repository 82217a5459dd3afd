// Package linediff compares two texts line by line and groups the
// differences into hunks with context, as a unified diff shows them.
//
// The line matching is github.com/sergi/go-diff's (Myers' algorithm over
// lines mapped to runes, with its speed-ups for common prefixes and
// suffixes); this package only shapes its answer into numbered lines.
package linediff

import (
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Kind says which side a line is on.
type Kind int

const (
	Context Kind = iota // on both sides
	Added               // only in the new text
	Removed             // only in the old text
)

// Line is one line of a hunk, without its line ending. Old and New are its
// 1-based numbers in the old and new text; 0 on the side it is not on.
type Line struct {
	Kind     Kind
	Text     string
	Old, New int
}

// Hunk is a run of changed lines with up to Context unchanged lines around
// them. OldStart and NewStart are the first line numbers it covers (0 when
// it covers no line of that side), OldLines and NewLines how many.
type Hunk struct {
	OldStart, OldLines, NewStart, NewLines int
	Lines                                  []Line
}

// Diff is the difference between two texts.
type Diff struct {
	Hunks          []Hunk
	Added, Removed int // lines, over the whole texts
	// Truncated: the hunks stop after MaxLines lines (Added and Removed
	// still count everything).
	Truncated bool
}

// MaxLines bounds the lines the hunks of one Diff hold, so a page of a
// million characters replaced wholesale answers a bounded result.
const MaxLines = 5000

// Timeout bounds the time spent matching lines; past it the answer is
// still a correct diff, only a longer one than needed.
const Timeout = time.Second

// Compute compares old and new line by line, with context unchanged lines
// around each change (hunks whose context would touch are joined). A
// missing final line ending is not a difference.
func Compute(old, new string, context int) Diff {
	context = max(context, 0)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = Timeout
	a, b, lines := dmp.DiffLinesToRunes(terminated(old), terminated(new))
	diffs := dmp.DiffCharsToLines(dmp.DiffMainRunes(a, b, false), lines)

	// Every line, numbered on both sides.
	var all []Line
	o, n := 0, 0
	var out Diff
	for _, d := range diffs {
		for _, text := range strings.SplitAfter(d.Text, "\n") {
			if text == "" {
				continue
			}
			text = strings.TrimSuffix(text, "\n")
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				o, n = o+1, n+1
				all = append(all, Line{Kind: Context, Text: text, Old: o, New: n})
			case diffmatchpatch.DiffInsert:
				n++
				out.Added++
				all = append(all, Line{Kind: Added, Text: text, New: n})
			case diffmatchpatch.DiffDelete:
				o++
				out.Removed++
				all = append(all, Line{Kind: Removed, Text: text, Old: o})
			}
		}
	}

	// Hunks: each change with context lines either side, joined when they touch.
	kept := 0
	for i := 0; i < len(all); {
		if all[i].Kind == Context {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i // one past the last change of the hunk
		for j := i; j < len(all); j++ {
			if all[j].Kind != Context {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		stop := min(end+context, len(all))
		if kept+stop-start > MaxLines {
			stop = start + MaxLines - kept
			out.Truncated = true
		}
		if stop > start {
			out.Hunks = append(out.Hunks, hunk(all[start:stop]))
			kept += stop - start
		}
		if out.Truncated {
			break
		}
		i = stop
	}
	return out
}

func hunk(lines []Line) Hunk {
	h := Hunk{Lines: lines}
	for _, l := range lines {
		if l.Old != 0 {
			if h.OldStart == 0 {
				h.OldStart = l.Old
			}
			h.OldLines++
		}
		if l.New != 0 {
			if h.NewStart == 0 {
				h.NewStart = l.New
			}
			h.NewLines++
		}
	}
	return h
}

func terminated(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}
