package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Unified diffs, written and applied here so that neither the generator
// nor its tests depend on the diff and patch of the machine. The output is
// the usual format (`patch -p1` and `git apply` read it). Applying is
// strict: a hunk applies where its context and removed lines match the
// file exactly, at its stated line or, when the file moved under it, at the
// one other place after the previous hunk where they match. Anything else
// is an error naming the file and the hunk.

// contextLines is the number of unchanged lines a hunk shows around a
// change.
const contextLines = 3

const noNewline = "\\ No newline at end of file\n"

// splitLines splits text into lines, each with its "\n" (the last may lack
// it).
func splitLines(text string) []string {
	l := strings.SplitAfter(text, "\n")
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
}

type opKind byte

const (
	same opKind = ' '
	del  opKind = '-'
	add  opKind = '+'
)

type op struct {
	kind opKind
	line string
}

// diffLines is the shortest edit from a to b (a longest common
// subsequence, by dynamic programming: the files diffed here are a few
// hundred lines), removals before additions where both are possible.
func diffLines(a, b []string) []op {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, op{same, a[i]})
			i, j = i+1, j+1
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{del, a[i]})
			i++
		default:
			ops = append(ops, op{add, b[j]})
			j++
		}
	}
	return ops
}

// unifiedDiff is the unified diff from old to new, the file named name in
// both; empty when they are equal.
func unifiedDiff(name, old, new string) string {
	ops := diffLines(splitLines(old), splitLines(new))
	var out strings.Builder
	// oldLine and newLine count the lines of each side before ops[k].
	oldLine, newLine := make([]int, len(ops)+1), make([]int, len(ops)+1)
	for k, o := range ops {
		oldLine[k+1], newLine[k+1] = oldLine[k], newLine[k]
		if o.kind != add {
			oldLine[k+1]++
		}
		if o.kind != del {
			newLine[k+1]++
		}
	}
	for k := 0; k < len(ops); {
		if ops[k].kind == same {
			k++
			continue
		}
		// A hunk: from contextLines before this change to contextLines
		// after the last change that is at most 2*contextLines unchanged
		// lines from the one before it.
		start, end := max(k-contextLines, 0), k
		for end < len(ops) {
			if ops[end].kind != same {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == same {
				run++
			}
			if run == len(ops) || run-end > 2*contextLines {
				end = min(end+contextLines, len(ops))
				break
			}
			end = run
		}
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(oldLine[start], oldLine[end]-oldLine[start]),
			hunkRange(newLine[start], newLine[end]-newLine[start]))
		for _, o := range ops[start:end] {
			out.WriteByte(byte(o.kind))
			out.WriteString(o.line)
			if !strings.HasSuffix(o.line, "\n") {
				out.WriteString("\n" + noNewline)
			}
		}
		k = end
	}
	return out.String()
}

// hunkRange is a hunk's range of n lines after line before: its first line
// and length, or the line before it when it is empty.
func hunkRange(before, n int) string {
	if n == 0 {
		return strconv.Itoa(before) + ",0"
	}
	if n == 1 {
		return strconv.Itoa(before + 1)
	}
	return strconv.Itoa(before+1) + "," + strconv.Itoa(n)
}

// filePatch is the part of a patch about one file: its hunks in order.
type filePatch struct {
	name  string
	hunks []hunk
}

type hunk struct {
	header   string // the @@ line, to name the hunk in errors
	oldStart int    // the first old line (1-based), or the line before when old is empty
	old, new []string
}

// parsePatch reads a unified diff of several files. Text before the first
// file (a description) is skipped, as patch does.
func parsePatch(patch string) ([]filePatch, error) {
	ls := splitLines(patch)
	var files []filePatch
	for i := 0; i < len(ls); {
		if !strings.HasPrefix(ls[i], "--- ") {
			if len(files) > 0 {
				return nil, fmt.Errorf("patch line %d: %q is neither a hunk nor a file header", i+1, strings.TrimSpace(ls[i]))
			}
			i++
			continue
		}
		if i+1 == len(ls) || !strings.HasPrefix(ls[i+1], "+++ ") {
			return nil, fmt.Errorf("patch line %d: --- without +++", i+1)
		}
		oldName, newName := fileName(ls[i], "--- a/"), fileName(ls[i+1], "+++ b/")
		if oldName == "" || oldName != newName {
			return nil, fmt.Errorf("patch line %d: a file patch must change one file a/NAME into b/NAME, not %q into %q", i+1, strings.TrimSpace(ls[i][4:]), strings.TrimSpace(ls[i+1][4:]))
		}
		f := filePatch{name: oldName}
		i += 2
		for i < len(ls) && strings.HasPrefix(ls[i], "@@ ") {
			h, next, err := parseHunk(ls, i)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.name, err)
			}
			f.hunks = append(f.hunks, h)
			i = next
		}
		if len(f.hunks) == 0 {
			return nil, fmt.Errorf("patch line %d: %s has no hunks", i+1, f.name)
		}
		files = append(files, f)
	}
	return files, nil
}

func fileName(line, prefix string) string {
	if !strings.HasPrefix(line, prefix) {
		return ""
	}
	name, _, _ := strings.Cut(strings.TrimSuffix(line[len(prefix):], "\n"), "\t")
	return name
}

// parseHunk reads the hunk whose @@ line is ls[i]; next is the line after it.
func parseHunk(ls []string, i int) (h hunk, next int, err error) {
	h.header = strings.TrimSuffix(ls[i], "\n")
	var oldLen, newLen int
	ranges, _, ok := strings.Cut(strings.TrimPrefix(h.header, "@@ "), " @@")
	oldR, newR, ok2 := strings.Cut(ranges, " ")
	if !ok || !ok2 || !strings.HasPrefix(oldR, "-") || !strings.HasPrefix(newR, "+") {
		return h, 0, fmt.Errorf("patch line %d: malformed hunk header %q", i+1, h.header)
	}
	if h.oldStart, oldLen, err = parseRange(oldR[1:]); err == nil {
		_, newLen, err = parseRange(newR[1:])
	}
	if err != nil {
		return h, 0, fmt.Errorf("patch line %d: %q: %w", i+1, h.header, err)
	}
	for i++; len(h.old) < oldLen || len(h.new) < newLen; i++ {
		if i == len(ls) {
			return h, 0, fmt.Errorf("hunk %q ends early", h.header)
		}
		line := ls[i]
		switch {
		case line == noNewline:
			return h, 0, fmt.Errorf("hunk %q: %q after a complete hunk line", h.header, strings.TrimSpace(noNewline))
		case strings.HasPrefix(line, " "):
			h.old, h.new = append(h.old, line[1:]), append(h.new, line[1:])
		case strings.HasPrefix(line, "-"):
			h.old = append(h.old, line[1:])
		case strings.HasPrefix(line, "+"):
			h.new = append(h.new, line[1:])
		case line == "\n": // an empty context line whose space an editor trimmed
			h.old, h.new = append(h.old, line), append(h.new, line)
		default:
			return h, 0, fmt.Errorf("hunk %q: unexpected line %q", h.header, strings.TrimSpace(line))
		}
		if i+1 < len(ls) && ls[i+1] == noNewline {
			// The line just read is the file's last and has no "\n".
			i++
			trim := func(side []string) {
				if n := len(side); n > 0 && side[n-1] == line[1:] {
					side[n-1] = strings.TrimSuffix(side[n-1], "\n")
				}
			}
			switch line[0] {
			case ' ':
				trim(h.old)
				trim(h.new)
			case '-':
				trim(h.old)
			case '+':
				trim(h.new)
			}
		}
	}
	if len(h.old) != oldLen || len(h.new) != newLen {
		return h, 0, fmt.Errorf("hunk %q: its lines do not add up to its header", h.header)
	}
	return h, i, nil
}

func parseRange(r string) (start, n int, err error) {
	s, l, hasLen := strings.Cut(r, ",")
	if start, err = strconv.Atoi(s); err != nil {
		return 0, 0, err
	}
	n = 1
	if hasLen {
		n, err = strconv.Atoi(l)
	}
	return start, n, err
}

// errHunk marks a hunk that does not apply.
var errHunk = errors.New("does not apply")

// apply applies f's hunks to text.
func (f filePatch) apply(text string) (string, error) {
	src := splitLines(text)
	var out []string
	cursor, delta := 0, 0 // cursor: src lines before it are done
	for _, h := range f.hunks {
		want := h.oldStart - 1 + delta
		if len(h.old) == 0 {
			want = h.oldStart + delta
		}
		at := -1
		if want >= cursor && matches(src, want, h.old) {
			at = want
		} else {
			var found []int
			for p := cursor; p+len(h.old) <= len(src); p++ {
				if matches(src, p, h.old) {
					found = append(found, p)
				}
			}
			if len(found) != 1 {
				where := "nowhere"
				if len(found) > 1 {
					where = fmt.Sprintf("at %d places", len(found))
				}
				return "", fmt.Errorf("%s: hunk %q %w: its lines match %s in the file", f.name, h.header, errHunk, where)
			}
			at = found[0]
		}
		out = append(append(out, src[cursor:at]...), h.new...)
		cursor = at + len(h.old)
		delta = at - want + delta // where the file moved, the next hunks likely moved too
	}
	out = append(out, src[cursor:]...)
	return strings.Join(out, ""), nil
}

func matches(src []string, at int, want []string) bool {
	if at < 0 || at+len(want) > len(src) {
		return false
	}
	for i, l := range want {
		if src[at+i] != l {
			return false
		}
	}
	return true
}
