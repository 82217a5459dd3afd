// Package mdtest holds what the tests of internal/markdown and those of the
// REST API both need of GitBook's JSON document: its schema as GitBook's
// own client package ships it, a document as a client sends it back, and a
// client's edit of one paragraph. It brings no server (rest/resttest
// does), so the markdown package's tests and fuzz targets can use it.
package mdtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/internal/npmcache"
)

// GitBookAPI is GitBook's API client package, whose spec/openapi.json is
// the document every test checks Folio's answers and documents against.
const GitBookAPI = "@gitbook/api@0.202.0"

// GitBookSpecPath returns the path of GitBook's OpenAPI document, installing
// GitBookAPI into the test cache the first time (never from ../shared,
// which a clone of the project does not have).
func GitBookSpecPath() (string, error) {
	dir, err := npmcache.Package(GitBookAPI)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "node_modules/@gitbook/api/spec/openapi.json"), nil
}

// DocumentSchema is GitBook's JSONDocument schema, compiled from
// GitBook's OpenAPI document.
func DocumentSchema(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	path, err := GitBookSpecPath()
	if err != nil {
		tb.Fatalf("GitBook's OpenAPI document: %v", err)
	}
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("GitBook's OpenAPI document: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		tb.Fatalf("GitBook's OpenAPI document %s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("file:///gitbook.json", doc); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile("file:///gitbook.json#/components/schemas/JSONDocument")
	if err != nil {
		tb.Fatalf("GitBook's JSONDocument schema: %v", err)
	}
	return s
}

// ViaJSON is v as a client holds it after reading it: its JSON, decoded
// (maps of any, float64 numbers), which is what a document sent back
// looks like to the server.
func ViaJSON(tb testing.TB, v any) any {
	tb.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		tb.Fatal(err)
	}
	return out
}

// EditOneParagraph is a GitBook client's edit of a document: in doc (as
// ViaJSON decodes it), the first top-level paragraph of one unmarked leaf
// whose source in src is a run of whole lines between blank lines (their
// text joined by spaces, as a paragraph's soft line breaks read), and
// whose first line stands once in src, gets the text to. want is src with
// those lines replaced by to, worked out from the source alone, so that it
// checks the markdown written from the document without trusting it; ok is
// false (and doc unchanged) when the page has no such paragraph.
func EditOneParagraph(doc map[string]any, src, to string) (want string, ok bool) {
	lines := strings.SplitAfter(src, "\n")
	for _, n := range doc["nodes"].([]any) {
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

// FirstDiff shows where got first differs from want: both from a little
// before that offset, so a failure names the bytes and not only the page.
func FirstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-80)
	return "got  …" + got[from:min(len(got), i+160)] + "\nwant …" + want[from:min(len(want), i+160)]
}
