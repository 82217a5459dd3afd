package rest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/internal/blob"
	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
	"folio/rest/resttest"
	"folio/service/export"
)

// nodePage is one page of TestEveryNodeTypeThroughTheServer: markdown in
// the form GitBook's Git Sync writes (Folio's own where GitBook has none),
// the node types of @gitbook/api's document it holds, and what the
// published reader must show of it.
type nodePage struct {
	slug     string
	md       string
	types    []string // node and mark types the document must hold
	html     []string // in the reader's page
	noSchema bool     // GitBook's schema cannot take it (TestBlocksRoundTrip says why)
}

// nodePages hold, between them, every one of the 53 node and mark types of
// @gitbook/api 0.202.0's document but emoji and annotation, which markdown
// cannot hold (docs/api/content.md's table). {{page}} is the id of the
// page "paragraph", for the nodes that point at a page.
var nodePages = []nodePage{
	{slug: "paragraph", md: "Plain text, two sentences. Here.\n",
		types: []string{"paragraph"}, html: []string{"<p>Plain text, two sentences. Here.</p>"}},
	{slug: "headings", md: "## Two\n\nText.\n\n### Three\n\n#### Four\n",
		types: []string{"heading-2", "heading-3"}, html: []string{`<h2 id="two">Two `, `<h3 id="three">Three `, `<h4 id="four">Four `}},
	{slug: "heading-one", md: "Intro.\n\n# One\n",
		types: []string{"heading-1"}, html: []string{`<h1 id="one">One `}},
	{slug: "marks", md: "**bold** *italic* `code` ~~struck~~ <kbd>Ctrl</kbd> <mark style=\"color:orange;\">orange</mark> x<sup>2</sup> H<sub>2</sub>O\n",
		types: []string{"bold", "italic", "code", "strikethrough", "keyboard", "color", "superscript", "subscript"},
		html:  []string{"<strong>bold</strong>", "<em>italic</em>", "<code>code</code>", "<del>struck</del>", "<kbd>Ctrl</kbd>", "<sup>2</sup>", "<sub>2</sub>", ">orange</mark>"}},
	{slug: "link", md: "See [the guide](https://example.com/guide \"The guide\").\n",
		types: []string{"link"}, html: []string{`<a href="https://example.com/guide" title="The guide"`}},
	{slug: "inline-image", md: "Icon ![gear](https://example.com/gear.svg) here.\n",
		types: []string{"inline-image"}, html: []string{`<img src="https://example.com/gear.svg" alt="gear"`}},
	{slug: "icon", md: "Launch <i class=\"fa-rocket\" style=\"color:$primary;\">:rocket:</i> now.\n",
		types: []string{"icon"}, html: []string{"Launch", "now."}},
	{slug: "expression", md: "Base URL: <code class=\"expression\">space.vars.api_live</code>\n",
		types: []string{"expression"}, html: []string{"Base URL:"}},
	{slug: "inline-math", md: "Where $$E = mc^2$$ holds.\n",
		types: []string{"inline-math"}, html: []string{`<math xmlns="http://www.w3.org/1998/Math/MathML">`, "<mi>E</mi>"}},
	{slug: "mention", md: "See [paragraph.md](/pages/{{page}} \"mention\") to learn more.\n",
		types: []string{"mention"}, html: []string{"to learn more."}},
	{slug: "button", md: "<a href=\"https://example.com/signup\" class=\"button primary\" data-icon=\"rocket\">Get started</a>\n",
		types: []string{"button"}, html: []string{"Get started"}, noSchema: true},
	{slug: "code", md: "{% code title=\"index.js\" overflow=\"wrap\" lineNumbers=\"true\" %}\n```javascript\nimport x from 'x';\n```\n{% endcode %}\n",
		types: []string{"code", "code-line"}, html: []string{`<figure class="code wrap"><figcaption>index.js</figcaption>`, `class="chroma"`}},
	{slug: "lists", md: "- one\n- two\n\n1. first\n2. second\n\n- [ ] todo\n- [x] done\n",
		types: []string{"list-unordered", "list-ordered", "list-tasks", "list-item"}, html: []string{"<ul>", "<ol>", `type="checkbox"`}},
	{slug: "blockquote", md: "> Quoted **text**.\n",
		types: []string{"blockquote"}, html: []string{"<blockquote>", "<strong>text</strong>"}},
	{slug: "hint", md: "{% hint style=\"warning\" %}\nCareful **now**.\n{% endhint %}\n",
		types: []string{"hint"}, html: []string{`<div class="hint hint-warning" role="note">`}},
	{slug: "divider", md: "Above.\n\n---\n\nBelow.\n",
		types: []string{"divider"}, html: []string{"<hr>"}},
	{slug: "table", md: "| Name | Default |\n| --- | ---: |\n| `limit` | 10 |\n",
		types: []string{"table"}, html: []string{`<table tabindex="0">`, "<code>limit</code>"}},
	{slug: "images", md: "![A diagram](https://example.com/d.png \"The caption\")\n\n<figure><img src=\"https://example.com/a.png\" alt=\"A\"><figcaption><p>A figure</p></figcaption></figure>\n",
		types: []string{"images", "image"}, html: []string{`src="https://example.com/d.png"`, "<figcaption>"}},
	{slug: "drawing", md: "<img src=\"https://example.com/flow.svg\" alt=\"The flow\" class=\"gitbook-drawing\">\n",
		types: []string{"drawing"}, html: []string{`src="https://example.com/flow.svg"`}},
	{slug: "file", md: "{% file src=\"https://example.com/guide.pdf\" %}\nThe whole guide.\n{% endfile %}\n",
		types: []string{"file"}, html: []string{`<p class="file"><a href="https://example.com/guide.pdf"`, "The whole guide."}},
	{slug: "embed", md: "{% embed url=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" %}\n",
		types: []string{"embed"}, html: []string{`href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"`}},
	{slug: "content-ref", md: "{% content-ref url=\"/pages/{{page}}\" %}\n[{{page}}](/pages/{{page}})\n{% endcontent-ref %}\n",
		types: []string{"content-ref"}, html: []string{`<p class="content-ref"><a href=`}},
	{slug: "math", md: "$$f(x) = x^2$$\n",
		types: []string{"math"}, html: []string{`<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">`}},
	{slug: "expandable", md: "<details>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n",
		types: []string{"expandable"}, html: []string{"<details", "<summary>More</summary>", "<strong>text</strong>"}},
	{slug: "tabs", md: "{% tabs %}\n{% tab title=\"Windows\" %}\nRun `setup.exe`.\n{% endtab %}\n\n{% tab title=\"macOS\" %}\nRun the app.\n{% endtab %}\n{% endtabs %}\n",
		types: []string{"tabs", "tabs-item"}, html: []string{`<details class="tab" name="tabs-1" open=""><summary>Windows</summary>`, `<details class="tab" name="tabs-1"><summary>macOS</summary>`}},
	{slug: "stepper", md: "{% stepper %}\n{% step %}\n## Install\n\nRun `make`.\n{% endstep %}\n\n{% step %}\n## Start\n{% endstep %}\n{% endstepper %}\n",
		types: []string{"stepper", "stepper-step"}, html: []string{`<ol class="stepper">`, `<li class="step">`}},
	{slug: "columns", md: "{% columns %}\n{% column width=\"66.66666666666666%\" valign=\"middle\" %}\nLeft.\n{% endcolumn %}\n\n{% column %}\nRight.\n{% endcolumn %}\n{% endcolumns %}\n",
		types: []string{"columns", "column"}, html: []string{`<div class="columns">`, `<div class="column"`}},
	{slug: "updates", md: "{% updates format=\"full\" %}\n{% update date=\"2024-01-15\" tags=\"api,beta\" %}\n## Version 2\n\nDark mode.\n{% endupdate %}\n{% endupdates %}\n",
		types: []string{"updates", "update"}, html: []string{`<time datetime="2024-01-15">15 January 2024</time>`, `<span class="update-tag">api</span>`}},
	{slug: "if", md: "{% if !visitor.claims.unsigned.beta %}\nJoin the beta.\n{% endif %}\n",
		types: []string{"if"}, html: []string{"Join the beta."}},
	{slug: "prompt", md: "{% prompt description=\"Summarise a release\" icon=\"rectangle-terminal\" defaultExpanded=\"full\" %}\n```markdown\nSummarise the key changes.\n```\n{% endprompt %}\n",
		types: []string{"prompt"}, html: []string{"<figure", "Summarise a release"}},
	{slug: "reusable-content", md: "{% include \"../.gitbook/includes/environments.md\" %}\n",
		types: []string{"reusable-content"}, html: []string{"Reusable content “environments” is not shown here"}},
	{slug: "integration", md: "{% @github-files/github-code-block %}\n",
		types: []string{"integration"}, html: []string{"“github-files” integration"}},
	{slug: "openapi", md: "{% openapi-operation spec=\"petstore\" path=\"/pets\" method=\"get\" %}\nOpenAPI petstore\n{% endopenapi-operation %}\n\n" +
		"{% openapi-schemas spec=\"petstore\" schemas=\"Pet\" grouped=\"false\" %}\nOpenAPI petstore\n{% endopenapi-schemas %}\n\n" +
		"{% openapi-webhook spec=\"petstore\" name=\"newPet\" method=\"post\" %}\nOpenAPI petstore\n{% endopenapi-webhook %}\n\n" +
		"{% openapi src=\"https://example.com/openapi.yaml\" path=\"/pets\" method=\"post\" %}\nhttps://example.com/openapi.yaml\n{% endopenapi %}\n",
		types: []string{"openapi-operation", "openapi-schemas", "openapi-webhook", "swagger"}, html: []string{"petstore"}},
}

// nodeTypes lists the node and mark types in a decoded document.
func nodeTypes(v any, into map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		if typ, ok := v["type"].(string); ok {
			if o := v["object"]; o == "block" || o == "inline" || o == "mark" {
				into[typ] = true
			}
		}
		for _, c := range v {
			nodeTypes(c, into)
		}
	case []any:
		for _, c := range v {
			nodeTypes(c, into)
		}
	}
}

// validDocument checks a document against GitBook's JSONDocument schema.
func validDocument(t *testing.T, schema *jsonschema.Schema, doc any) error {
	t.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return schema.Validate(v)
}

// TestEveryNodeTypeThroughTheServer takes every node type of GitBook's
// document through all of Folio, one page of nodePages at a time: the JSON
// document (passing GitBook's JSONDocument schema) is written through REST
// as a GitBook client writes it, read back as markdown in Git Sync's form
// and as the very same document, exported in the Git Sync layout (the
// page's file is that markdown), imported into a new space (the same
// document again), and rendered by the published reader as the page says,
// with no liquid tag left showing.
func TestEveryNodeTypeThroughTheServer(t *testing.T) {
	schema := mdtest.DocumentSchema(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Nodes"})
	base := "/v1/spaces/" + space

	// Every type of @gitbook/api's document is in a page or named as
	// without a markdown form.
	covered := map[string]bool{"emoji": true, "annotation": true}
	for _, p := range nodePages {
		for _, typ := range p.types {
			covered[typ] = true
		}
	}
	if missing := missingTypes(t, covered); len(missing) > 0 {
		t.Errorf("no page holds %v", missing)
	}

	// The page others point at first, then the rest, as documents.
	first := publish(t, alice, space, insertDocument(t, schema, nodePages[0], nodePages[0].md))
	pageID := first[nodePages[0].slug]
	want := map[string]string{nodePages[0].slug: nodePages[0].md}
	cr := resttest.Str(newCR(t, alice, space, "every node"), "id")
	var changes []map[string]any
	for _, p := range nodePages[1:] {
		md := strings.ReplaceAll(p.md, "{{page}}", pageID)
		want[p.slug] = md
		changes = append(changes, insertDocument(t, schema, p, md))
	}
	ids := edit(t, alice, space, cr, changes...)
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	ids[nodePages[0].slug] = pageID

	// Read back: the markdown is Git Sync's form, the document the same.
	docs := map[string]any{}
	for _, p := range nodePages {
		var read struct {
			Markdown string
			Document any
		}
		alice.Get(base + "/content/page/" + ids[p.slug] + "?format=markdown").Expect(http.StatusOK).Decode(&read)
		if read.Markdown != want[p.slug] {
			t.Errorf("%s: stored as\n%q\nwant\n%q", p.slug, read.Markdown, want[p.slug])
		}
		readDocument(t, srv, alice, p, base+"/content/page/"+ids[p.slug], &read)
		if sent := mdtest.ViaJSON(t, markdown.ToDocument(want[p.slug])); !reflect.DeepEqual(read.Document, sent) {
			t.Errorf("%s: read as another document:\n%s\nsent\n%s", p.slug, asJSON(read.Document), asJSON(sent))
		}
		docs[p.slug] = read.Document
	}

	// Export: each page's file is its markdown.
	archive := alice.Get(base + "/content/export").Expect(http.StatusOK).Body
	files, err := export.ReadArchive(archive)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range nodePages {
		name := p.slug + ".md"
		got, ok := files[name]
		if !ok {
			t.Errorf("%s: no %s in the export (%v)", p.slug, name, keys(files))
			continue
		}
		// Links to pages are relative paths there, as in Git Sync.
		exported := strings.ReplaceAll(want[p.slug], "/pages/"+pageID, "paragraph.md")
		exported = strings.ReplaceAll(exported, "["+pageID+"]", "[paragraph.md]")
		if string(got) != exported {
			t.Errorf("%s: exported as\n%q\nwant\n%q", p.slug, got, exported)
		}
	}

	// Import into a new space: the same documents, but for the page ids.
	user, err := srv.Store.EnsureUser(context.Background(), "alice@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := export.Import(context.Background(), srv.Store, blob.Dir{Root: t.TempDir()}, org, user, "Nodes again", archive)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) > 0 {
		t.Errorf("import warnings: %q", res.Warnings)
	}
	var pages struct {
		Pages []struct{ ID, Slug, Path string }
	}
	// Unchecked: the list holds the button GitBook's schema refuses.
	if err := json.Unmarshal(uncheckedGet(t, srv, alice, "/v1/spaces/"+res.Space.ID+"/content/pages"), &pages); err != nil {
		t.Fatal(err)
	}
	imported := map[string]string{}
	for _, pg := range pages.Pages {
		imported[pg.Slug] = pg.ID
	}
	for _, p := range nodePages {
		id, ok := imported[p.slug]
		if !ok {
			t.Errorf("%s: not imported (%v)", p.slug, imported)
			continue
		}
		var read struct{ Document any }
		readDocument(t, srv, alice, p, "/v1/spaces/"+res.Space.ID+"/content/page/"+id, &read)
		got := strings.ReplaceAll(asJSON(read.Document), imported["paragraph"], pageID)
		if got != asJSON(docs[p.slug]) {
			t.Errorf("%s: imported as another document:\n%s\nwas\n%s", p.slug, got, asJSON(docs[p.slug]))
		}
	}

	// The published reader.
	site := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Nodes", "visibility": "public"}), "id")
	alice.Post(sitesPath(org)+"/"+site+"/site-spaces", map[string]any{"spaceId": space}).Expect(http.StatusCreated)
	alice.Post(sitesPath(org)+"/"+site+"/publish", nil).Expect(http.StatusOK)
	b := newBrowser(t, srv)
	for _, p := range nodePages {
		page := b.get("/sites/"+site+"/"+p.slug).expect(t, http.StatusOK)
		article := page.Body
		if i := strings.Index(article, "<article"); i >= 0 {
			article = article[i:]
		}
		for _, h := range p.html {
			if !strings.Contains(article, h) {
				t.Errorf("%s: the reader's page lacks %q:\n%.1500s", p.slug, h, article)
			}
		}
		for _, not := range []string{"{%", "$$", "<script"} {
			if strings.Contains(article, not) {
				t.Errorf("%s: the reader's page shows %q", p.slug, not)
			}
		}
	}
}

// readDocument reads a page as a document into v: through the client,
// which checks the answer against GitBook's schema, unless the page holds
// a node that schema refuses.
func readDocument(t *testing.T, srv *resttest.Server, c *resttest.Client, p nodePage, path string, v any) {
	t.Helper()
	path += "?format=document"
	if !p.noSchema {
		c.Get(path).Expect(http.StatusOK).Decode(v)
		return
	}
	if err := json.Unmarshal(uncheckedGet(t, srv, c, path), v); err != nil {
		t.Fatal(err)
	}
}

// uncheckedGet is a GET whose answer is not checked against GitBook's
// schema (it must be 200).
func uncheckedGet(t *testing.T, srv *resttest.Server, c *resttest.Client, path string) []byte {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v: %s", path, resp.StatusCode, err, body)
	}
	return body
}

// insertDocument is an insert_page change carrying md as GitBook's JSON
// document, checked against GitBook's schema and for the page's types.
func insertDocument(t *testing.T, schema *jsonschema.Schema, p nodePage, md string) map[string]any {
	t.Helper()
	doc := mdtest.ViaJSON(t, markdown.ToDocument(md))
	found := map[string]bool{}
	nodeTypes(doc, found)
	for _, typ := range p.types {
		if !found[typ] {
			t.Errorf("%s: no %s in %s", p.slug, typ, asJSON(doc))
		}
	}
	if !p.noSchema {
		if err := validDocument(t, schema, doc); err != nil {
			t.Errorf("%s: not a GitBook JSONDocument: %v", p.slug, err)
		}
	}
	title := strings.ToUpper(p.slug[:1]) + p.slug[1:]
	return map[string]any{"operation": "insert_page", "ref": p.slug, "title": title, "slug": p.slug, "document": map[string]any{"document": doc}}
}

// missingTypes are the concrete node and mark types of @gitbook/api's
// document that covered lacks.
func missingTypes(t *testing.T, covered map[string]bool) []string {
	t.Helper()
	path, err := mdtest.GitBookSpecPath()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Components struct {
			Schemas map[string]struct {
				Properties struct {
					Type struct{ Enum []string }
				}
			}
		}
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	var missing []string
	n := 0
	for name, s := range spec.Components.Schemas {
		if !strings.HasPrefix(name, "DocumentBlock") && !strings.HasPrefix(name, "DocumentInline") && !strings.HasPrefix(name, "DocumentMark") {
			continue
		}
		if len(s.Properties.Type.Enum) > 0 {
			n++
		}
		for _, typ := range s.Properties.Type.Enum {
			if !covered[typ] {
				missing = append(missing, name+" ("+typ+")")
			}
		}
	}
	if n != 53 {
		t.Errorf("@gitbook/api has %d node and mark types, the table 53", n)
	}
	sort.Strings(missing)
	return missing
}

func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestDocumentRefsInsideTheSpace: a document whose link and page card name
// a page of the space by id ({kind: "page"}), as GitBook's editor makes
// them, is stored (Folio's /pages/<id> link), read back as a link to that
// page, and exported as the page's relative path, as Git Sync writes it;
// a page of another space is refused with 400.
func TestDocumentRefsInsideTheSpace(t *testing.T) {
	schema := mdtest.DocumentSchema(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Refs"})
	base := "/v1/spaces/" + space
	target := publish(t, alice, space, map[string]any{"operation": "insert_page", "ref": "t", "title": "Install", "slug": "install", "document": map[string]any{"markdown": "# Install\n"}})["t"]

	doc := func(ref map[string]any) map[string]any {
		return map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{
			map[string]any{"object": "block", "type": "paragraph", "nodes": []any{
				map[string]any{"object": "inline", "type": "link", "data": map[string]any{"ref": ref}, "nodes": []any{
					map[string]any{"object": "text", "leaves": []any{map[string]any{"object": "leaf", "text": "Install it", "marks": []any{}}}},
				}},
			}},
			map[string]any{"object": "block", "type": "content-ref", "isVoid": true, "data": map[string]any{"ref": ref}},
		}}
	}
	sent := doc(map[string]any{"kind": "page", "page": target})
	if err := validDocument(t, schema, sent); err != nil {
		t.Fatalf("not a GitBook JSONDocument: %v", err)
	}
	ids := publish(t, alice, space, map[string]any{"operation": "insert_page", "ref": "g", "title": "Guide", "slug": "guide", "document": map[string]any{"document": sent}})

	want := "[Install it](/pages/" + target + ")\n\n{% content-ref url=\"/pages/" + target + "\" %}\n[" + target + "](/pages/" + target + ")\n{% endcontent-ref %}\n"
	var read struct{ Markdown string }
	alice.Get(base + "/content/page/" + ids["g"] + "?format=markdown").Expect(http.StatusOK).Decode(&read)
	if read.Markdown != want {
		t.Errorf("stored as\n%q\nwant\n%q", read.Markdown, want)
	}
	files, err := export.ReadArchive(alice.Get(base + "/content/export").Expect(http.StatusOK).Body)
	if err != nil {
		t.Fatal(err)
	}
	exported := "[Install it](install.md)\n\n{% content-ref url=\"install.md\" %}\n[install.md](install.md)\n{% endcontent-ref %}\n"
	if got := string(files["guide.md"]); got != exported {
		t.Errorf("exported as\n%q\nwant\n%q", got, exported)
	}

	cr := resttest.Str(newCR(t, alice, space, "elsewhere"), "id")
	alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_page", "ref": "x", "title": "X", "slug": "x", "document": map[string]any{"document": doc(map[string]any{"kind": "page", "page": target, "space": "other"})}},
	}}).Expect(http.StatusBadRequest)
}
