package markdown

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Section is the part of a document under one heading: the heading's text,
// its anchor (the fragment that links to it) and the plain text of the
// blocks up to the next heading. The first section of a document holds the
// text before any heading; its Anchor and Title are empty.
type Section struct {
	Anchor string
	Title  string
	Body   string
}

// Sections splits a normalised document into sections for search. The
// frontmatter and a leading level-1 heading (the page's title) are not
// sections of their own; an empty first section is left out.
func Sections(src string) []Section {
	if _, rest, ok := splitFrontmatter(src); ok {
		src = rest
	}
	b := []byte(src)
	// GitBook's blocks are parsed as blocks (not paragraphs of tag text),
	// so a block's text is indexed by what it is.
	doc := docParser.Parse(text.NewReader(b))
	first := doc.FirstChild()
	if h, ok := first.(*ast.Heading); ok && h.Level == 1 {
		first = first.NextSibling()
	}
	out := []Section{{}}
	var body bytes.Buffer
	used := map[string]int{}
	flush := func() {
		out[len(out)-1].Body = strings.Join(strings.Fields(body.String()), " ")
		body.Reset()
	}
	for n := first; n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			flush()
			var t bytes.Buffer
			plainText(&t, h, b)
			title := strings.TrimSpace(t.String())
			out = append(out, Section{Title: title, Anchor: uniqueAnchor(Anchor(title), used)})
			continue
		}
		blockText(&body, n, b)
	}
	flush()
	if out[0].Body == "" {
		out = out[1:]
	}
	return out
}

// blockText writes the plain text of a block and the blocks inside it.
func blockText(w *bytes.Buffer, n ast.Node, src []byte) {
	switch n.Kind() {
	case ast.KindHTMLBlock:
		return
	case kindLiquid:
		// Conditional content is shown only to the visitors whose claims
		// satisfy its condition, while search answers every reader of the
		// site: its text is never indexed, or search would reveal it.
		if n.(*liquidNode).name == "if" {
			return
		}
	case ast.KindFencedCodeBlock, ast.KindCodeBlock:
		lines := n.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			w.Write(seg.Value(src))
		}
		w.WriteByte('\n')
		return
	}
	if n.Type() == ast.TypeBlock && n.HasChildren() && n.FirstChild().Type() == ast.TypeInline {
		plainText(w, n, src)
		w.WriteByte('\n')
		return
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		blockText(w, c, src)
	}
}

var nonAnchor = regexp.MustCompile(`[^\p{L}\p{N}]+`)

// Anchor is the fragment of a heading: its text in lower case, runs of
// anything but letters and digits turned into one '-'.
func Anchor(title string) string {
	return strings.Trim(nonAnchor.ReplaceAllString(strings.ToLower(title), "-"), "-")
}

// uniqueAnchor makes repeated anchors of one document distinct (a, a-1, a-2).
func uniqueAnchor(a string, used map[string]int) string {
	n, seen := used[a]
	used[a] = n + 1
	if !seen {
		return a
	}
	return a + "-" + strconv.Itoa(n)
}
