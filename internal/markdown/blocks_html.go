package markdown

import (
	stdhtml "html"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
)

// GitBook's inline nodes and marks that Git Sync writes as HTML in the
// text (GitBook's documentation, "Representation in Markdown"):
//
//	<mark style="color:orange;background-color:blue;">text</mark>   the color mark
//	<kbd>text</kbd> <sup>text</sup> <sub>text</sub>                   keyboard, superscript, subscript
//	<i class="fa-rocket" style="color:$primary;">:rocket:</i>        an icon
//	<a href="…" class="button primary" data-icon="x">Label</a>       a button to a link
//	<button type="button" class="button secondary" data-action="ask" data-query="…">Label</button>
//	<code class="expression">space.vars.name</code>                  an expression
//	[page.md](page.md "mention")                                      a mention (document.go)
//
// Other inline HTML stays raw (rawHTMLMark).

// textColors are GitBook's color tokens (DocumentTextColor).
var textColors = []string{"default", "green", "blue", "red", "orange", "yellow", "purple", "pink", "violet", "cyan",
	"$primary", "$info", "$success", "$warning", "$danger", "$tint"}

// wrapping is what HTML around text says of it: its color mark and the
// keyboard, superscript and subscript marks. It is written outermost
// first in this order, whatever order it was read in.
type wrapping struct {
	text, background string // the color mark, "" when none
	kbd, sup, sub    bool
}

func (w wrapping) marks() []any {
	var out []any
	if w.text != "" || w.background != "" {
		out = append(out, map[string]any{"object": "mark", "type": "color",
			"data": map[string]any{"text": cmpOr(w.text, "default"), "background": cmpOr(w.background, "default")}})
	}
	for _, m := range []struct {
		on   bool
		name string
	}{{w.kbd, "keyboard"}, {w.sup, "superscript"}, {w.sub, "subscript"}} {
		if m.on {
			out = append(out, map[string]any{"object": "mark", "type": m.name})
		}
	}
	return out
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// open and close are the HTML tags around text so wrapped.
func (w wrapping) open() string {
	var s string
	for _, e := range w.elements() {
		s += e.open
	}
	return s
}

func (w wrapping) close() string {
	var s string
	es := w.elements()
	for i := len(es) - 1; i >= 0; i-- {
		s += es[i].close
	}
	return s
}

// wrapElement is one HTML element of a wrapping.
type wrapElement struct{ open, close string }

// elements are the HTML elements around text so wrapped, outermost first.
func (w wrapping) elements() []wrapElement {
	var out []wrapElement
	if style := w.style(); style != "" {
		out = append(out, wrapElement{`<mark style="` + style + `">`, "</mark>"})
	}
	for _, t := range w.tags() {
		out = append(out, wrapElement{"<" + t + ">", "</" + t + ">"})
	}
	return out
}

// has is whether text so wrapped is in element e.
func (w wrapping) has(e wrapElement) bool {
	return slices.Contains(w.elements(), e)
}

// wrappingOf is the wrapping of text in elements (each of a wrapping's).
func wrappingOf(es []wrapElement, from wrapping) wrapping {
	var out wrapping
	for _, e := range es {
		switch e.close {
		case "</mark>":
			out.text, out.background = from.text, from.background
		case "</kbd>":
			out.kbd = true
		case "</sup>":
			out.sup = true
		case "</sub>":
			out.sub = true
		}
	}
	return out
}

func (w wrapping) style() string {
	var s string
	if w.text != "" && w.text != "default" {
		s += "color:" + w.text + ";"
	}
	if w.background != "" && w.background != "default" {
		s += "background-color:" + w.background + ";"
	}
	return s
}

func (w wrapping) tags() []string {
	var tags []string
	if w.kbd {
		tags = append(tags, "kbd")
	}
	if w.sup {
		tags = append(tags, "sup")
	}
	if w.sub {
		tags = append(tags, "sub")
	}
	return tags
}

// markStyle reads a <mark>'s style: colors GitBook knows, nothing else.
func markStyle(style string) (text, background string, ok bool) {
	for decl := range strings.SplitSeq(style, ";") {
		if strings.TrimSpace(decl) == "" {
			continue
		}
		prop, val, found := strings.Cut(decl, ":")
		prop, val = strings.TrimSpace(prop), strings.TrimSpace(val)
		if !found || !slices.Contains(textColors, val) {
			return "", "", false
		}
		switch prop {
		case "color":
			text = val
		case "background-color":
			background = val
		default:
			return "", "", false
		}
	}
	return text, background, text != "" || background != ""
}

// rawSource is the source of inline raw HTML.
func rawSource(c *converter, n *ast.RawHTML) string {
	var s strings.Builder
	for i := range n.Segments.Len() {
		seg := n.Segments.At(i)
		s.Write(seg.Value(c.src))
	}
	return s.String()
}

// startTag reads raw HTML that is one start tag.
func startTag(src string) (html.Token, bool) {
	z := html.NewTokenizer(strings.NewReader(src))
	if z.Next() != html.StartTagToken {
		return html.Token{}, false
	}
	tok := z.Token()
	return tok, z.Next() == html.ErrorToken
}

// htmlElement converts an element of the list above that starts at open
// and ends at its end tag among open's next siblings, and returns that end
// tag; nil when open starts none of them.
func (b *inlineBuilder) htmlElement(c *converter, open *ast.RawHTML, marks markSet, stop ast.Node) ast.Node {
	tok, ok := startTag(rawSource(c, open))
	if !ok {
		return nil
	}
	end := closingTag(c, open, tok.Data, stop)
	if end == nil {
		return nil
	}
	attrs := map[string]string{}
	for _, a := range tok.Attr {
		attrs[a.Key] = a.Val
	}
	only := func(keys ...string) bool {
		for k := range attrs {
			if !slices.Contains(keys, k) {
				return false
			}
		}
		return true
	}
	untrimmed := func() string {
		var t inlineBuilder
		t.walkFrom(c, open.NextSibling(), end, 0)
		return nodesText(t.done())
	}
	inner := func() string { return strings.TrimSpace(untrimmed()) }
	source := func() string {
		// The text between the tags as written: an expression is code.
		from := open.Segments.At(open.Segments.Len() - 1).Stop
		to := end.(*ast.RawHTML).Segments.At(0).Start
		return stdhtml.UnescapeString(strings.TrimSpace(string(c.src[from:to])))
	}
	inline := func(t string, data map[string]any) ast.Node {
		b.inline(map[string]any{"object": "inline", "type": t, "isVoid": true, "data": data})
		return end
	}
	switch tok.Data {
	case "mark", "kbd", "sup", "sub":
		if t := untrimmed(); strings.TrimSpace(t) != t || t == "" {
			// Around spaces, which markdown does not keep at the ends of
			// a paragraph (nor the marks on them): the HTML stays as it is.
			return nil
		}
		w := b.wrap
		switch tok.Data {
		case "mark":
			text, bg, ok := markStyle(attrs["style"])
			if !ok || !only("style") || w.text != "" || w.background != "" {
				return nil
			}
			w.text, w.background = text, bg
		case "kbd":
			w.kbd = true
		case "sup":
			w.sup = true
		case "sub":
			w.sub = true
		}
		if tok.Data != "mark" && len(attrs) > 0 {
			return nil
		}
		saved := b.wrap
		b.wrap = w
		b.walkFrom(c, open.NextSibling(), end, marks)
		b.wrap = saved
		return end
	case "i":
		icon, ok := strings.CutPrefix(attrs["class"], "fa-")
		if !ok || icon == "" || strings.ContainsAny(icon, " \"<>&") || !only("class", "style") {
			return nil
		}
		data := map[string]any{"icon": icon}
		if style, ok := attrs["style"]; ok {
			text, bg, ok := markStyle(style)
			if !ok || bg != "" {
				return nil
			}
			data["color"] = text
		}
		return inline("icon", data)
	case "a":
		kind, ok := strings.CutPrefix(attrs["class"], "button ")
		if !ok || kind != "primary" && kind != "secondary" || attrs["href"] == "" || !only("href", "class", "data-icon") {
			return nil
		}
		data := map[string]any{"label": inner(), "kind": kind, "ref": urlRef(attrs["href"])}
		if icon := attrs["data-icon"]; icon != "" {
			data["icon"] = icon
		}
		return inline("button", data)
	case "button":
		kind, ok := strings.CutPrefix(attrs["class"], "button ")
		action := attrs["data-action"]
		if !ok || kind != "primary" && kind != "secondary" || action != "search" && action != "ask" ||
			attrs["type"] != "button" || !only("type", "class", "data-action", "data-query", "data-icon") {
			return nil
		}
		act := map[string]any{"action": action}
		// Written back on one line, spaces run together (inlineHTML).
		if q := strings.Join(strings.Fields(attrs["data-query"]), " "); q != "" {
			act["query"] = q
		}
		data := map[string]any{"label": inner(), "kind": kind, "action": act}
		if icon := attrs["data-icon"]; icon != "" {
			data["icon"] = icon
		}
		return inline("button", data)
	case "code":
		if attrs["class"] != "expression" || !only("class") || source() == "" || strings.Contains(source(), "<") {
			return nil
		}
		return inline("expression", map[string]any{"expression": source()})
	}
	return nil
}

// isWrapEndTag is whether raw HTML is an end tag that htmlElement takes
// for the end of an element it may read as marks. Not </mark>: a <mark>
// is one only with a style, and one without stays as it is written.
func isWrapEndTag(s string) bool {
	for _, name := range []string{"kbd", "sup", "sub"} {
		if strings.EqualFold(strings.TrimSpace(s), "</"+name+">") {
			return true
		}
	}
	return false
}

// closingTag is the sibling after open, before stop (nil: the last), that
// ends the element open starts (`</name>`, past nested ones of the same
// name), or nil. stop is the end of the element around open: one inside
// ends inside it (`<kbd><sup>a</kbd></sup>` is no <sup> element).
func closingTag(c *converter, open ast.Node, name string, stop ast.Node) ast.Node {
	depth := 1
	for n := open.NextSibling(); n != nil && n != stop; n = n.NextSibling() {
		raw, ok := n.(*ast.RawHTML)
		if !ok {
			continue
		}
		src := rawSource(c, raw)
		if tok, ok := startTag(src); ok && tok.Data == name {
			depth++
		} else if strings.EqualFold(strings.TrimSpace(src), "</"+name+">") {
			if depth--; depth == 0 {
				return n
			}
		}
	}
	return nil
}

// inlineHTML writes the inline nodes of the list above; ok is false for
// other types.
func inlineHTML(k node) (string, bool) {
	data := k.data()
	str := func(m map[string]any, key string) string { s, _ := m[key].(string); return s }
	attr := func(name, value string) string { return " " + name + `="` + htmlAttr.Replace(value) + `"` }
	switch k.str("type") {
	case "icon":
		icon := liquidName(str(data, "icon"))
		if icon == "" {
			return "", true
		}
		s := `<i class="fa-` + icon + `"`
		if color := str(data, "color"); slices.Contains(textColors, color) {
			s += attr("style", "color:"+color+";")
		}
		return s + ">:" + icon + ":</i>", true
	case "button":
		label := htmlText.Replace(strings.Join(strings.Fields(str(data, "label")), " "))
		kind := str(data, "kind")
		if kind != "secondary" {
			kind = "primary"
		}
		icon := ""
		if i := liquidName(str(data, "icon")); i != "" {
			icon = attr("data-icon", i)
		}
		if action, ok := data["action"].(map[string]any); ok {
			a := str(action, "action")
			if a != "ask" {
				a = "search"
			}
			s := `<button type="button"` + attr("class", "button "+kind) + attr("data-action", a)
			if q := strings.Join(strings.Fields(str(action, "query")), " "); q != "" {
				s += attr("data-query", q)
			}
			return s + icon + ">" + label + "</button>", true
		}
		ref, _ := data["ref"].(map[string]any)
		href := str(ref, "url")
		if href == "" {
			href = "#"
		}
		return "<a" + attr("href", href) + attr("class", "button "+kind) + icon + ">" + label + "</a>", true
	case "expression":
		expr := strings.Join(strings.Fields(str(data, "expression")), " ")
		if expr == "" {
			return "", true
		}
		return `<code class="expression">` + htmlText.Replace(expr) + "</code>", true
	case "mention":
		ref, _ := data["ref"].(map[string]any)
		url := str(ref, "url")
		text := str(data, "text")
		if text == "" {
			text = url
		}
		if url == "" {
			return "", true
		}
		return "[" + escapeText(strings.Join(strings.Fields(text), " "), false) + "](" + linkDestination(url) + ` "mention")`, true
	case "emoji":
		// Git Sync writes ":name:", which takes GitBook's table of names:
		// Folio writes the character itself (text when read back).
		return emojiText(str(data, "code")), true
	}
	return "", false
}

// emojiText is the character of an emoji's code ("1f3e0", or code points
// joined by "-").
func emojiText(code string) string {
	var s strings.Builder
	for part := range strings.SplitSeq(code, "-") {
		var r rune
		for _, h := range strings.ToLower(part) {
			switch {
			case h >= '0' && h <= '9':
				r = r*16 + h - '0'
			case h >= 'a' && h <= 'f':
				r = r*16 + h - 'a' + 10
			default:
				return ""
			}
			if r > 0x10ffff {
				return ""
			}
		}
		if r < 0x20 || r >= 0xd800 && r < 0xe000 {
			return ""
		}
		s.WriteRune(r)
	}
	return escapeText(s.String(), false)
}
