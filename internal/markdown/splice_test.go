package markdown_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

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
			same, err := markdown.FromDocument(mdtest.ViaJSON(t, markdown.ToDocument(src)))
			if err != nil {
				t.Fatal(err)
			}
			if got := markdown.Splice(src, same); got != src {
				t.Errorf("written back unchanged, the page changes:\n%s", mdtest.FirstDiff(got, src))
			}
			doc := mdtest.ViaJSON(t, markdown.ToDocument(src))
			want, ok := mdtest.EditOneParagraph(doc.(map[string]any), src, "This paragraph was changed by a client.")
			if !ok {
				t.Skip("no paragraph of plain text on whole lines")
			}
			edited++
			written, err := markdown.FromDocument(doc)
			if err != nil {
				t.Fatal(err)
			}
			if got := markdown.Splice(src, written); got != want {
				t.Errorf("one paragraph changed, the page:\n%s", mdtest.FirstDiff(got, want))
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
		// The frontmatter, which a document cannot hold, stays when no block
		// does, as when one does.
		{"---\ntitle: T\n---\n\nOld.\n", "New.\n", "---\ntitle: T\n---\n\nNew.\n"},
		{"---\ntitle: T\n---\nOld.\n", "", "---\ntitle: T\n---\n"},
		{"---\ntitle: T\n---", "New.\n", "---\ntitle: T\n---\n\nNew.\n"},
		{"---\ntitle: T\n---\n\n* a\n", "- a\n- b\n", "---\ntitle: T\n---\n\n- a\n- b\n"},
		{"_a_ one.\n\n* x\n* y\n\nEnd.\n", "*a* one.\n\n- x\n- z\n\nEnd.\n", "_a_ one.\n\n- x\n- z\n\nEnd.\n"},
		// The definition a kept link needs goes with the changed block.
		{"[a][r]\n\nB.\n[r]: /u\n", "[a](/u)\n\nC.\n", "[a](/u)\n\nC.\n"},
		// A list kept before a list written would join it: written whole.
		{"- a\n\n* b\n", "- a\n\n* c\n", "- a\n\n* c\n"},
	} {
		got := markdown.Splice(c.old, c.written)
		if got != c.want {
			t.Errorf("Splice(%q, %q) = %q, want %q", c.old, c.written, got, c.want)
		}
		if !reflect.DeepEqual(mdtest.ViaJSON(t, markdown.ToDocument(got)), mdtest.ViaJSON(t, markdown.ToDocument(c.written))) {
			t.Errorf("Splice(%q, %q) = %q reads as another document", c.old, c.written, got)
		}
	}
}
