package markdown

import (
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Aligned paragraphs and headings. Markdown has no alignment: READMEs, and
// GitBook's Git Sync, write an aligned paragraph or heading as HTML,
// `<p align="center">…</p>` or `<h2 align="right">…</h2>`, the text inside
// being HTML too (an HTML block's content is not markdown). Such a block
// is GitBook's paragraph or heading with data.align ("start", "center",
// "end") when its content is text and the inline HTML written back here:
// <strong>, <em>, <s>, <code>, <a href>, <img src alt>, <br>, and the
// marks of blocks_html.go (<mark style>, <kbd>, <sup>, <sub>). Anything
// else keeps the block raw HTML, so nothing is lost.

// htmlAlign maps an HTML align to GitBook's TextAlignment.
var htmlAlign = map[string]string{"left": "start", "center": "center", "right": "end"}

// alignedBlock is the paragraph or heading an HTML block of one aligned
// element stands for, or nil.
func alignedBlock(src string) map[string]any {
	z := html.NewTokenizer(strings.NewReader(strings.TrimSpace(src)))
	if z.Next() != html.StartTagToken {
		return nil
	}
	open := z.Token()
	level := 0
	switch open.DataAtom {
	case atom.P:
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		level = int(open.Data[1] - '0')
	default:
		return nil
	}
	if len(open.Attr) != 1 || open.Attr[0].Key != "align" {
		return nil
	}
	align := htmlAlign[strings.ToLower(open.Attr[0].Val)]
	if align == "" {
		return nil
	}
	type frame struct {
		tag   atom.Atom
		marks markSet
		wrap  wrapping
	}
	var (
		b, text *inlineBuilder // text: a link's, while one is open
		href    string
		stack   []frame
		marks   markSet
		closed  bool
	)
	b = &inlineBuilder{}
	cur := func() *inlineBuilder {
		if text != nil {
			return text
		}
		return b
	}
	for !closed {
		tt := z.Next()
		tok := z.Token()
		switch tt {
		case html.TextToken:
			cur().add(collapseSpace(tok.Data), marks)
		case html.StartTagToken, html.SelfClosingTagToken:
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				attrs[a.Key] = a.Val
			}
			if tok.DataAtom == atom.Br && len(attrs) == 0 {
				cur().add("\n", marks)
				continue
			}
			if tok.DataAtom == atom.Img {
				if attrs["src"] == "" || len(attrs) > 2 || len(attrs) == 2 && attrs["alt"] == "" {
					return nil
				}
				data := map[string]any{"ref": urlRef(attrs["src"])}
				if attrs["alt"] != "" {
					data["alt"] = attrs["alt"]
				}
				cur().inline(map[string]any{"object": "inline", "type": "inline-image", "isVoid": true, "data": data})
				continue
			}
			if tt == html.SelfClosingTagToken {
				return nil
			}
			f := frame{tag: tok.DataAtom, marks: marks, wrap: cur().wrap}
			w := cur().wrap
			switch tok.DataAtom {
			case atom.Strong:
				marks |= markBold
			case atom.Em:
				marks |= markItalic
			case atom.S:
				marks |= markStrike
			case atom.Code:
				marks |= markCode
			case atom.A:
				if text != nil || attrs["href"] == "" || len(attrs) != 1 {
					return nil
				}
				href = attrs["href"]
				text = &inlineBuilder{wrap: b.wrap, lastWrap: b.wrap}
			case atom.Mark:
				t, bg, ok := markStyle(attrs["style"])
				if !ok || len(attrs) != 1 || w.text != "" || w.background != "" {
					return nil
				}
				w.text, w.background = t, bg
			case atom.Kbd:
				w.kbd = true
			case atom.Sup:
				w.sup = true
			case atom.Sub:
				w.sub = true
			default:
				return nil
			}
			if tok.DataAtom != atom.A && tok.DataAtom != atom.Mark && len(attrs) > 0 {
				return nil
			}
			cur().wrap = w
			stack = append(stack, f)
		case html.EndTagToken:
			if len(stack) == 0 {
				if tok.DataAtom != open.DataAtom {
					return nil
				}
				closed = true
				continue
			}
			f := stack[len(stack)-1]
			if f.tag != tok.DataAtom {
				return nil
			}
			stack = stack[:len(stack)-1]
			marks = f.marks
			if f.tag == atom.A {
				b.inline(link(href, text.done()))
				text = nil
			}
			cur().wrap = f.wrap
		default:
			return nil
		}
	}
	// Only white space may follow the element.
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.TextToken || strings.TrimFunc(string(z.Text()), isHTMLSpace) != "" {
			return nil
		}
	}
	nodes := trimSpaces(b.done())
	if len(nodes) == 0 {
		return nil
	}
	data := map[string]any{"align": align}
	if level == 0 {
		return block("paragraph", data, nodes)
	}
	if level > 3 {
		data["level"] = level
	}
	return block("heading-"+strconv.Itoa(min(level, 3)), data, nodes)
}

func isHTMLSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' }

// collapseSpace makes each run of white space one space, as HTML shows it.
func collapseSpace(s string) string {
	var out strings.Builder
	space := false
	for _, r := range s {
		if isHTMLSpace(r) {
			space = true
			continue
		}
		if space {
			out.WriteByte(' ')
			space = false
		}
		out.WriteRune(r)
	}
	if space {
		out.WriteByte(' ')
	}
	return out.String()
}

// trimSpaces drops the spaces HTML does not show: at the ends of the
// element, next to a line break, and a second one in a row (across
// leaves, links included). Leaves and text nodes left empty go.
func trimSpaces(nodes []any) []any {
	var leaves []map[string]any // in document order; nil for an image
	var walk func([]any)
	walk = func(nodes []any) {
		for _, n := range nodes {
			n := n.(map[string]any)
			if ls, ok := n["leaves"].([]any); ok {
				for _, l := range ls {
					leaves = append(leaves, l.(map[string]any))
				}
			} else if kids, ok := n["nodes"].([]any); ok {
				walk(kids)
			} else {
				leaves = append(leaves, nil)
			}
		}
	}
	walk(nodes)
	// Forwards: a space after nothing, a space or a line break goes.
	prev := byte('\n')
	for _, l := range leaves {
		if l == nil {
			prev = 'x'
			continue
		}
		var out strings.Builder
		s := l["text"].(string)
		for i := 0; i < len(s); i++ {
			if s[i] == ' ' && (prev == ' ' || prev == '\n') {
				continue
			}
			out.WriteByte(s[i])
			prev = s[i]
		}
		l["text"] = out.String()
	}
	// Backwards: a space before a line break or the end goes.
	next := byte('\n')
	for i := len(leaves) - 1; i >= 0; i-- {
		l := leaves[i]
		if l == nil {
			next = 'x'
			continue
		}
		s := l["text"].(string)
		out := make([]byte, 0, len(s))
		for j := len(s) - 1; j >= 0; j-- {
			if s[j] == ' ' && next == '\n' {
				continue
			}
			out = append(out, s[j])
			next = s[j]
		}
		for a, z := 0, len(out)-1; a < z; a, z = a+1, z-1 {
			out[a], out[z] = out[z], out[a]
		}
		l["text"] = string(out)
	}
	return dropEmpty(nodes)
}

func dropEmpty(nodes []any) []any {
	out := []any{}
	for _, n := range nodes {
		n := n.(map[string]any)
		if ls, ok := n["leaves"].([]any); ok {
			kept := []any{}
			for _, l := range ls {
				if l.(map[string]any)["text"] != "" {
					kept = append(kept, l)
				}
			}
			if len(kept) == 0 {
				continue
			}
			merged := kept[:1]
			for _, l := range kept[1:] {
				last := merged[len(merged)-1].(map[string]any)
				if l := l.(map[string]any); reflect.DeepEqual(last["marks"], l["marks"]) {
					last["text"] = last["text"].(string) + l["text"].(string)
					continue
				}
				merged = append(merged, l)
			}
			n["leaves"] = merged
		} else if kids, ok := n["nodes"].([]any); ok {
			n["nodes"] = dropEmpty(kids)
		}
		out = append(out, n)
	}
	return out
}

// alignedMarkdown writes a paragraph (level 0) or heading with data.align
// as the HTML element alignedBlock reads; ok is false when its content has
// no HTML form here (formulas, mentions, captions of inline images), and
// the block is then written without its alignment.
func alignedMarkdown(n node, level int) (string, bool, error) {
	var attr string
	for k, v := range htmlAlign {
		if v == n.data()["align"] {
			attr = k
		}
	}
	if attr == "" {
		return "", false, nil
	}
	ps, err := pieces(n)
	if err != nil {
		return "", false, err
	}
	inner, ok := piecesHTML(ps)
	if !ok || strings.TrimSpace(inner) == "" {
		return "", false, nil
	}
	tag := "p"
	if level > 0 {
		tag = "h" + strconv.Itoa(level)
	}
	return "<" + tag + ` align="` + attr + `">` + inner + "</" + tag + ">", true, nil
}

// piecesHTML writes inline pieces as the HTML alignedBlock reads, on one
// line.
func piecesHTML(ps []piece) (string, bool) {
	var s strings.Builder
	for _, p := range ps {
		var part string
		switch {
		case p.link != nil:
			inner, ok := piecesHTML(p.link.pieces)
			if !ok || p.link.title != "" {
				return "", false
			}
			part = `<a href="` + htmlAttr.Replace(p.link.url) + `">` + inner + "</a>"
		case p.image != nil:
			if p.image.caption != "" || p.image.url == "" {
				return "", false
			}
			part = `<img src="` + htmlAttr.Replace(p.image.url) + `"`
			if p.image.alt != "" {
				part += ` alt="` + htmlAttr.Replace(strings.ReplaceAll(p.image.alt, "\n", " ")) + `"`
			}
			part += ">"
		case p.raw != "":
			// Icons, buttons and expressions are HTML; formulas, mentions
			// and emoji are markdown, which HTML would show as it is.
			if !strings.HasPrefix(p.raw, "<") || strings.Contains(p.raw, "\n") {
				return "", false
			}
			part = p.raw
		case p.weak && p.text == "\n":
			part = "<br>"
		case p.marks&markHTML != 0:
			if strings.Contains(p.text, "\n") {
				return "", false
			}
			part = p.text
		default:
			part = htmlText.Replace(p.text)
			for _, m := range []struct {
				mark markSet
				tag  string
			}{{markCode, "code"}, {markStrike, "s"}, {markItalic, "em"}, {markBold, "strong"}} {
				if p.marks != anyMarks && p.marks&m.mark != 0 {
					part = "<" + m.tag + ">" + part + "</" + m.tag + ">"
				}
			}
		}
		if p.image == nil && p.raw == "" {
			wrap := p.wrap
			if p.link != nil {
				wrap = wrapping{}
			}
			part = wrap.open() + part + wrap.close()
		}
		s.WriteString(part)
	}
	return s.String(), true
}
