package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// apiSpec is the specification the API reference tests render: servers,
// bearer authentication, path and query parameters, a request body that
// combines allOf and oneOf, examples, a deprecated operation, a webhook,
// and markdown (with script) in its descriptions.
func apiSpec(summary string) string {
	return `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
servers:
  - url: https://api.example.com/{version}
    variables:
      version:
        default: v2
security:
  - bearer: []
paths:
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        description: The pet's **id**.
        schema:
          type: string
    get:
      summary: ` + summary + `
      description: "Returns one pet. <script>alert(1)</script>"
      parameters:
        - name: expand
          in: query
          required: true
          schema:
            type: string
            enum: [owner, toys]
      responses:
        "200":
          description: The pet
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Pet"
        "404":
          description: No such pet
  /pets:
    post:
      summary: Create a pet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              allOf:
                - $ref: "#/components/schemas/NewPet"
                - type: object
                  properties:
                    kind:
                      oneOf:
                        - $ref: "#/components/schemas/Cat"
                        - $ref: "#/components/schemas/Dog"
            example:
              name: Rex
      responses:
        "201":
          description: Created
    delete:
      summary: Delete every pet
      deprecated: true
      responses:
        "204":
          description: Gone
webhooks:
  newPet:
    post:
      summary: A pet was added
      requestBody:
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/Pet"
      responses:
        "200":
          description: Received
components:
  securitySchemes:
    bearer:
      type: http
      scheme: bearer
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        name:
          type: string
          description: What the pet answers to.
    Pet:
      allOf:
        - $ref: "#/components/schemas/NewPet"
        - type: object
          properties:
            id:
              type: string
              format: uuid
            friends:
              type: array
              items:
                $ref: "#/components/schemas/Pet"
    Cat:
      type: object
      properties:
        meows:
          type: boolean
    Dog:
      type: object
      properties:
        barks:
          type: boolean
`
}

const apiPage = "# Pets API\n\nIntro text.\n\n" +
	"{% openapi-operation spec=\"pets\" path=\"/pets/{petId}\" method=\"get\" %}\n[OpenAPI pets](https://example.com/pets.yaml)\n{% endopenapi-operation %}\n\n" +
	"{% openapi-operation spec=\"pets\" path=\"/pets\" method=\"post\" %}\nOpenAPI pets\n{% endopenapi-operation %}\n\n" +
	"{% openapi-operation spec=\"pets\" path=\"/pets\" method=\"delete\" %}\nOpenAPI pets\n{% endopenapi-operation %}\n\n" +
	"{% openapi-webhook spec=\"pets\" name=\"newPet\" method=\"post\" %}\nOpenAPI pets\n{% endopenapi-webhook %}\n\n" +
	"{% openapi-schemas spec=\"pets\" schemas=\"Pet\" grouped=\"false\" %}\nOpenAPI pets\n{% endopenapi-schemas %}\n\nOutro text.\n"

const brokenAPIPage = "# Broken\n\n" +
	"{% openapi-operation spec=\"nope\" path=\"/pets\" method=\"get\" %}\n{% endopenapi-operation %}\n\n" +
	"{% openapi-operation spec=\"pets\" path=\"/cats\" method=\"get\" %}\n{% endopenapi-operation %}\n\n" +
	"{% openapi-operation spec=\"pets\" path=\"/pets\" method=\"patch\" %}\n{% endopenapi-operation %}\n\n" +
	"{% openapi-webhook spec=\"pets\" name=\"gone\" method=\"post\" %}\n{% endopenapi-webhook %}\n\n" +
	"{% openapi-schemas spec=\"pets\" schemas=\"Ghost\" %}\n{% endopenapi-schemas %}\n\n" +
	"{% openapi src=\"https://example.com/o.json\" path=\"/a\" method=\"get\" %}\nhttps://example.com/o.json\n{% endopenapi %}\n"

// apiSite publishes a site whose space has the API reference pages, with
// the organization's spec "pets" processed; it returns the site's base
// path and the spec's REST path.
func apiSite(t *testing.T, srv *resttest.Server, alice *resttest.Client, org string) (string, string) {
	t.Helper()
	specs := "/v1/orgs/" + org + "/openapi"
	alice.Post(specs, map[string]any{"slug": "pets", "source": map[string]any{"text": apiSpec("Get a pet")}}).Expect(http.StatusCreated)
	waitSpec(t, alice, specs+"/pets", func(s map[string]any) bool { return complete(s) && s["lastVersion"] != nil })
	sp := spaceWithDocs(t, srv, org, "API", store.VisibilityPrivate, []readerDoc{
		{"api", "", apiPage},
		{"broken", "", brokenAPIPage},
	})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Pets", "visibility": "public"}), "id")
	alice.Post(sitesPath(org)+"/"+id+"/site-spaces", map[string]any{"spaceId": sp.ID}).Expect(http.StatusCreated)
	alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK)
	return "/sites/" + id, specs + "/pets"
}

func TestReaderAPIReference(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	base, spec := apiSite(t, srv, alice, org)
	b := newBrowser(t, srv)

	page := b.get(base+"/api").expect(t, http.StatusOK)
	page.has(t,
		// The text around the blocks stays in place.
		"<p>Intro text.</p>", "<p>Outro text.</p>",
		// Method, path, summary, description (markdown, sanitized).
		`<h2 id="op-get-pets-petid">Get a pet</h2>`, `<span class="api-method api-GET">GET</span> <code>/pets/{petId}</code>`,
		"<p>Returns one pet. </p>",
		// Authentication, from the document's security.
		"<strong>HTTP bearer</strong> (bearer): <code>Authorization: Bearer &lt;token&gt;</code>",
		// Parameters: the path item's and the operation's, with markdown descriptions and enums.
		`<code class="api-name">petId</code> <span class="api-type">string</span> <span class="api-in">path</span> <span class="api-req">required</span><p>The pet&#39;s <strong>id</strong>.</p>`,
		`<code class="api-name">expand</code>`,
		// Responses with their schemas: allOf merged, nested arrays of a recursive schema.
		`<span class="api-code api-code-2">200</span> <code>application/json</code>`, `<span class="api-code api-code-4">404</span>`,
		`<code class="api-name">name</code> <span class="api-type">string</span> <span class="api-req">required</span><p>What the pet answers to.</p>`,
		`<code class="api-name">id</code> <span class="api-type">string (uuid)</span>`,
		`<code class="api-name">friends</code> <span class="api-type">array of Pet</span>`,
		// The request body: its example, oneOf variants by name.
		"<h3>Request body</h3>", `<p class="api-variant-label">One of:</p>`, `<span class="api-type">Cat</span>`, `<span class="api-type">Dog</span>`,
		"&#34;name&#34;: &#34;Rex&#34;",
		// curl: the server with its variable, required query, credentials, body.
		`<pre class="api-curl" tabindex="0"><code>curl -X GET &#39;https://api.example.com/v2/pets/{petId}?expand=owner&#39; \`,
		"-H &#39;Authorization: Bearer &lt;token&gt;&#39;",
		`-d &#39;{&#34;name&#34;:&#34;Rex&#34;}&#39;`,
		// Deprecated marked.
		`<section class="api-op api-deprecated"`, `<span class="api-badge api-badge-deprecated">Deprecated</span>`,
		// The webhook, its payload; the schema block.
		`<span class="api-badge">Webhook</span> <span class="api-method api-POST">POST</span> <code>newPet</code>`, "<h3>Payload</h3>",
		`<h2 id="schema-pet">The Pet object</h2>`,
	)
	page.hasNot(t, "<script", "alert(1)", "{% openapi", "FOLIOAPI")

	// Whatever is missing is a notice, never an error page.
	broken := b.get(base+"/broken").expect(t, http.StatusOK)
	broken.has(t,
		`The OpenAPI specification &#34;nope&#34; is not available`,
		`The OpenAPI specification &#34;pets&#34; has no path /cats.`,
		`The OpenAPI specification &#34;pets&#34; has no PATCH operation at /pets.`,
		`The OpenAPI specification &#34;pets&#34; has no POST webhook &#34;gone&#34;.`,
		`The OpenAPI specification &#34;pets&#34; has no schema &#34;Ghost&#34;.`,
		`refers to a specification at https://example.com/o.json`)
	if n := strings.Count(broken.Body, `class="api-notice"`); n != 6 {
		t.Errorf("%d notices, want 6", n)
	}

	// A new version of the spec re-renders the pages that use it: the
	// cached page's key (its ETag) changes with the spec's version.
	cached := b.get(base+"/api").expect(t, http.StatusOK)
	if cached.Header.Get("X-Folio-Cache") != "hit" {
		t.Fatalf("second view not from the cache: %v", cached.Header)
	}
	etag := cached.Header.Get("ETag")
	b.get(base+"/api", "If-None-Match", etag).expect(t, http.StatusNotModified)
	before := alice.Get(spec).Expect(http.StatusOK).JSON()
	alice.Put(spec, map[string]any{"source": map[string]any{"text": apiSpec("Fetch one pet")}}).Expect(http.StatusOK)
	waitSpec(t, alice, spec, func(s map[string]any) bool {
		return complete(s) && resttest.Str(s, "lastVersion") != resttest.Str(before, "lastVersion")
	})
	// The change feed says so (the reader's cache may listen to it).
	events := alice.Get("/v1/orgs/" + org + "/events?limit=100").Expect(http.StatusOK).JSON()
	if !strings.Contains(dumpJSON(events), `"changed":true`) {
		t.Errorf("no openapi_spec.processed event with changed: %s", dumpJSON(events))
	}
	after := b.get(base+"/api", "If-None-Match", etag).expect(t, http.StatusOK)
	after.has(t, `<h2 id="op-get-pets-petid">Fetch one pet</h2>`)
	after.hasNot(t, "Get a pet")
	if after.Header.Get("ETag") == etag || after.Header.Get("X-Folio-Cache") != "miss" {
		t.Errorf("after a new version: ETag %q (was %q), cache %q", after.Header.Get("ETag"), etag, after.Header.Get("X-Folio-Cache"))
	}
	// Deleted: the page says the spec is gone.
	alice.Delete(spec).Expect(http.StatusResetContent)
	b.get(base+"/api").expect(t, http.StatusOK).has(t, `The OpenAPI specification &#34;pets&#34; is not available`)
}

// TestAPIReferenceBlocksThroughTheAPI: a page's blocks read as GitBook's
// document blocks, and a GitBook document with them is stored as the
// markdown Git Sync writes.
func TestAPIReferenceBlocksThroughTheAPI(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	block := map[string]any{"object": "block", "type": "openapi-operation", "isVoid": true,
		"data": map[string]any{"path": "/pets", "method": "get", "ref": map[string]any{"kind": "openapi", "spec": "pets"}}}
	doc := map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{block}}
	cr := resttest.Str(newCR(t, alice, space, "api"), "id")
	alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_page", "ref": "ref", "title": "Reference", "document": map[string]any{"document": doc}},
	}}).Expect(http.StatusOK)
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	md := alice.Get(base + "/content/path/reference?format=markdown").Expect(http.StatusOK).JSON()
	if got := resttest.Str(md, "markdown"); !strings.Contains(got, "{% openapi-operation spec=\"pets\" path=\"/pets\" method=\"get\" %}\nOpenAPI pets\n{% endopenapi-operation %}") {
		t.Errorf("markdown = %q", got)
	}
	page := alice.Get(base + "/content/path/reference").Expect(http.StatusOK).JSON()
	nodes := page["document"].(map[string]any)["nodes"].([]any)
	got := nodes[len(nodes)-1].(map[string]any)
	if got["type"] != "openapi-operation" || resttest.Str(got, "data.ref.spec") != "pets" || resttest.Str(got, "data.path") != "/pets" {
		t.Errorf("document = %s", dumpJSON(page["document"]))
	}
}

func dumpJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
