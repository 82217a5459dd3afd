package markdown_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

// API reference blocks as GitBook's Git Sync writes them, and what comes
// back (the lines between the tags are GitBook's note for people, which
// it ignores on reading: Folio writes its own).
var openAPICases = []struct{ name, src, want string }{
	{"operation", "# API\n\n{% openapi-operation spec=\"petstore\" path=\"/pets/{id}\" method=\"get\" %}\n[OpenAPI petstore](https://example.com/petstore.json)\n{% endopenapi-operation %}\n\nAfter.\n",
		"# API\n\n{% openapi-operation spec=\"petstore\" path=\"/pets/{id}\" method=\"get\" %}\nOpenAPI petstore\n{% endopenapi-operation %}\n\nAfter.\n"},
	{"schemas", "{% openapi-schemas spec=\"petstore\" schemas=\"Pet,Error\" grouped=\"true\" %}\n[Broken link](broken-reference)\n{% endopenapi-schemas %}\n",
		"{% openapi-schemas spec=\"petstore\" schemas=\"Pet,Error\" grouped=\"true\" %}\nOpenAPI petstore\n{% endopenapi-schemas %}\n"},
	{"schemas title", "{% openapi-schemas spec=\"petstore\" schemas=\"Pet\" grouped=\"false\" title=\"The pet\" %}\nOpenAPI petstore\n{% endopenapi-schemas %}\n", ""},
	{"webhook", "{% openapi-webhook spec=\"petstore\" name=\"newPet\" method=\"POST\" %}\n[OpenAPI petstore](https://example.com)\n{% endopenapi-webhook %}\n",
		"{% openapi-webhook spec=\"petstore\" name=\"newPet\" method=\"post\" %}\nOpenAPI petstore\n{% endopenapi-webhook %}\n"},
	{"swagger url", "{% openapi src=\"https://example.com/openapi.yaml\" path=\"/pets\" method=\"post\" %}\n[https://example.com/openapi.yaml](https://example.com/openapi.yaml)\n{% endopenapi %}\n",
		"{% openapi src=\"https://example.com/openapi.yaml\" path=\"/pets\" method=\"post\" %}\nhttps://example.com/openapi.yaml\n{% endopenapi %}\n"},
	{"swagger one line", "{% openapi src=\"./openapi/github.yaml\" path=\"/api/auth\" method=\"get\" %}{% endopenapi %}\n\nText.\n",
		"{% openapi src=\"./openapi/github.yaml\" path=\"/api/auth\" method=\"get\" %}\n./openapi/github.yaml\n{% endopenapi %}\n\nText.\n"},
	{"swagger file", "{% openapi src=\"/files/abc\" path=\"/a\" method=\"get\" %}\n/files/abc\n{% endopenapi %}\n", ""},
	{"after a paragraph", "Intro.\n{% openapi-operation spec=\"s\" path=\"/a\" method=\"get\" %}\n{% endopenapi-operation %}\n",
		"Intro.\n\n{% openapi-operation spec=\"s\" path=\"/a\" method=\"get\" %}\nOpenAPI s\n{% endopenapi-operation %}\n"},
	{"missing attribute stays text", "{% openapi-operation spec=\"s\" path=\"/a\" %}\n", "\\{% openapi-operation spec=\"s\" path=\"/a\" %}\n"},
	// GitBook allows them on the page only: elsewhere the tag stays text.
	{"in a list item", "- Item\n\n  {% openapi-operation spec=\"s\" path=\"/a\" method=\"get\" %}\n  OpenAPI s\n  {% endopenapi-operation %}\n",
		"- Item\n\n  \\{% openapi-operation spec=\"s\" path=\"/a\" method=\"get\" %}\n"},
	{"in code stays code", "```\n{% openapi-operation spec=\"s\" path=\"/a\" method=\"get\" %}\n{% endopenapi-operation %}\n```\n", ""},
}

func TestOpenAPIBlocksRoundTrip(t *testing.T) {
	schema := mdtest.DocumentSchema(t)
	for _, c := range openAPICases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == "" {
				want = c.src
			}
			got := roundTrip(t, c.src)
			if got != want {
				t.Errorf("FromDocument(ToDocument(%q))\n got %q\nwant %q", c.src, got, want)
			}
			if again := roundTrip(t, got); again != got {
				t.Errorf("not idempotent:\n once %q\ntwice %q", got, again)
			}
			b, _ := json.Marshal(markdown.ToDocument(c.src))
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(doc); err != nil {
				t.Errorf("document of %q is not a JSONDocument: %v\n%s", c.src, err, b)
			}
		})
	}
}

// TestOpenAPIBlocksDocument checks the blocks' shapes (GitBook's
// DocumentBlockOpenAPIOperation and the others) and that a document in
// that shape, as a GitBook client sends it, writes the same markdown.
func TestOpenAPIBlocksDocument(t *testing.T) {
	src := "{% openapi-operation spec=\"petstore\" path=\"/pets\" method=\"get\" %}\nOpenAPI petstore\n{% endopenapi-operation %}\n\n" +
		"{% openapi-schemas spec=\"petstore\" schemas=\"Pet\" %}\nOpenAPI petstore\n{% endopenapi-schemas %}\n\n" +
		"{% openapi-webhook spec=\"petstore\" name=\"newPet\" method=\"post\" %}\nOpenAPI petstore\n{% endopenapi-webhook %}\n\n" +
		"{% openapi src=\"https://example.com/o.json\" path=\"/pets\" method=\"get\" %}\nhttps://example.com/o.json\n{% endopenapi %}\n"
	doc := mdtest.ViaJSON(t, markdown.ToDocument(src)).(map[string]any)
	want := mdtest.ViaJSON(t, []any{
		map[string]any{"object": "block", "type": "openapi-operation", "isVoid": true, "data": map[string]any{"path": "/pets", "method": "get", "ref": map[string]any{"kind": "openapi", "spec": "petstore"}}},
		map[string]any{"object": "block", "type": "openapi-schemas", "isVoid": true, "data": map[string]any{"schemas": []any{"Pet"}, "ref": map[string]any{"kind": "openapi", "spec": "petstore"}}},
		map[string]any{"object": "block", "type": "openapi-webhook", "isVoid": true, "data": map[string]any{"name": "newPet", "method": "post", "ref": map[string]any{"kind": "openapi", "spec": "petstore"}}},
		map[string]any{"object": "block", "type": "swagger", "isVoid": true, "data": map[string]any{"path": "/pets", "method": "get", "ref": map[string]any{"kind": "url", "url": "https://example.com/o.json"}}},
	})
	if !reflect.DeepEqual(doc["nodes"], want) {
		t.Fatalf("nodes:\n got %v\nwant %v", doc["nodes"], want)
	}
	// A GitBook client's block carries a key and meta, which are dropped.
	gb := map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{
		map[string]any{"object": "block", "type": "openapi-operation", "key": "k1", "isVoid": true, "meta": map[string]any{"id": "x"},
			"data": map[string]any{"path": "/pets", "method": "GET", "ref": map[string]any{"kind": "openapi", "spec": "petstore"}}},
	}}
	got, err := markdown.FromDocument(gb)
	if err != nil || got != "{% openapi-operation spec=\"petstore\" path=\"/pets\" method=\"get\" %}\nOpenAPI petstore\n{% endopenapi-operation %}\n" {
		t.Fatalf("FromDocument = %q, %v", got, err)
	}
}

func TestOpenAPIBlocksRefused(t *testing.T) {
	for _, c := range []struct{ data, err string }{
		{`{"path":"/a","method":"get","ref":{"kind":"url","url":"x"}}`, "data.ref"},
		{`{"path":"/a","method":"get"}`, "data.ref"},
		{`{"path":"/a\"b","method":"get","ref":{"kind":"openapi","spec":"s"}}`, "data.path"},
		{`{"method":"get","ref":{"kind":"openapi","spec":"s"}}`, "data.path"},
		{`{"path":"/a","method":"get","ref":{"kind":"openapi","spec":"s %} x"}}`, "data.ref"},
	} {
		var data any
		if err := json.Unmarshal([]byte(c.data), &data); err != nil {
			t.Fatal(err)
		}
		doc := map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{
			map[string]any{"object": "block", "type": "openapi-operation", "isVoid": true, "data": data}}}
		_, err := markdown.FromDocument(doc)
		if err == nil || !strings.Contains(err.Error(), c.err) || !strings.HasPrefix(err.Error(), "nodes[0]") {
			t.Errorf("%s: error %v, want one naming nodes[0] and %s", c.data, err, c.err)
		}
	}
}

func TestOpenAPIBlocksListed(t *testing.T) {
	src := "---\ntitle: T\n---\n\n# T\n\n{% openapi-operation spec=\"a\" path=\"/x\" method=\"GET\" %}\nnote\n{% endopenapi-operation %}\n\n" +
		"- item\n\n  {% openapi-schemas spec=\"b\" schemas=\"P, Q\" %}\n  {% endopenapi-schemas %}\n"
	got := markdown.OpenAPIBlocks(src)
	if len(got) != 2 {
		t.Fatalf("blocks: %+v", got)
	}
	op := got[0]
	if op.Kind != markdown.OpenAPIOperation || op.Spec != "a" || op.Path != "/x" || op.Method != "get" || !op.TopLevel {
		t.Errorf("operation: %+v", op)
	}
	if span := src[op.Start:op.End]; !strings.HasPrefix(span, "{% openapi-operation") || !strings.HasSuffix(span, "{% endopenapi-operation %}\n") {
		t.Errorf("span %q", span)
	}
	if s := got[1]; s.Kind != markdown.OpenAPISchemas || !reflect.DeepEqual(s.Schemas, []string{"P", "Q"}) || s.TopLevel {
		t.Errorf("schemas: %+v", s)
	}
}
