package markdown_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

// Fuzz targets for the markdown ↔ document conversion, which reads
// untrusted input both ways: page markdown from imports and the API, and
// documents (JSON) from the API. Run one with
//
//	go test -run x -fuzz FuzzDocumentRoundTrip -fuzztime 1m ./internal/markdown
//
// or all of them with `make fuzz`.

// maxFuzzMarkdown bounds the inputs the fuzzer tries: the conversions are
// linear, longer inputs only slow the search down.
const maxFuzzMarkdown = 4 << 10

// FuzzDocumentRoundTrip: markdown → document → markdown never panics, the
// markdown of any document ToDocument writes can be written (no error), and
// after one trip the conversion is stable: the markdown and the document
// (as its JSON decodes) of the second trip equal those of the third.
func FuzzDocumentRoundTrip(f *testing.F) {
	for _, c := range documentCases {
		f.Add(c.src)
	}
	for _, src := range hardDocuments {
		f.Add(src)
	}
	for _, c := range blockCases {
		f.Add(c.src)
	}
	for _, p := range seedPages {
		f.Add(strings.ReplaceAll(p, "´", "`"))
	}
	f.Fuzz(func(t *testing.T, src string) {
		// The API refuses invalid UTF-8 and NUL before anything converts
		// it (rest/input.go), and JSON could not carry them unchanged.
		if len(src) > maxFuzzMarkdown || !utf8.ValidString(src) || strings.IndexByte(src, 0) >= 0 {
			t.Skip()
		}
		trip := func(md string) (any, string) {
			t.Helper()
			doc := mdtest.ViaJSON(t, markdown.ToDocument(md))
			out, err := markdown.FromDocument(doc)
			if err != nil {
				t.Fatalf("FromDocument(ToDocument(%q)): %v", md, err)
			}
			return doc, out
		}
		_, md2 := trip(src)
		doc2, md3 := trip(md2)
		doc3, md4 := trip(md3)
		if md2 != md3 || md3 != md4 {
			t.Fatalf("markdown not stable after one trip:\n src %q\none  %q\ntwo  %q\nthree %q", src, md2, md3, md4)
		}
		if !reflect.DeepEqual(doc2, doc3) {
			a, _ := json.Marshal(doc2)
			b, _ := json.Marshal(doc3)
			t.Fatalf("document not stable after one trip:\n src %q\n%s\n%s", src, a, b)
		}
	})
}

// FuzzFromDocument: any JSON a client sends as a document converts to
// markdown or to an error; never a panic. What converts is markdown that
// converts back to a document whose markdown is itself again.
func FuzzFromDocument(f *testing.F) {
	for _, c := range documentCases {
		b, _ := json.Marshal(markdown.ToDocument(c.src))
		f.Add(b)
	}
	for _, src := range hardDocuments {
		b, _ := json.Marshal(markdown.ToDocument(src))
		f.Add(b)
	}
	for _, c := range blockCases {
		b, _ := json.Marshal(markdown.ToDocument(c.src))
		f.Add(b)
	}
	for _, s := range []string{
		`{}`, `[]`, `null`, `"document"`, `{"object":"document"}`, `{"object":"document","nodes":null}`,
		`{"object":"document","nodes":[{}]}`, `{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"text","leaves":[{"object":"leaf","text":"x","marks":[{"object":"mark","type":"bold"}]}]}]}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"heading-1","nodes":[{"object":"text","leaves":[{"text":1}]}]}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"list-ordered","data":{"start":-1e300},"nodes":[{"object":"block","type":"list-item","nodes":[]}]}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"table","data":{"view":{"columns":[1,"a"]},"records":{"r":{"values":{"a":"x"}}},"definition":{"a":{"type":"text","title":"A"}}}}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"hint","data":{"style":"nope"},"nodes":[{"object":"block","type":"hint","nodes":[]}]}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"code","data":{"syntax":"a` + "```" + `"},"nodes":[{"object":"block","type":"code-line","nodes":[{"object":"text","leaves":[{"text":"` + "```" + `"}]}]}]}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"images","nodes":[{"object":"block","type":"image","data":{"ref":{"kind":"url","url":"a b)"}},"fragments":[]}]}]}`,
		`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"inline","type":"link","data":{"ref":{"kind":"url","url":"<>"}},"nodes":[{"object":"inline","type":"link","nodes":[]}]}]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > maxFuzzMarkdown {
			t.Skip()
		}
		var doc any
		if json.Unmarshal(b, &doc) != nil {
			t.Skip()
		}
		md, err := markdown.FromDocument(doc)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		again, err := markdown.FromDocument(mdtest.ViaJSON(t, markdown.ToDocument(md)))
		if err != nil {
			t.Fatalf("FromDocument(ToDocument(%q)): %v", md, err)
		}
		if once, err := markdown.FromDocument(mdtest.ViaJSON(t, markdown.ToDocument(again))); err != nil || once != again {
			t.Fatalf("markdown of a document not stable:\n doc %s\none %q\ntwo %q\nthree %q (%v)", b, md, again, once, err)
		}
	})
}

// TestDocumentSame: every seed of FuzzDocumentRoundTrip and every corpus
// document reads back as the very document it was read as once written
// (markdown → document → markdown → document): no mark, block or datum
// changes, only the markdown's formatting.
func TestDocumentSame(t *testing.T) {
	srcs := slices.Clone(hardDocuments)
	for _, c := range documentCases {
		srcs = append(srcs, c.src)
	}
	for _, c := range blockCases {
		srcs = append(srcs, c.src)
	}
	files, _ := filepath.Glob("testdata/corpus/*.md")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(b))
	}
	for _, src := range srcs {
		doc := mdtest.ViaJSON(t, markdown.ToDocument(src))
		md, err := markdown.FromDocument(doc)
		if err != nil {
			t.Fatalf("FromDocument(ToDocument(%.80q)): %v", src, err)
		}
		if again := mdtest.ViaJSON(t, markdown.ToDocument(md)); !reflect.DeepEqual(doc, again) {
			a, _ := json.Marshal(doc)
			b, _ := json.Marshal(again)
			t.Errorf("%.80q is written %.200q, which reads as another document:\n%.600s\n%.600s", src, md, a, b)
		}
	}
}
