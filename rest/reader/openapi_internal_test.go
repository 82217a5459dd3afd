package reader

import (
	"encoding/json"
	"strings"
	"testing"

	"folio/internal/pagerender"
)

// fsOf makes a processed filesystem (internal/openapidoc's shape).
func fsOf(entry string, files map[string]string) json.RawMessage {
	m := map[string]json.RawMessage{}
	for k, v := range files {
		m[k] = json.RawMessage(v)
	}
	b, _ := json.Marshal(map[string]any{"entrypoint": entry, "files": m})
	return b
}

// TestRenderPageSpecs renders API blocks from specifications of the
// shapes processing stores: Swagger 2.0, a document split into files,
// and filesystems that do not parse (a notice, never a panic).
func TestRenderPageSpecs(t *testing.T) {
	swagger := `{"swagger":"2.0","info":{"title":"Old","version":"1"},"host":"old.example.com","basePath":"/v1","schemes":["https"],
		"paths":{"/things":{"get":{"summary":"List things","parameters":[{"name":"limit","in":"query","required":true,"type":"integer"}],
		"responses":{"200":{"description":"ok","schema":{"type":"array","items":{"type":"string"}}}}}}}}`
	split := fsOf("openapi.json", map[string]string{
		"openapi.json": `{"openapi":"3.0.3","info":{"title":"S","version":"1"},"paths":{"/a":{"get":{"summary":"Get A",
			"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"schemas/a.json"}}}}}}}}}`,
		"schemas/a.json": `{"type":"object","properties":{"deep":{"type":"string","description":"From another file"}}}`,
	})
	specs := []specVersion{
		{Slug: "old", VersionID: "v-old", Filesystem: fsOf("spec.json", map[string]string{"spec.json": swagger})},
		{Slug: "split", VersionID: "v-split", Filesystem: split},
		{Slug: "junk", VersionID: "v-junk", Filesystem: json.RawMessage(`{"entrypoint":"x","files":{"x":{"openapi":"3.0.0","paths":{"/a":7}}}}`)},
		{Slug: "empty", VersionID: "v-empty", Filesystem: json.RawMessage(`{}`)},
	}
	md := "# API\n\n{% openapi-operation spec=\"old\" path=\"/things\" method=\"get\" %}\n{% endopenapi-operation %}\n\n" +
		"{% openapi-operation spec=\"split\" path=\"/a\" method=\"get\" %}\n{% endopenapi-operation %}\n\n" +
		"{% openapi-operation spec=\"junk\" path=\"/a\" method=\"get\" %}\n{% endopenapi-operation %}\n\n" +
		"{% openapi-schemas spec=\"empty\" schemas=\"A\" %}\n{% endopenapi-schemas %}\n\n" +
		"- in a list\n\n  {% openapi-operation spec=\"old\" path=\"/things\" method=\"get\" %}\n  {% endopenapi-operation %}\n"
	out := string(renderPage(md, pagerender.Options{}, specs).HTML)
	for _, want := range []string{
		"<h2 id=\"op-get-things\">List things</h2>", "curl -X GET &#39;https://old.example.com/v1/things?limit=0&#39;", "array of string",
		"<h2 id=\"op-get-a\">Get A</h2>", "<code class=\"api-name\">deep</code>", "<p>From another file</p>",
		"The OpenAPI specification &#34;junk&#34; could not be read.", "The OpenAPI specification &#34;empty&#34; could not be read.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	// A block in a list item is not the page's (GitBook allows none there):
	// its tag stays text, and nothing of it is rendered.
	if strings.Count(out, `id="op-get-things"`) != 1 {
		t.Errorf("the block in a list was rendered:\n%s", out)
	}
}
