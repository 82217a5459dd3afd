package markdown_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/markdown"
)

// editOneParagraph is a GitBook client's edit: in doc (as JSON decodes
// it), the first top-level paragraph of one unmarked leaf whose source in
// src is a run of whole lines between blank lines (their text joined by
// spaces, as a paragraph's soft line breaks read) gets the text to; want
// is src with those lines replaced by to, worked out from the source
// alone. ok is false when the page has no such paragraph.
func editOneParagraph(doc any, src, to string) (want string, ok bool) {
	lines := strings.SplitAfter(src, "\n")
	for _, n := range doc.(map[string]any)["nodes"].([]any) {
		b := n.(map[string]any)
		if b["type"] != "paragraph" || len(b["nodes"].([]any)) != 1 {
			continue
		}
		t, _ := b["nodes"].([]any)[0].(map[string]any)
		leaves, _ := t["leaves"].([]any)
		if t["object"] != "text" || len(leaves) != 1 {
			continue
		}
		leaf := leaves[0].(map[string]any)
		if marks, _ := leaf["marks"].([]any); len(marks) > 0 {
			continue
		}
		text := leaf["text"].(string)
		for i := range lines {
			if i > 0 && strings.TrimSpace(lines[i-1]) != "" {
				continue
			}
			var joined []string
			for j := i; j < len(lines) && strings.TrimSpace(lines[j]) != ""; j++ {
				joined = append(joined, strings.TrimSpace(lines[j]))
				if strings.Join(joined, " ") == text && (j+1 == len(lines) || strings.TrimSpace(lines[j+1]) == "") &&
					strings.Count(src, lines[i]) == 1 {
					leaf["text"] = to
					return strings.Join(lines[:i], "") + to + "\n" + strings.Join(lines[j+1:], ""), true
				}
			}
		}
	}
	return "", false
}

// TestSpliceOneParagraph is the trip issue 37's "Done when" names, on
// every corpus document and seed page: the page read as a document, one
// paragraph's text changed, the document written back (FromDocument, then
// Splice over the page) gives the page with that paragraph's lines
// changed and not a byte else; written back unchanged, the page as it was.
func TestSpliceOneParagraph(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.md")
	if err != nil || len(files) < 50 {
		t.Fatalf("corpus: %d, %v", len(files), err)
	}
	seeds, _ := filepath.Glob("testdata/*.md")
	edited := 0
	for _, f := range append(files, seeds...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := markdown.Normalize(string(b))
		t.Run(filepath.Base(f), func(t *testing.T) {
			same, err := markdown.FromDocument(decode(t, markdown.ToDocument(src)))
			if err != nil {
				t.Fatal(err)
			}
			if got := markdown.Splice(src, same); got != src {
				t.Errorf("written back unchanged, the page changes:\n%s", spliceDifference(got, src))
			}
			doc := decode(t, markdown.ToDocument(src))
			want, ok := editOneParagraph(doc, src, "This paragraph was changed by a client.")
			if !ok {
				t.Skip("no paragraph of plain text on whole lines")
			}
			edited++
			written, err := markdown.FromDocument(doc)
			if err != nil {
				t.Fatal(err)
			}
			if got := markdown.Splice(src, written); got != want {
				t.Errorf("one paragraph changed, the page:\n%s", spliceDifference(got, want))
			}
		})
	}
	if edited < 50 {
		t.Errorf("only %d documents have a paragraph to change", edited)
	}
}

// TestSpliceFallsBack: where kept source would read differently next to
// what is written, the whole document is written.
func TestSpliceFallsBack(t *testing.T) {
	for _, c := range []struct{ old, written, want string }{
		{"", "New.\n", "New.\n"},
		{"Old.\n", "New.\n", "New.\n"},
		{"---\ntitle: T\n---\n\nOne.\n\nTwo.\n", "One.\n\nChanged.\n", "---\ntitle: T\n---\n\nOne.\n\nChanged.\n"},
		{"_a_ one.\n\n* x\n* y\n\nEnd.\n", "*a* one.\n\n- x\n- z\n\nEnd.\n", "_a_ one.\n\n- x\n- z\n\nEnd.\n"},
		// The definition a kept link needs goes with the changed block.
		{"[a][r]\n\nB.\n[r]: /u\n", "[a](/u)\n\nC.\n", "[a](/u)\n\nC.\n"},
		// A list kept before a list written would join it: written whole.
		{"- a\n\n* b\n", "- a\n\n* c\n", "- a\n\n* c\n"},
	} {
		if got := markdown.Splice(c.old, c.written); got != c.want {
			t.Errorf("Splice(%q, %q) = %q, want %q", c.old, c.written, got, c.want)
		}
	}
}

func spliceDifference(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-80)
	return "got  …" + got[from:min(len(got), i+120)] + "\nwant …" + want[from:min(len(want), i+120)]
}
