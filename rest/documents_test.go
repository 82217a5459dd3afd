package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// GitBook-flavoured markdown with every block the seed and GitBook's
// editor use.
const richMarkdown = "# Guide\n\nSome *emphasis*, **bold**, ~~old~~ and `code`, a [link](https://example.com/a).\n\n" +
	"{% hint style=\"info\" %}\nA hint.\n{% endhint %}\n\n| Name | Value |\n| --- | --- |\n| a | 1 |\n\n" +
	"![Diagram](https://example.com/d.png)\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n" +
	"```go\nfmt.Println(1)\n```\n\n> **Note:** quoted.\n"

// A page reads as GitBook's JSON document by default, and a change request
// can write that document back: markdown → document → markdown loses
// nothing.
func TestPageDocumentRoundTrip(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	id := publish(t, alice, space, insert("guide", "", richMarkdown))["guide"]
	base := "/v1/spaces/" + space

	var read struct {
		Markdown *string
		Document map[string]any
	}
	alice.Get(base + "/content/page/" + id).Expect(http.StatusOK).Decode(&read)
	if read.Markdown != nil || read.Document["object"] != "document" {
		t.Fatalf("default read: markdown %v, document %v", read.Markdown, read.Document)
	}
	types := map[string]bool{}
	for _, n := range read.Document["nodes"].([]any) {
		types[n.(map[string]any)["type"].(string)] = true
	}
	for _, want := range []string{"heading-1", "paragraph", "hint", "table", "images", "list-unordered", "list-ordered", "code", "blockquote"} {
		if !types[want] {
			t.Errorf("no %s block in %v", want, types)
		}
	}

	// Writing the document back (a GitBook client's edit) changes nothing.
	cr := resttest.Str(newCR(t, alice, space, "round trip"), "id")
	edit(t, alice, space, cr, map[string]any{"operation": "update_page", "page": id, "document": map[string]any{"document": read.Document}})
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	var back struct{ Markdown string }
	alice.Get(base + "/content/page/" + id + "?format=markdown").Expect(http.StatusOK).Decode(&back)
	if back.Markdown != richMarkdown {
		t.Errorf("after the round trip:\n%s\nwant:\n%s", back.Markdown, richMarkdown)
	}

	// A new page from a document alone.
	cr = resttest.Str(newCR(t, alice, space, "from a document"), "id")
	doc := map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{
		map[string]any{"object": "block", "type": "paragraph", "data": map[string]any{}, "nodes": []any{
			map[string]any{"object": "text", "leaves": []any{map[string]any{"object": "leaf", "text": "Hello ", "marks": []any{}},
				map[string]any{"object": "leaf", "text": "world", "marks": []any{map[string]any{"object": "mark", "type": "bold", "data": map[string]any{}}}}}},
		}},
	}}
	added := edit(t, alice, space, cr, map[string]any{"operation": "insert_page", "ref": "hello", "title": "Hello", "document": map[string]any{"document": doc}})
	var hello struct{ Markdown string }
	alice.Get(base + "/change-requests/" + cr + "/content/page/" + added["hello"] + "?format=markdown").Expect(http.StatusOK).Decode(&hello)
	if hello.Markdown != "Hello **world**\n" {
		t.Errorf("page from a document = %q", hello.Markdown)
	}

	// Bad documents are 400 naming where; markdown and document together too.
	for name, body := range map[string]map[string]any{
		"unknown block":  {"document": map[string]any{"object": "document", "nodes": []any{map[string]any{"object": "block", "type": "marquee", "nodes": []any{}}}}},
		"not a document": {"document": map[string]any{"object": "page"}},
		"both":           {"markdown": "x", "document": doc},
	} {
		msg := alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
			map[string]any{"operation": "update_page", "page": added["hello"], "document": body}}}).ExpectError(http.StatusBadRequest)
		if !strings.Contains(msg, "changes[0].document") {
			t.Errorf("%s: message %q does not name the field", name, msg)
		}
	}
}

// README-style markdown with raw HTML: a centred logo, a sized image, a
// figure, a collapsible section, line breaks, inline tags.
const htmlMarkdown = "<p align=\"center\">\n  <img src=\"https://example.com/logo.png\" width=\"160\">\n</p>\n\n" +
	"<img src=\"https://example.com/shot.png\" alt=\"Shot\" width=\"300\">\n\n" +
	"<figure><img src=\"https://example.com/d.png\" alt=\"D\" width=\"50%\"><figcaption><p>A diagram</p></figcaption></figure>\n\n" +
	"<details>\n<summary>More &amp; less</summary>\n\nHidden **text**.\n\n</details>\n\n" +
	"Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, see [docs](https://example.com/d \"The docs\").\n\n#### Deep heading\n"

// A GitBook client's round trip (read the document, write it back, read
// markdown) keeps a page's raw HTML as HTML, never as escaped text.
func TestPageDocumentRoundTripHTML(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	id := publish(t, alice, space, insert("readme", "", htmlMarkdown))["readme"]
	base := "/v1/spaces/" + space

	var read struct{ Document map[string]any }
	alice.Get(base + "/content/page/" + id + "?format=document").Expect(http.StatusOK).Decode(&read)
	types := map[string]bool{}
	for _, n := range read.Document["nodes"].([]any) {
		types[n.(map[string]any)["type"].(string)] = true
	}
	for _, want := range []string{"code", "images", "expandable", "paragraph", "heading-3"} {
		if !types[want] {
			t.Errorf("no %s block in %v", want, types)
		}
	}

	cr := resttest.Str(newCR(t, alice, space, "round trip"), "id")
	edit(t, alice, space, cr, map[string]any{"operation": "update_page", "page": id, "document": map[string]any{"document": read.Document}})
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	var back struct{ Markdown string }
	alice.Get(base + "/content/page/" + id + "?format=markdown").Expect(http.StatusOK).Decode(&back)
	if back.Markdown != htmlMarkdown {
		t.Errorf("after the round trip:\n%s\nwant:\n%s", back.Markdown, htmlMarkdown)
	}
	if strings.Contains(back.Markdown, "&lt;") || strings.Contains(back.Markdown, `\<`) {
		t.Errorf("HTML escaped as text: %s", back.Markdown)
	}
}
