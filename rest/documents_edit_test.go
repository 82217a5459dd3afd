package rest_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
	"folio/rest/resttest"
)

// TestClientEditsOneParagraph is issue 37's "Done when", through REST on
// the corpus of real-world READMEs (internal/markdown/testdata/corpus): a
// GitBook client reads each page as a document, changes one paragraph's
// text, writes the document back through a change request, and the
// page's markdown is the page as it was with that paragraph's lines
// changed, not a byte else. A page written back unchanged stays the same
// byte for byte.
func TestClientEditsOneParagraph(t *testing.T) {
	files, err := filepath.Glob("../internal/markdown/testdata/corpus/*.md")
	if err != nil || len(files) < 50 {
		t.Fatalf("corpus: %d documents, %v", len(files), err)
	}
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Corpus"})
	base := "/v1/spaces/" + space
	src := map[string]string{}
	var changes []map[string]any
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		slug := strings.TrimSuffix(filepath.Base(f), ".md")
		src[slug] = markdown.Normalize(string(b))
		changes = append(changes, map[string]any{"operation": "insert_page", "ref": slug, "slug": slug, "title": slug,
			"document": map[string]any{"markdown": src[slug]}})
	}
	ids := map[string]string{}
	for _, batch := range batches(t, changes) {
		for ref, id := range publish(t, alice, space, batch...) {
			ids[ref] = id
		}
	}

	// Every page read as a document and written back: one change request
	// with a paragraph changed on each page that has one, one with the
	// documents unchanged.
	want := map[string]string{}
	var edits, same []map[string]any
	for slug, id := range ids {
		var read struct{ Document map[string]any }
		alice.Get(base + "/content/page/" + id + "?format=document").Expect(http.StatusOK).Decode(&read)
		same = append(same, map[string]any{"operation": "update_page", "page": id, "document": map[string]any{"document": mdtest.ViaJSON(t, read.Document)}})
		if w, ok := mdtest.EditOneParagraph(read.Document, src[slug], "A client changed this paragraph, and nothing else."); ok {
			want[slug] = w
			edits = append(edits, map[string]any{"operation": "update_page", "page": id, "document": map[string]any{"document": read.Document}})
		}
	}
	t.Logf("%d of %d pages edited", len(edits), len(ids))
	if len(edits) < 95 {
		t.Errorf("only %d of %d pages have a paragraph of plain text to change", len(edits), len(ids))
	}
	check := func(cr, what string, want map[string]string) {
		t.Helper()
		for slug, w := range want {
			var back struct{ Markdown string }
			alice.Get(base + "/change-requests/" + cr + "/content/page/" + ids[slug] + "?format=markdown").Expect(http.StatusOK).Decode(&back)
			if back.Markdown != w {
				t.Errorf("%s, %s: the page became\n%s", slug, what, mdtest.FirstDiff(back.Markdown, w))
			}
		}
	}
	unchanged := resttest.Str(newCR(t, alice, space, "written back"), "id")
	for _, batch := range batches(t, same) {
		edit(t, alice, space, unchanged, batch...)
	}
	check(unchanged, "written back unchanged", src)

	cr := resttest.Str(newCR(t, alice, space, "one paragraph each"), "id")
	for _, batch := range batches(t, edits) {
		edit(t, alice, space, cr, batch...)
	}
	check(cr, "one paragraph changed", want)
}

// batches splits changes into content updates within the limits: 50
// changes, and a body of 1 MiB.
func batches(t *testing.T, changes []map[string]any) [][]map[string]any {
	t.Helper()
	var out [][]map[string]any
	var cur []map[string]any
	size := 0
	for _, c := range changes {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 900<<10 {
			t.Fatalf("a change of %d bytes", len(b))
		}
		if len(cur) == 50 || size+len(b) > 900<<10 {
			out, cur, size = append(out, cur), nil, 0
		}
		cur, size = append(cur, c), size+len(b)
	}
	return append(out, cur)
}
