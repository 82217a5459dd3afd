package markdown

import (
	"bufio"
	"bytes"
	"fmt"
	stdhtml "html"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// GitBook's documents are trees of JSON objects. They are built here out of
// map[string]any and []any, the types encoding/json decodes them to, so that
// FromDocument reads ToDocument's output and a decoded request body alike.
//
// What markdown holds that a document cannot, and so does not come back:
//   - link reference definitions (links are written inline, with their
//     titles) and the difference between autolinks and links whose text is
//     their URL;
//   - the words after a code block's language, and indented code blocks
//     (they come back fenced);
//   - a `<br>` at the end of a line is a line break (written back with a
//     backslash);
//   - an unsized `<figure>` comes back as an image whose title is the
//     caption;
//   - formatting of table headers (a column title is plain text) and the
//     difference between a column aligned left and one not aligned;
//   - ordered task lists (they come back as bullets);
//   - an image's title is kept as its caption;
//   - code blocks, tables, hints and quotes where GitBook does not allow
//     them: code and tables in quotes and hints become paragraphs, a quote
//     in a hint or a hint in a quote is replaced by its content;
//   - soft line breaks (a paragraph comes back on one line), escapes and
//     entities that were not needed, and other formatting that does not
//     change the content.
//
// Raw HTML is carried as it is written: see rawHTML and rawHTMLMark, and
// document_html.go for <img> and <figure>; <details> is GitBook's
// expandable. Headings 4 to 6 are level 3 with the level in data.level;
// a loose list comes back loose (data.loose on its items).

// Text marks. One text leaf carries a set of them.
type markSet uint8

const (
	markBold markSet = 1 << iota
	markItalic
	markStrike
	markCode
	// markHTML is raw HTML written inline: a code leaf whose mark says
	// data.html, written back as it is (see rawHTMLMark).
	markHTML
)

// codeLike are the marks of text written as it is, not as markdown text.
const codeLike = markCode | markHTML

// markNames are GitBook's names of the marks, in the order a leaf lists them.
var markNames = []struct {
	mark markSet
	name string
}{{markBold, "bold"}, {markItalic, "italic"}, {markStrike, "strikethrough"}, {markCode, "code"}}

func markNamed(name string) (markSet, bool) {
	for _, m := range markNames {
		if m.name == name {
			return m.mark, true
		}
	}
	return 0, false
}

// hintStyles are the styles GitBook's hint block knows.
var hintStyles = []string{"info", "warning", "danger", "success"}

// docParser reads GitHub-flavoured markdown, as GitBook writes it, and
// GitBook's hint blocks.
var docParser = newDocParser(util.Prioritized(swaggerParser{}, 545))

// noSwaggerParser is docParser without the legacy swagger block: for the
// lines of one that did not close (blocks_swagger.go).
var noSwaggerParser = newDocParser()

func newDocParser(more ...util.PrioritizedValue) gparser.Parser {
	blocks := append([]util.PrioritizedValue{util.Prioritized(hintParser{}, 550), util.Prioritized(openAPIParser{}, 540), util.Prioritized(liquidParser{}, 551), util.Prioritized(htmlTabParser{}, 899)}, more...)
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(
			gparser.WithBlockParsers(blocks...),
			gparser.WithInlineParsers(util.Prioritized(checkBoxParser{}, 0), util.Prioritized(mathParser{}, 150)),
		),
	).Parser()
}

// ToDocument converts a normalised markdown document to GitBook's JSON
// document (losing what the list above says). The frontmatter is the page's
// metadata, not its content, and is left out.
func ToDocument(src string) map[string]any {
	// CommonMark's line endings are LF, CRLF and CR alone; goldmark does
	// not always take the last two for one (a CR after an HTML tag keeps it
	// from being a block): they are made LF, as FromDocument writes them.
	src = strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n")
	if _, rest, ok := splitFrontmatter(src); ok {
		src = rest
	}
	c := converter{src: []byte(src)}
	root := docParser.Parse(text.NewReader(c.src))
	return map[string]any{"object": "document", "data": map[string]any{}, "nodes": c.blocks(root, inPage)}
}

// container is what blocks are converted for: GitBook allows fewer kinds of
// blocks in quotes and hints than on the page itself or in list items.
type container int

const (
	inPage container = iota
	inListItem
	inQuote
	inHint
	inTab
	inStep
	inColumn
	inUpdate
	inExpandable
)

// allows is whether blocks of a type other than GitBook's essentials
// (paragraphs, headings, lists, dividers) may go in, as GitBook's schema
// says of each container (see allowedIn).
func (in container) allows(blockType string) bool {
	return in == inPage || slices.Contains(allowedIn[in], blockType)
}

type converter struct {
	src []byte
}

// blocks converts the blocks inside parent.
func (c *converter) blocks(parent ast.Node, in container) []any {
	return c.blockRun(parent.FirstChild(), nil, in)
}

// blockRun converts the blocks from first up to stop (nil: to the last
// sibling), an expandable's `<details>` and what it holds as one block.
func (c *converter) blockRun(first, stop ast.Node, in container) []any {
	return unitRun(c.units(first, stop), in)
}

// unit is one block as blockRun reads it: a node of c's source, or a piece
// of an HTML block that a `{% … %}` line splits (splitHTML): its HTML
// lines before that line (html), or the line (tag).
type unit struct {
	c    *converter
	n    ast.Node
	html string
	tag  string
}

// htmlSource is the HTML of an HTML block, "" for other blocks.
func (u unit) htmlSource() string {
	if u.n != nil {
		return u.c.htmlBlock(u.n)
	}
	return u.html
}

func (u unit) convert(in container) []any {
	switch {
	case u.n != nil:
		return u.c.block(u.n, in)
	case u.tag != "":
		return []any{block("paragraph", map[string]any{}, []any{textNode(leaf(u.tag, 0))})}
	}
	return rawHTMLLines(u.html, in)
}

// units are the blocks from first up to stop, each HTML block that holds a
// `{% … %}` line split there (splitHTML).
func (c *converter) units(first, stop ast.Node) []unit {
	var out []unit
	for n := first; n != stop; n = n.NextSibling() {
		if h, ok := n.(*ast.HTMLBlock); ok {
			out = append(out, c.splitHTML(h)...)
			continue
		}
		out = append(out, unit{c: c, n: n})
	}
	return out
}

// splitHTML splits an HTML block at its first line that is a `{% … %}`
// tag: that line would end the tab, step… around it once written back (an
// HTML block's lines run on past it only where no container ends there),
// so it is text of its own, and the lines after it are read as they will
// be once written back: as markdown of their own, after that paragraph,
// and before the blocks after this one (a `<details>` in them may close
// after it). A block without such a line is one unit.
func (c *converter) splitHTML(n *ast.HTMLBlock) []unit {
	lines := strings.Split(strings.TrimRight(c.htmlBlock(n), "\n"), "\n")
	for i, line := range lines {
		if _, ok := liquidTag([]byte(line)); !ok {
			continue
		}
		var out []unit
		if before := strings.Join(lines[:i], "\n"); strings.TrimSpace(before) != "" {
			out = append(out, unit{html: before})
		}
		out = append(out, unit{tag: strings.TrimSpace(line)})
		rest := &converter{src: []byte(strings.Join(lines[i+1:], "\n"))}
		return append(out, rest.units(docParser.Parse(text.NewReader(rest.src)).FirstChild(), nil)...)
	}
	return []unit{{c: c, n: n}}
}

// unitRun converts units, an expandable's `<details>` and what it holds as
// one block where the container allows one.
func unitRun(us []unit, in container) []any {
	out := []any{}
	for i := 0; i < len(us); i++ {
		if in.allows("expandable") {
			if exp, last := expandable(us, i); exp != nil {
				out = append(out, exp)
				i = last
				continue
			}
		}
		out = append(out, us[i].convert(in)...)
	}
	return out
}

// expandable is GitBook's expandable block for `<details>` and its
// `<summary>` (an HTML block of their own) at us[i], the blocks after them,
// and the HTML block `</details>` that closes them, which is how GitBook
// writes one; last is the index of that closing block. nil when us[i]
// opens no expandable.
func expandable(us []unit, i int) (exp map[string]any, last int) {
	open, title, ok := detailsOpening(us[i].htmlSource())
	if !ok {
		return nil, 0
	}
	depth := 1
	for last = i + 1; last < len(us); last++ {
		src := us[last].htmlSource()
		if _, _, ok := detailsOpening(src); ok {
			depth++
		} else if detailsClosing(src) {
			if depth--; depth == 0 {
				break
			}
		}
	}
	if last == len(us) {
		return nil, 0
	}
	body := []any{}
	for _, u := range us[i+1 : last] {
		body = append(body, u.convert(inExpandable)...)
	}
	if len(body) == 0 {
		body = append(body, block("paragraph", map[string]any{}, []any{})) // GitBook wants one
	}
	titleLeaf := leaf(stdhtml.UnescapeString(title), 0)
	if strings.Contains(title, "<") {
		titleLeaf = leaf(title, markHTML)
	}
	data := map[string]any{}
	if open {
		data["defaultExpanded"] = true
	}
	return map[string]any{"object": "block", "type": "expandable", "isVoid": true, "data": data, "fragments": []any{
		map[string]any{"object": "fragment", "fragment": "expandable-title", "type": "expandable-title",
			"nodes": []any{block("paragraph", map[string]any{}, []any{textNode(titleLeaf)})}},
		map[string]any{"object": "fragment", "fragment": "expandable-body", "type": "expandable-body", "nodes": body},
	}}, last
}

// detailsClosing is whether an HTML block is the line `</details>` alone.
func detailsClosing(src string) bool {
	return strings.EqualFold(strings.TrimSpace(src), "</details>")
}

// htmlBlock is the source of an HTML block, "" for other blocks.
func (c *converter) htmlBlock(n ast.Node) string {
	h, ok := n.(*ast.HTMLBlock)
	if !ok {
		return ""
	}
	var s strings.Builder
	for i := range h.Lines().Len() {
		seg := h.Lines().At(i)
		s.Write(seg.Value(c.src))
	}
	if h.HasClosure() {
		s.Write(h.ClosureLine.Value(c.src))
	}
	return s.String()
}

// detailsOpening reads `<details>` (or `<details open>`) and a one-line
// `<summary>…</summary>`: whether it is open, and the summary's HTML.
func detailsOpening(src string) (open bool, title string, ok bool) {
	s := strings.TrimSpace(src)
	rest, ok := strings.CutPrefix(s, "<details>")
	if !ok {
		rest, ok = strings.CutPrefix(s, "<details open>")
		open = true
	}
	if !ok {
		return false, "", false
	}
	rest, ok = strings.CutPrefix(strings.TrimSpace(rest), "<summary>")
	title, ok2 := strings.CutSuffix(rest, "</summary>")
	title = strings.TrimSpace(title)
	if !ok || !ok2 || title == "" || strings.ContainsAny(title, "\n") || strings.Contains(title, "summary>") {
		return false, "", false
	}
	return open, title, true
}

// block converts one markdown block to the document blocks that stand for
// it where it is: usually one, none for an empty paragraph, and the
// content of a quote or hint that GitBook does not allow there.
func (c *converter) block(n ast.Node, in container) []any {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		if formula, ok := c.onlyMath(n); ok && in.allows("math") {
			return []any{map[string]any{"object": "block", "type": "math", "isVoid": true, "data": map[string]any{"formula": formula}}}
		}
		if in.allows("images") {
			if images := c.imagesOnly(n); images != nil {
				return []any{images}
			}
		}
		return c.paragraph(n)
	case *ast.Heading:
		// GitBook has three levels; a deeper heading keeps its own in data.
		data := map[string]any{}
		if n.Level > 3 {
			data["level"] = n.Level
		}
		// A heading is one line (a setext heading's line break is a space).
		nodes := c.inlines(n)
		breaksToSpaces(nodes)
		return []any{block("heading-"+strconv.Itoa(min(n.Level, 3)), data, nodes)}
	case *ast.List:
		return []any{c.list(n)}
	case *ast.FencedCodeBlock:
		return c.code(n, string(n.Language(c.src)), in)
	case *ast.CodeBlock:
		return c.code(n, "", in)
	case *ast.Blockquote:
		if !in.allows("blockquote") {
			return c.blocks(n, in)
		}
		return []any{block("blockquote", map[string]any{}, c.blocks(n, inQuote))}
	case *hintNode:
		if !in.allows("hint") {
			return c.blocks(n, in)
		}
		return []any{block("hint", map[string]any{"style": n.style}, c.blocks(n, inHint))}
	case *openAPINode:
		return c.openAPI(n, in)
	case *ast.ThematicBreak:
		return []any{map[string]any{"object": "block", "type": "divider", "isVoid": true, "data": map[string]any{}}}
	case *ast.HTMLBlock:
		if data := htmlDrawing(c.htmlBlock(n)); data != nil && in.allows("drawing") {
			return []any{map[string]any{"object": "block", "type": "drawing", "isVoid": true, "data": data}}
		}
		if b := alignedBlock(c.htmlBlock(n)); b != nil {
			return []any{b}
		}
		if in.allows("images") {
			if images := htmlImages(c.htmlBlock(n)); images != nil {
				return []any{images}
			}
		}
		return c.rawHTML(n, in)
	case *extast.Table:
		if !in.allows("table") {
			return c.tableParagraphs(n)
		}
		return []any{c.table(n)}
	case *liquidNode:
		return c.liquid(n, in)
	case *swaggerNode:
		return c.swagger(n, in)
	}
	return nil
}

// block is a document block that holds other nodes.
func block(blockType string, data map[string]any, nodes []any) map[string]any {
	return map[string]any{"object": "block", "type": blockType, "isVoid": false, "data": data, "nodes": nodes}
}

func (c *converter) paragraph(n ast.Node) []any {
	nodes := c.inlines(n)
	if len(nodes) == 0 {
		return nil
	}
	return []any{block("paragraph", map[string]any{}, nodes)}
}

func (c *converter) list(l *ast.List) map[string]any {
	listType, data := "list-unordered", map[string]any{}
	tasks := isTaskList(l)
	switch {
	case tasks:
		listType = "list-tasks"
	case l.IsOrdered():
		listType = "list-ordered"
		if l.Start != 1 {
			data["start"] = l.Start
		}
	}
	items := []any{}
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		itemData := map[string]any{}
		if tasks {
			// The checkbox is the item's state, not part of its text.
			box := item.FirstChild().FirstChild()
			itemData["checked"] = box.(*extast.TaskCheckBox).IsChecked
			box.Parent().RemoveChild(box.Parent(), box)
		}
		nodes := c.blocks(item, inListItem)
		if tasks {
			trimBoxSpace(nodes)
		}
		items = append(items, block("list-item", itemData, nodes))
	}
	if !l.IsTight && !looseAnyway(items, tasks) {
		// A loose list (blank lines between its items) says so on each
		// item, as GitBook's list blocks take no data of Folio's; the
		// markdown written for it then has blank lines between its items.
		for _, item := range items {
			item.(map[string]any)["data"].(map[string]any)["loose"] = true
		}
	}
	return block(listType, data, items)
}

// breaksToSpaces makes the line breaks in inline nodes spaces (in raw
// HTML and formulas too, where a line ending is a space already).
func breaksToSpaces(nodes []any) {
	for _, n := range nodes {
		n := n.(map[string]any)
		leaves, _ := n["leaves"].([]any)
		for _, l := range leaves {
			l := l.(map[string]any)
			l["text"] = strings.ReplaceAll(l["text"].(string), "\n", " ")
		}
		if n["type"] == "inline-math" {
			// A formula's line ending is a space to TeX.
			data := n["data"].(map[string]any)
			data["formula"] = strings.ReplaceAll(data["formula"].(string), "\n", " ")
		}
		if kids, ok := n["nodes"].([]any); ok {
			breaksToSpaces(kids)
		}
	}
}

// trimBoxSpace drops the spaces (a line break read as one) that start a
// task item's paragraph after its box: they are not its text, and would
// not come back.
func trimBoxSpace(nodes []any) {
	if len(nodes) == 0 {
		return
	}
	p := nodes[0].(map[string]any)
	kids, _ := p["nodes"].([]any)
	if p["type"] != "paragraph" || len(kids) == 0 {
		return
	}
	leaves, _ := kids[0].(map[string]any)["leaves"].([]any)
	if len(leaves) == 0 {
		return
	}
	l := leaves[0].(map[string]any)
	l["text"] = strings.TrimLeft(l["text"].(string), " ")
	if l["text"] == "" {
		leaves = leaves[1:]
		if len(leaves) == 0 {
			p["nodes"] = kids[1:]
			return
		}
		kids[0].(map[string]any)["leaves"] = leaves
	}
}

// looseAnyway is whether the markdown FromDocument writes for list items
// is a loose list without blank lines between the items: an item holds
// blocks with a blank line between them, which is all but a list right
// under a paragraph. A task's box reads as a paragraph before the item's
// first block (its own paragraph's text, or on a line of its own).
func looseAnyway(items []any, tasks bool) bool {
	for _, item := range items {
		nodes := item.(map[string]any)["nodes"].([]any)
		if tasks && len(nodes) > 0 && nodes[0].(map[string]any)["type"] != "paragraph" {
			nodes = append([]any{map[string]any{"type": "paragraph"}}, nodes...)
		}
		for j := 1; j < len(nodes); j++ {
			prev, cur := nodes[j-1].(map[string]any), nodes[j].(map[string]any)
			isList := func(b map[string]any) bool { return strings.HasPrefix(b["type"].(string), "list-") }
			if isList(prev) && isList(cur) {
				continue // written one under the other (blocksEnd)
			}
			if prev["type"] != "paragraph" {
				return true
			}
			if cur["type"] == "code" {
				// A fenced block goes right under the paragraph
				// (tightFence); one written otherwise has a blank line.
				if md, err := codeMarkdown(node{m: cur}); err != nil || !isFence(md) {
					return true
				}
				continue
			}
			if !isList(cur) {
				return true
			}
			// Only a list that can interrupt a paragraph goes right under
			// it (blocksEnd): not one whose first item is empty, nor one
			// numbered from other than 1.
			if r, err := listMarkdown(node{m: cur}, nil); err != nil || !r.interrupts {
				return true
			}
		}
	}
	return false
}

// isTaskList is whether every item of a list starts with a checkbox. In a
// list where only some do, the checkboxes stay text.
func isTaskList(l *ast.List) bool {
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		// The checkbox starts a paragraph: one that starts a heading (`- [x]`
		// then an indented `#`) would come back a paragraph's text.
		first := item.FirstChild()
		if first == nil || first.Kind() != ast.KindParagraph && first.Kind() != ast.KindTextBlock ||
			first.FirstChild() == nil || first.FirstChild().Kind() != extast.KindTaskCheckBox {
			return false
		}
	}
	return l.HasChildren()
}

func (c *converter) code(n ast.Node, syntax string, in container) []any {
	var lines []string
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		lines = append(lines, strings.TrimSuffix(string(seg.Value(c.src)), "\n"))
	}
	if !in.allows("code") {
		return codeParagraph(lines)
	}
	data := map[string]any{}
	if syntax != "" {
		data["syntax"] = syntax
	}
	nodes := []any{}
	for _, line := range lines {
		nodes = append(nodes, block("code-line", map[string]any{}, []any{textNode(leaf(line, 0))}))
	}
	return []any{block("code", data, nodes)}
}

// codeParagraph keeps the text of a code block where GitBook allows no
// code blocks: each line in code, one line after the other.
func codeParagraph(lines []string) []any {
	var b inlineBuilder
	for i, line := range lines {
		if i > 0 {
			b.add("\n", 0)
		}
		// As a code span reads it back: a "\r" is a line ending, a space.
		b.add(strings.ReplaceAll(line, "\r", " "), markCode)
	}
	if nodes := b.done(); len(nodes) > 0 {
		return []any{block("paragraph", map[string]any{}, nodes)}
	}
	return nil
}

// rawHTML keeps an HTML block as it is written, losslessly: GitBook has no
// raw HTML, so it is Folio's extension of a code block (syntax "html",
// data.html true), which a GitBook client shows as the HTML's source and
// writes back unchanged. Where code blocks are not allowed it is a
// paragraph of one raw HTML leaf (see rawHTMLMark).
func (c *converter) rawHTML(n *ast.HTMLBlock, in container) []any {
	if us := c.splitHTML(n); len(us) > 1 || us[0].n == nil {
		return unitRun(us, in)
	}
	return rawHTMLLines(c.htmlBlock(n), in)
}

// rawHTMLLines is an HTML block's source as a block: code marked html, or a
// paragraph of raw HTML where GitBook allows no code.
func rawHTMLLines(src string, in container) []any {
	// Spaces before the block's first line mean nothing to markdown (nor
	// to HTML); in a list item they would move the item's text over.
	raw := strings.TrimLeft(strings.TrimRight(src, "\n"), " ")
	if strings.TrimSpace(raw) == "" {
		return nil
	}
	if !in.allows("code") {
		return []any{block("paragraph", map[string]any{}, []any{textNode(leaf(raw, markHTML))})}
	}
	nodes := []any{}
	for line := range strings.SplitSeq(raw, "\n") {
		nodes = append(nodes, block("code-line", map[string]any{}, []any{textNode(leaf(line, 0))}))
	}
	return []any{block("code", map[string]any{"syntax": "html", "html": true}, nodes)}
}

// imagesOnly is GitBook's images block for a paragraph of nothing but
// images, which is how a page shows pictures on their own; nil for any
// other paragraph.
func (c *converter) imagesOnly(p ast.Node) map[string]any {
	var images []any
	for n := p.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Image:
			data := c.imageData(n)
			fragments := []any{}
			if caption, ok := data["caption"].(string); ok {
				delete(data, "caption")
				// Folio's: written back as the title it was, not as the
				// <figure> GitBook writes for a caption.
				data["captionFromTitle"] = true
				para := block("paragraph", map[string]any{}, []any{textNode(leaf(caption, 0))})
				fragments = append(fragments, map[string]any{"object": "fragment", "fragment": "caption", "nodes": []any{para}})
			}
			images = append(images, map[string]any{"object": "block", "type": "image", "isVoid": true, "data": data, "fragments": fragments})
		case *ast.Text:
			if len(bytes.TrimSpace(n.Segment.Value(c.src))) > 0 {
				return nil
			}
		default:
			return nil
		}
	}
	if len(images) == 0 {
		return nil
	}
	return map[string]any{"object": "block", "type": "images", "isVoid": false, "data": map[string]any{}, "nodes": images}
}

// imageData is what an image block and an inline image both say of an
// image. The title becomes the caption: GitBook has no titles.
func (c *converter) imageData(img *ast.Image) map[string]any {
	data := map[string]any{"ref": urlRef(unescape(img.Destination))}
	var alt inlineBuilder
	alt.walk(c, img, 0)
	if s := nodesText(alt.done()); s != "" {
		data["alt"] = s
	}
	if len(img.Title) > 0 {
		data["caption"] = unescape(img.Title)
	}
	return data
}

func urlRef(url string) map[string]any {
	return map[string]any{"kind": "url", "url": url}
}

// table is GitBook's table block: a text column per markdown column, a
// record per row, and a fragment per non-empty cell, which the record names,
// holding the cell's text.
func (c *converter) table(t *extast.Table) map[string]any {
	columns, definition := []any{}, map[string]any{}
	records, fragments := map[string]any{}, []any{}
	rows := tableRows(t)
	width := len(strconv.Itoa(len(rows)))
	for i, cell := range rows[0] {
		id := "c" + strconv.Itoa(i)
		columns = append(columns, id)
		var title inlineBuilder
		title.walk(c, cell, 0)
		// Spaces around a cell's text are not markdown's to keep (a code
		// span of spaces is one).
		def := map[string]any{"id": id, "title": strings.Trim(nodesText(title.done()), " \t\r\n"), "type": "text",
			"textAlignment": columnAlignment(t.Alignments, i)}
		if i < len(t.Alignments) && t.Alignments[i] == extast.AlignLeft {
			// GitBook's columns are left-aligned unless told otherwise;
			// markdown's are not aligned unless told: "| :-- |" says so
			// (Folio's data.alignedLeft), "| --- |" does not.
			def["alignedLeft"] = true
		}
		definition[id] = def
	}
	for r, row := range rows[1:] {
		values := map[string]any{}
		for i, cell := range row {
			nodes := c.inlines(cell)
			if len(nodes) == 0 || i >= len(columns) {
				continue
			}
			id := fmt.Sprintf("r%dc%d", r, i)
			values[columns[i].(string)] = id
			fragments = append(fragments, map[string]any{"object": "fragment", "fragment": id,
				"nodes": []any{block("paragraph", map[string]any{}, nodes)}})
		}
		records["r"+strconv.Itoa(r)] = map[string]any{"orderIndex": fmt.Sprintf("%0*d", width, r), "values": values}
	}
	view := map[string]any{"type": "grid", "columns": columns, "hideHeader": false}
	return map[string]any{"object": "block", "type": "table", "isVoid": true,
		"data": map[string]any{"view": view, "records": records, "definition": definition}, "fragments": fragments}
}

// tableRows are a table's cells by row, the header first.
func tableRows(t *extast.Table) [][]ast.Node {
	var rows [][]ast.Node
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []ast.Node
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			cells = append(cells, cell)
		}
		rows = append(rows, cells)
	}
	return rows
}

func columnAlignment(alignments []extast.Alignment, i int) string {
	if i < len(alignments) {
		switch alignments[i] {
		case extast.AlignCenter:
			return "center"
		case extast.AlignRight:
			return "right"
		}
	}
	return "left"
}

// tableParagraphs keeps the text of a table where GitBook allows no tables: a
// paragraph per row, the cells apart by " | ".
func (c *converter) tableParagraphs(t *extast.Table) []any {
	var out []any
	for _, row := range tableRows(t) {
		var b inlineBuilder
		for i, cell := range row {
			if i > 0 {
				b.add(" | ", 0)
			}
			b.walk(c, cell, 0)
		}
		if nodes := b.done(); len(nodes) > 0 {
			out = append(out, block("paragraph", map[string]any{}, nodes))
		}
	}
	return out
}

// inlines converts the inline content of a block.
func (c *converter) inlines(n ast.Node) []any {
	var b inlineBuilder
	b.walk(c, n, 0)
	return b.done()
}

// inlineBuilder collects the inline nodes of a block. Text goes into leaves,
// one per run of text with the same marks, and the leaves between two
// inline nodes (links, images) make one text node.
type inlineBuilder struct {
	nodes  []any
	leaves []any
	marks  markSet // of the last leaf
	wrap   wrapping
	// lastWrap is the wrapping of the last leaf; wrap that of the text
	// being added (inside <mark>, <kbd>…; see blocks_html.go).
	lastWrap wrapping
}

func (b *inlineBuilder) add(s string, marks markSet) {
	if s == "" {
		return
	}
	if n := len(b.leaves); n > 0 && b.marks == marks && b.lastWrap == b.wrap {
		last := b.leaves[n-1].(map[string]any)
		last["text"] = last["text"].(string) + s
		return
	}
	l := leaf(s, marks)
	l["marks"] = append(l["marks"].([]any), b.wrap.marks()...)
	b.leaves = append(b.leaves, l)
	b.marks, b.lastWrap = marks, b.wrap
}

func (b *inlineBuilder) inline(node map[string]any) {
	b.flush()
	b.nodes = append(b.nodes, node)
}

func (b *inlineBuilder) flush() {
	if len(b.leaves) > 0 {
		b.nodes = append(b.nodes, map[string]any{"object": "text", "leaves": b.leaves})
		b.leaves = nil
	}
}

func (b *inlineBuilder) done() []any {
	b.flush()
	if b.nodes == nil {
		return []any{}
	}
	return b.nodes
}

func (b *inlineBuilder) walk(c *converter, parent ast.Node, marks markSet) {
	b.walkFrom(c, parent.FirstChild(), nil, marks)
}

// walkFrom converts the inline nodes from first up to stop (nil: to the
// last).
func (b *inlineBuilder) walkFrom(c *converter, first, stop ast.Node, marks markSet) {
	for n := first; n != nil && n != stop; n = n.NextSibling() {
		if raw, ok := n.(*ast.RawHTML); ok {
			if last := b.htmlElement(c, raw, marks, stop); last != nil {
				n = last
				continue
			}
		}
		switch n := n.(type) {
		case *ast.Text:
			s := string(n.Segment.Value(c.src))
			if !n.IsRaw() {
				s = unescape(n.Segment.Value(c.src))
			}
			b.add(s, marks)
			switch {
			case n.HardLineBreak():
				b.add("\n", marks)
			case n.SoftLineBreak():
				b.add(" ", marks)
			}
		case *ast.String:
			b.add(string(n.Value), marks)
		case *ast.CodeSpan:
			b.add(c.codeSpan(n), marks|markCode)
		case *ast.Emphasis:
			mark := markItalic
			if n.Level == 2 {
				mark = markBold
			}
			b.walk(c, n, marks|mark)
		case *extast.Strikethrough:
			b.walk(c, n, marks|markStrike)
		case *ast.Link:
			text := inlineBuilder{wrap: b.wrap, lastWrap: b.wrap}
			text.walk(c, n, marks)
			l := link(unescape(n.Destination), text.done())
			if len(n.Title) > 0 {
				l["data"].(map[string]any)["title"] = unescape(n.Title)
			}
			if string(n.Title) == "mention" {
				// GitBook's mention of a page, as Git Sync writes it.
				l = map[string]any{"object": "inline", "type": "mention", "isVoid": true,
					"data": map[string]any{"ref": urlRef(unescape(n.Destination)), "text": nodesText(l["nodes"].([]any))}}
			}
			b.inline(l)
		case *ast.AutoLink:
			url := string(n.URL(c.src))
			if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(url), "mailto:") {
				url = "mailto:" + url
			}
			var text inlineBuilder
			text.add(string(n.Label(c.src)), marks)
			b.inline(link(url, text.done()))
		case *ast.Image:
			b.inline(map[string]any{"object": "inline", "type": "inline-image", "isVoid": true, "data": c.imageData(n)})
		case *ast.RawHTML:
			var raw strings.Builder
			for i := range n.Segments.Len() {
				seg := n.Segments.At(i)
				raw.Write(seg.Value(c.src))
			}
			if isBreak(raw.String()) && hasTextAfter(c, n) && (len(b.leaves) > 0 || len(b.nodes) > 0) {
				// GitBook's line break is a newline in the text; the line
				// ending after the <br>, if any, is part of it. One that
				// starts the text stays HTML: a break there is not kept.
				b.add("\n", marks)
				if t, ok := n.NextSibling().(*ast.Text); ok && t.Segment.Len() == 0 && t.SoftLineBreak() {
					n.Parent().RemoveChild(n.Parent(), t)
				} else if ok && !t.IsRaw() {
					// Spaces that start a line mean nothing in markdown
					// (nor after a <br> in HTML): the line written back
					// would lose them.
					t.Segment = t.Segment.TrimLeftSpace(c.src)
				}
			} else {
				b.add(raw.String(), marks&^markCode|markHTML)
			}
		case *mathNode:
			b.inline(map[string]any{"object": "inline", "type": "inline-math", "isVoid": true, "data": map[string]any{"formula": n.Formula}})
		case *extast.TaskCheckBox:
			// Left in a list that is not all tasks: it stays what it says.
			if n.IsChecked {
				b.add("[x] ", marks)
			} else {
				b.add("[ ] ", marks)
			}
		default:
			b.walk(c, n, marks)
		}
	}
}

// codeSpan is the text of a code span: a line ending inside it is a space.
func (c *converter) codeSpan(n *ast.CodeSpan) string {
	var s strings.Builder
	for t := n.FirstChild(); t != nil; t = t.NextSibling() {
		if t, ok := t.(*ast.Text); ok {
			v := t.Segment.Value(c.src)
			// A line ending, "\r" alone too, is a space in code.
			if n := len(v); n > 0 && (v[n-1] == '\n' || v[n-1] == '\r') {
				v = bytes.TrimSuffix(bytes.TrimSuffix(v, []byte("\n")), []byte("\r"))
				v = append(v[:len(v):len(v)], ' ')
			}
			s.Write(bytes.ReplaceAll(v, []byte("\r"), []byte(" ")))
		}
	}
	return s.String()
}

func link(url string, nodes []any) map[string]any {
	return map[string]any{"object": "inline", "type": "link", "isVoid": false,
		"data": map[string]any{"ref": urlRef(url)}, "nodes": nodes}
}

func textNode(leaves ...any) map[string]any {
	return map[string]any{"object": "text", "leaves": leaves}
}

func leaf(s string, marks markSet) map[string]any {
	list := []any{}
	for _, m := range markNames {
		if marks&m.mark != 0 {
			list = append(list, map[string]any{"object": "mark", "type": m.name})
		}
	}
	if marks&markHTML != 0 {
		list = append(list, rawHTMLMark())
	}
	return map[string]any{"object": "leaf", "text": s, "marks": list}
}

// rawHTMLMark marks a leaf of raw HTML: GitBook's code mark (so that a
// GitBook client shows the HTML's source) with data.html, Folio's
// extension, by which the leaf is written back as HTML, not as text.
func rawHTMLMark() map[string]any {
	return map[string]any{"object": "mark", "type": "code", "data": map[string]any{"html": true}}
}

// hasTextAfter is whether more than spaces and line endings follows n in
// its paragraph: a line break at the end of one would not come back.
func hasTextAfter(c *converter, n ast.Node) bool {
	for ; n != nil; n = n.Parent() {
		for m := n.NextSibling(); m != nil; m = m.NextSibling() {
			t, ok := m.(*ast.Text)
			if !ok || len(bytes.TrimSpace(t.Segment.Value(c.src))) > 0 {
				return true
			}
		}
		// The paragraph goes on after the emphasis n ends.
		switch n.Parent().(type) {
		case *ast.Emphasis, *extast.Strikethrough:
		default:
			return false
		}
	}
	return false
}

// isBreak is whether inline HTML is a line break: <br>, <br/> or <br />.
func isBreak(s string) bool {
	s = strings.ToLower(s)
	s, ok := strings.CutPrefix(s, "<br")
	s = strings.TrimRight(strings.TrimSuffix(s, ">"), "/ \t\n")
	return ok && s == ""
}

// nodesText is the text of inline nodes built here, links' text included.
func nodesText(nodes []any) string {
	var s strings.Builder
	for _, n := range nodes {
		n := n.(map[string]any)
		leaves, _ := n["leaves"].([]any)
		for _, l := range leaves {
			s.WriteString(l.(map[string]any)["text"].(string))
		}
		if kids, ok := n["nodes"].([]any); ok {
			s.WriteString(nodesText(kids))
		}
	}
	return s.String()
}

// unescape is text as markdown means it: backslash escapes and entity
// references resolved. goldmark's HTML writer knows CommonMark's rules for
// both; its output, read back as HTML, is the text.
func unescape(b []byte) string {
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	html.DefaultWriter.Write(w, b)
	_ = w.Flush()
	return stdhtml.UnescapeString(out.String())
}

// checkBoxParser reads a task list item's "[ ]" or "[x]". goldmark's own
// takes "[x]" of "[x](/a)" for one too; GFM wants a space after it.
type checkBoxParser struct{}

func (checkBoxParser) Trigger() []byte { return []byte{'['} }

func (checkBoxParser) Parse(parent ast.Node, block text.Reader, pc gparser.Context) ast.Node {
	// Only the start of a list item's first paragraph holds a checkbox.
	item, ok := parent.Parent().(*ast.ListItem)
	if !ok || item.FirstChild() != parent || parent.HasChildren() {
		return nil
	}
	line, _ := block.PeekLine()
	if len(line) < 3 || line[2] != ']' || !strings.ContainsRune(" xX", rune(line[1])) {
		return nil
	}
	rest := line[3:]
	text := bytes.TrimLeft(rest, " \t")
	if len(text) == len(rest) && len(bytes.TrimSpace(rest)) > 0 {
		return nil
	}
	block.Advance(len(line) - len(text))
	return extast.NewTaskCheckBox(line[1] != ' ')
}

// hintNode is GitBook's hint: blocks between `{% hint style="…" %}` and
// `{% endhint %}` lines.
type hintNode struct {
	ast.BaseBlock
	style string
}

var kindHint = ast.NewNodeKind("Hint")

func (n *hintNode) Kind() ast.NodeKind { return kindHint }

func (n *hintNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Style": n.style}, nil)
}

// hintParser reads hints as a container, like a quote without its markers:
// the lines up to `{% endhint %}` are blocks of their own.
type hintParser struct{}

func (hintParser) Trigger() []byte { return []byte{'{'} }

func (hintParser) Open(parent ast.Node, reader text.Reader, pc gparser.Context) (ast.Node, gparser.State) {
	line, _ := reader.PeekLine()
	style, ok := hintOpening(line)
	if !ok {
		return nil, gparser.NoChildren
	}
	reader.AdvanceToEOL()
	return &hintNode{style: style}, gparser.HasChildren
}

func (hintParser) Continue(node ast.Node, reader text.Reader, pc gparser.Context) gparser.State {
	line, _ := reader.PeekLine()
	if tag, ok := liquidTag(line); ok && tag == "endhint" && !listGoesOn(node, line) {
		reader.AdvanceToEOL()
		return gparser.Close
	}
	return gparser.Continue | gparser.HasChildren
}

// listGoesOn reports an indented line under a hint that ends in a list:
// the line continues the list's last item (a hint nested in it ends
// there), so it does not end the hint around the list.
func listGoesOn(hint ast.Node, line []byte) bool {
	_, isList := hint.LastChild().(*ast.List)
	return isList && len(line) > 0 && (line[0] == ' ' || line[0] == '\t')
}

func (hintParser) Close(node ast.Node, reader text.Reader, pc gparser.Context) {}

func (hintParser) CanInterruptParagraph() bool { return true }

func (hintParser) CanAcceptIndentedLine() bool { return false }

// hintOpening reads the style of a `{% hint style="…" %}` line. A style
// GitBook does not know leaves the line as text.
func hintOpening(line []byte) (string, bool) {
	tag, ok := liquidTag(line)
	if !ok {
		return "", false
	}
	name, attr, _ := strings.Cut(tag, " ")
	style, ok := strings.CutPrefix(strings.TrimSpace(attr), `style="`)
	style, closed := strings.CutSuffix(style, `"`)
	if name != "hint" || !ok || !closed {
		return "", false
	}
	for _, s := range hintStyles {
		if s == style {
			return style, true
		}
	}
	return "", false
}

// liquidTag is the inside of a line that is one `{% … %}` tag.
func liquidTag(line []byte) (string, bool) {
	s, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "{%")
	s, closed := strings.CutSuffix(s, "%}")
	if !ok || !closed {
		return "", false
	}
	return strings.Join(strings.Fields(s), " "), true
}
