package markdown_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

// Every kind of node FromDocument writes, from the document's side: a
// document as a client sends it (in the form ToDocument gives) becomes
// markdown that reads back as the very same document, and that markdown
// is written again the same. document_test.go starts from markdown.

func leaf(text string, marks ...string) map[string]any {
	ms := []any{}
	for _, m := range marks {
		ms = append(ms, map[string]any{"object": "mark", "type": m})
	}
	return map[string]any{"object": "leaf", "text": text, "marks": ms}
}

func text(leaves ...any) map[string]any {
	return map[string]any{"object": "text", "leaves": leaves}
}

func node(object, typ string, data map[string]any, nodes ...any) map[string]any {
	if data == nil {
		data = map[string]any{}
	}
	if nodes == nil {
		nodes = []any{}
	}
	return map[string]any{"object": object, "type": typ, "isVoid": false, "data": data, "nodes": nodes}
}

func block(typ string, data map[string]any, nodes ...any) map[string]any {
	return node("block", typ, data, nodes...)
}

func para(leaves ...any) map[string]any { return block("paragraph", nil, text(leaves...)) }

func item(data map[string]any, blocks ...any) map[string]any {
	return block("list-item", data, blocks...)
}

func urlRef(url string) map[string]any { return map[string]any{"kind": "url", "url": url} }

func fragment(name string, blocks ...any) map[string]any {
	return map[string]any{"object": "fragment", "fragment": name, "nodes": blocks}
}

func image(url, alt, caption string) map[string]any {
	img := map[string]any{"object": "block", "type": "image", "isVoid": true, "data": map[string]any{"alt": alt, "ref": urlRef(url)}}
	img["fragments"] = []any{}
	if caption != "" {
		img["fragments"] = []any{fragment("caption", para(leaf(caption)))}
	}
	return img
}

var nodeCases = []struct {
	name string // the node type the case is about
	doc  []any  // the document's blocks
}{
	{"paragraph", []any{para(leaf("Plain text, two sentences. Here."))}},
	{"heading-1", []any{block("heading-1", nil, text(leaf("Title")))}},
	{"heading-2", []any{block("heading-2", nil, text(leaf("Section", "italic"), leaf(" two")))}},
	{"heading-3", []any{block("heading-3", nil, text(leaf("Sub")))}},
	{"mark-bold", []any{para(leaf("a "), leaf("bold", "bold"), leaf(" word"))}},
	{"mark-italic", []any{para(leaf("an "), leaf("italic", "italic"), leaf(" word"))}},
	{"mark-strikethrough", []any{para(leaf("a "), leaf("struck", "strikethrough"), leaf(" word"))}},
	{"mark-code", []any{para(leaf("a "), leaf("x := `y`", "code"), leaf(" span"))}},
	{"marks-combined", []any{para(leaf("all ", "bold"), leaf("of", "bold", "italic"), leaf(" them", "bold"))}},
	{"link", []any{block("paragraph", nil,
		text(leaf("See ")),
		node("inline", "link", map[string]any{"ref": urlRef("https://docs.example/a?b=1&c=(2)")}, text(leaf("the "), leaf("guide", "bold"))),
		text(leaf(".")))}},
	{"link-alone-with-a-space-in-its-address", []any{block("paragraph", nil,
		node("inline", "link", map[string]any{"ref": urlRef("/getting-started/my page")}, text(leaf("page"))))}},
	{"inline-image", []any{block("paragraph", nil,
		text(leaf("Icon ")),
		map[string]any{"object": "inline", "type": "inline-image", "isVoid": true, "data": map[string]any{"alt": "gear", "ref": urlRef("/gear.svg")}},
		text(leaf(" here.")))}},
	{"list-unordered", []any{block("list-unordered", nil,
		item(nil, para(leaf("one"))),
		item(nil, para(leaf("two")), block("list-unordered", nil, item(nil, para(leaf("two.one"))))))}},
	{"list-ordered", []any{block("list-ordered", nil, item(nil, para(leaf("first"))), item(nil, para(leaf("second"))))}},
	{"list-ordered-start", []any{block("list-ordered", map[string]any{"start": 7}, item(nil, para(leaf("seventh"))))}},
	{"list-tasks", []any{block("list-tasks", nil,
		item(map[string]any{"checked": false}, para(leaf("todo"))),
		item(map[string]any{"checked": true}, para(leaf("done"))))}},
	{"blockquote", []any{block("blockquote", nil, para(leaf("Quoted.")), block("blockquote", nil, para(leaf("Deeper."))))}},
	{"code", []any{block("code", map[string]any{"syntax": "go"},
		block("code-line", nil, text(leaf("func main() {"))),
		block("code-line", nil, text(leaf(""))),
		block("code-line", nil, text(leaf("\tprintln(\"```\")"))),
		block("code-line", nil, text(leaf("}"))))}},
	{"hint-info", []any{block("hint", map[string]any{"style": "info"}, para(leaf("Note.")))}},
	{"hint-warning", []any{block("hint", map[string]any{"style": "warning"}, para(leaf("Careful.")), para(leaf("Twice.")))}},
	{"hint-danger", []any{block("hint", map[string]any{"style": "danger"}, block("list-unordered", nil, item(nil, para(leaf("no")))))}},
	{"hint-success", []any{block("hint", map[string]any{"style": "success"}, para(leaf("Done.")))}},
	{"divider", []any{para(leaf("Above.")), map[string]any{"object": "block", "type": "divider", "isVoid": true, "data": map[string]any{}}, para(leaf("Below."))}},
	{"images", []any{block("images", nil, image("/a.png", "A diagram", "The caption"), image("https://cdn.example/b.png", "B", ""))}},
	{"table", []any{map[string]any{"object": "block", "type": "table", "isVoid": true,
		"data": map[string]any{
			"view": map[string]any{"type": "grid", "columns": []any{"c0", "c1"}, "hideHeader": false},
			"definition": map[string]any{
				"c0": map[string]any{"id": "c0", "title": "Name", "type": "text", "textAlignment": "left"},
				"c1": map[string]any{"id": "c1", "title": "Default", "type": "text", "textAlignment": "right"},
			},
			"records": map[string]any{
				"r0": map[string]any{"orderIndex": "0", "values": map[string]any{"c0": "r0c0", "c1": "r0c1"}},
				"r1": map[string]any{"orderIndex": "1", "values": map[string]any{"c0": "r1c0", "c1": "r1c1"}},
			}},
		"fragments": []any{
			fragment("r0c0", para(leaf("limit", "code"))), fragment("r0c1", para(leaf("10"))),
			fragment("r1c0", para(leaf("a | b"))), fragment("r1c1", para(leaf("none", "italic"))),
		}}}},
}

func TestEveryNodeRoundTripsFromTheDocument(t *testing.T) {
	for _, c := range nodeCases {
		t.Run(c.name, func(t *testing.T) {
			doc := mdtest.ViaJSON(t, map[string]any{"object": "document", "data": map[string]any{}, "nodes": c.doc})
			md, err := markdown.FromDocument(doc)
			if err != nil {
				t.Fatal(err)
			}
			back := mdtest.ViaJSON(t, markdown.ToDocument(md))
			if !reflect.DeepEqual(back, doc) {
				a, _ := json.Marshal(doc)
				b, _ := json.Marshal(back)
				t.Fatalf("markdown %q reads as another document:\nsent %s\n got %s", md, a, b)
			}
			again, err := markdown.FromDocument(back)
			if err != nil || again != md {
				t.Fatalf("written again as %q (%v), first %q", again, err, md)
			}
		})
	}
}

// TestDocumentSettlesAfterOneTrip: a document in another form than
// ToDocument's (as GitBook or a hand-written client sends it) may change on
// its first trip through markdown, within what markdown cannot hold, and
// never after: the second trip gives the first's document and markdown.
func TestDocumentSettlesAfterOneTrip(t *testing.T) {
	cases := []struct {
		name string
		doc  []any
		md   string // the first trip's markdown
	}{
		{"spaces-inside-marks-move-out", []any{para(leaf("a"), leaf(" bold ", "bold"), leaf("b"))}, "a **bold** b\n"},
		{"leaves-split-needlessly-join", []any{para(leaf("sp"), leaf("lit"), leaf(" ", "italic"), leaf("text"))}, "split text\n"},
		{"marks-in-any-order-read-alike", []any{para(leaf("x", "italic", "bold"), leaf(" "), leaf("y", "bold", "italic"))}, "***x*** ***y***\n"},
		{"empty-text-around-a-link-dropped", []any{block("paragraph", nil, text(leaf("")),
			node("inline", "link", map[string]any{"ref": urlRef("/a")}, text(leaf("a"))), text(leaf("")))}, "[a](/a)\n"},
		{"image-without-fragments-gets-none", []any{block("images", nil, map[string]any{"object": "block", "type": "image", "isVoid": true,
			"data": map[string]any{"alt": "x", "ref": urlRef("/x.png")}})}, "![x](/x.png)\n"},
		{"annotation-keeps-its-text", []any{block("paragraph", nil, text(leaf("A ")),
			map[string]any{"object": "inline", "type": "annotation", "isVoid": false, "data": map[string]any{},
				"nodes": []any{text(leaf("word"))}, "fragments": []any{fragment("note", para(leaf("The note.")))}},
			text(leaf(" here.")))}, "A word here.\n"},
		{"emoji-written-as-its-character", []any{block("paragraph", nil, text(leaf("Home ")),
			map[string]any{"object": "inline", "type": "emoji", "isVoid": true, "data": map[string]any{"code": "1f3e0"}})}, "Home 🏠\n"},
		{"keyboard-mark-written-as-html", []any{para(leaf("Press "), leaf("Ctrl", "keyboard"), leaf(" now"))}, "Press <kbd>Ctrl</kbd> now\n"},
		{"empty-paragraphs-dropped", []any{para(leaf("")), para(leaf("kept")), block("paragraph", nil)}, "kept\n"},
		{"heading-keys-and-ids-dropped", []any{map[string]any{"object": "block", "type": "heading-1", "key": "k1",
			"data": map[string]any{"id": "intro"}, "meta": map[string]any{"id": "intro"}, "nodes": []any{text(leaf("Intro"))}}}, "# Intro\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := mdtest.ViaJSON(t, map[string]any{"object": "document", "data": map[string]any{}, "nodes": c.doc})
			md, err := markdown.FromDocument(doc)
			if err != nil || md != c.md {
				t.Fatalf("first trip %q (%v), want %q", md, err, c.md)
			}
			settled := mdtest.ViaJSON(t, markdown.ToDocument(md))
			again, err := markdown.FromDocument(settled)
			if err != nil || again != md {
				t.Fatalf("second trip %q (%v)", again, err)
			}
			if third := mdtest.ViaJSON(t, markdown.ToDocument(again)); !reflect.DeepEqual(third, settled) {
				t.Fatal("the document changed on its second trip")
			}
		})
	}
}
