package markdown_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

// Escaping, from the document's side: text a client sends in a document
// (GitBook's JSON) that holds markdown's own characters must come back as
// that very text after FromDocument and ToDocument, wherever it stands,
// and the markdown written must be written again the same.

// trickyTexts hold markdown syntax as plain text: every character that
// means something somewhere, alone, at the start, inside and at the end.
var trickyTexts = []string{
	`*`, `**`, `***`, `*a*`, `**a**`, `a*b*c`, `_`, `_a_`, `__a__`, `a_b`, `snake_case_`, `_lead`, `trail_`,
	"`", "``", "`code`", "a`b", `~`, `~~a~~`, `~a~`,
	`[`, `]`, `[a]`, `[a](b)`, `![a](b)`, `[a][b]`, `[a]: /b`, `!`, `a!`, `![`,
	`<`, `>`, `<div>`, `</b>`, `<https://a.b>`, `<a@b.co>`, `a<b`, `a>b`, `<!-- c -->`,
	`&`, `&amp;`, `&#35;`, `&copy;`, `AT&T`, `a & b`, `&x`,
	`\`, `\\`, `a\b`, `\*`, `\n`, `a\`,
	`|`, `a | b`, `||`,
	`#`, `# a`, `##`, `a # b`, `a #`, `#a`,
	`-`, `- a`, `--`, `---`, `+`, `+ a`, `=`, `===`, `a =`,
	`1.`, `1. a`, `1)`, `2) a`, `123456789. a`, `1234567890. a`, `a 1. b`, `1.5`, `1.a`,
	`>`, `> a`, `>>`,
	`{`, `{%`, `{% hint style="info" %}`, `{% endhint %}`, `%}`,
	`(`, `)`, `()`, `:`, `"`, `'`, `/`, `?`, `.`,
	`http://a.b`, `www.a.b`, `a@b.co`,
	`four    spaces inside`, "tab\tinside",
	`[ ] not a task`, `[x] not a task`,
	`* not a bullet`, `+ not a bullet`,
	`é`, `😀`, `—`,
}

// textContext puts text into a document where text goes.
type textContext struct {
	name string
	doc  func(text string) map[string]any
}

func leafNodes(text string, marks ...string) []any {
	var ms []any
	for _, m := range marks {
		ms = append(ms, map[string]any{"object": "mark", "type": m})
	}
	return []any{map[string]any{"object": "text", "leaves": []any{map[string]any{"object": "leaf", "text": text, "marks": ms}}}}
}

func blockNode(typ string, data map[string]any, nodes []any) map[string]any {
	if data == nil {
		data = map[string]any{}
	}
	return map[string]any{"object": "block", "type": typ, "data": data, "nodes": nodes}
}

func docOf(blocks ...any) map[string]any {
	return map[string]any{"object": "document", "data": map[string]any{}, "nodes": blocks}
}

var textContexts = []textContext{
	{"paragraph", func(s string) map[string]any { return docOf(blockNode("paragraph", nil, leafNodes(s))) }},
	{"after-words", func(s string) map[string]any { return docOf(blockNode("paragraph", nil, leafNodes("Some words "+s))) }},
	{"before-words", func(s string) map[string]any { return docOf(blockNode("paragraph", nil, leafNodes(s+" some words"))) }},
	{"second-line", func(s string) map[string]any { return docOf(blockNode("paragraph", nil, leafNodes("First line\n"+s))) }},
	{"heading", func(s string) map[string]any { return docOf(blockNode("heading-2", nil, leafNodes(s))) }},
	{"list-item", func(s string) map[string]any {
		return docOf(blockNode("list-unordered", nil, []any{blockNode("list-item", nil, []any{blockNode("paragraph", nil, leafNodes(s))})}))
	}},
	{"quote", func(s string) map[string]any {
		return docOf(blockNode("blockquote", nil, []any{blockNode("paragraph", nil, leafNodes(s))}))
	}},
	{"hint", func(s string) map[string]any {
		return docOf(blockNode("hint", map[string]any{"style": "info"}, []any{blockNode("paragraph", nil, leafNodes(s))}))
	}},
	{"link-text", func(s string) map[string]any {
		link := map[string]any{"object": "inline", "type": "link", "data": map[string]any{"ref": map[string]any{"kind": "url", "url": "https://a.example/x"}}, "nodes": leafNodes(s)}
		return docOf(blockNode("paragraph", nil, []any{link}))
	}},
	{"code-mark", func(s string) map[string]any { return docOf(blockNode("paragraph", nil, leafNodes(s, "code"))) }},
	{"code-block", func(s string) map[string]any {
		return docOf(blockNode("code", map[string]any{"syntax": "text"}, []any{blockNode("code-line", nil, leafNodes(s))}))
	}},
	{"table-cell", func(s string) map[string]any {
		return docOf(map[string]any{"object": "block", "type": "table", "isVoid": true, "data": map[string]any{
			"view":       map[string]any{"type": "grid", "columns": []any{"c0"}},
			"definition": map[string]any{"c0": map[string]any{"id": "c0", "title": "Column", "type": "text"}},
			"records":    map[string]any{"r0": map[string]any{"orderIndex": "a0", "values": map[string]any{"c0": "f0"}}},
		}, "fragments": []any{map[string]any{"object": "fragment", "fragment": "f0", "nodes": []any{blockNode("paragraph", nil, leafNodes(s))}}}})
	}},
}

// texts are a document's block types and its text, in order: what must
// survive a round trip whatever the markdown looked like.
func texts(t *testing.T, doc any) (blocks []string, text string) {
	t.Helper()
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["object"] == "block" {
				blocks = append(blocks, fmt.Sprint(x["type"]))
			}
			if x["object"] == "leaf" {
				b.WriteString(fmt.Sprint(x["text"]))
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(x[k])
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(mdtest.ViaJSON(t, doc))
	return blocks, b.String()
}

func TestTextEscapedWhereverItStands(t *testing.T) {
	for _, ctx := range textContexts {
		t.Run(ctx.name, func(t *testing.T) {
			for _, s := range trickyTexts {
				if ctx.name == "code-block" && strings.Contains(s, "\n") {
					continue
				}
				doc := ctx.doc(s)
				md, err := markdown.FromDocument(mdtest.ViaJSON(t, doc))
				if err != nil {
					t.Errorf("%q: %v", s, err)
					continue
				}
				back := markdown.ToDocument(md)
				wantBlocks, wantText := texts(t, doc)
				gotBlocks, gotText := texts(t, back)
				if gotText != wantText || !slices.Equal(gotBlocks, wantBlocks) {
					t.Errorf("%q came back as %q %v (want %v); markdown %q", s, gotText, gotBlocks, wantBlocks, md)
					continue
				}
				again, err := markdown.FromDocument(mdtest.ViaJSON(t, back))
				if err != nil || again != md {
					t.Errorf("%q: markdown %q written again as %q (%v)", s, md, again, err)
				}
			}
		})
	}
}

// TestEmphasisFlanking: marks where markdown's delimiters cannot open or
// close as they are (between a letter and punctuation, next to an
// escaped "~") come back as the same document: the letters beside the
// delimiters are written as character references.
func TestEmphasisFlanking(t *testing.T) {
	type l struct {
		text  string
		marks []string
	}
	for _, c := range []struct {
		leaves []l
		want   string
	}{
		{[]l{{"a", nil}, {".b", []string{"italic"}}}, "&#x61;*.b*\n"},
		{[]l{{"a.", []string{"bold"}}, {"b", nil}}, "**a.**&#x62;\n"},
		{[]l{{"x", nil}, {"(y)", []string{"strikethrough"}}, {"z", nil}}, "&#x78;~~(y)~~&#x7A;\n"},
		{[]l{{"0", []string{"strikethrough"}}, {"$~", nil}, {"0", []string{"strikethrough"}}, {" 0", nil}}, "~~0~~\\$&#x7E;~~0~~ 0\n"},
		{[]l{{"é", nil}, {"«b»", []string{"italic"}}}, "&#xE9;*«b»*\n"},
	} {
		var leaves []any
		for _, x := range c.leaves {
			marks := []any{}
			for _, m := range x.marks {
				marks = append(marks, map[string]any{"object": "mark", "type": m})
			}
			leaves = append(leaves, map[string]any{"object": "leaf", "text": x.text, "marks": marks})
		}
		doc := mdtest.ViaJSON(t, map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{
			map[string]any{"object": "block", "type": "paragraph", "isVoid": false, "data": map[string]any{},
				"nodes": []any{map[string]any{"object": "text", "leaves": leaves}}}}})
		got, err := markdown.FromDocument(doc)
		if err != nil || got != c.want {
			t.Errorf("FromDocument(%v) = %q, %v; want %q", c.leaves, got, err, c.want)
			continue
		}
		if back := mdtest.ViaJSON(t, markdown.ToDocument(got)); !reflect.DeepEqual(back, doc) {
			a, _ := json.Marshal(doc)
			b, _ := json.Marshal(back)
			t.Errorf("%q reads back as another document:\n%s\n%s", got, a, b)
		}
	}
}
