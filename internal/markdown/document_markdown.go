package markdown

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	neturl "net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// What a document holds that markdown cannot, and so does not come back:
//   - node keys, heading ids and other metadata of blocks;
//   - the keyboard, color, superscript and subscript marks;
//   - bold, italic or strikethrough where markdown cannot open or close it
//     (between a letter and punctuation): the paragraph loses those marks;
//   - line breaks and paragraphs after the first in table cells (they run
//     on with a space), column types, widths and a hidden header;
//   - image sizes, dark-mode images and rich text in captions;
//   - a hint's icon, a code block's title and other options;
//   - empty paragraphs, and spaces at the ends of a block or a line.
//
// Blocks, inlines and references with no markdown form (tabs, embeds, page
// and file references…) are errors rather than losses.

// FromDocument converts a GitBook JSON document, as encoding/json decodes
// it, to markdown, written one way for one document: "-" bullets, "1."
// numbers, fenced code, "*" for italic and "**" for bold, and escapes only
// where text would otherwise read as markdown. A node without the shape of a JSONDocument node, or
// with no markdown form (a block or reference kind this package does not
// write), is an error naming the node's path in the document, such as
// `nodes[2].nodes[0]: unknown block type "foo"`.
func FromDocument(doc any) (string, error) {
	root, ok := doc.(map[string]any)
	if !ok {
		return "", errors.New("document: not an object")
	}
	d := node{m: root}
	if d.str("object") != "document" {
		return "", d.errorf(`object is %q, want "document"`, d.str("object"))
	}
	out, err := blocksMarkdown(d, false)
	if err != nil || out == "" {
		return "", err
	}
	if rest, ok := strings.CutPrefix(out, "---"); ok && (rest == "" || rest[0] == '\n') {
		// A page that starts with "---" starts with its frontmatter: a
		// divider there is written the other way.
		out = "***" + rest
	}
	return out + "\n", nil
}

// node is a node of a document and its path in it, for errors.
type node struct {
	path string
	m    map[string]any
}

func (n node) errorf(format string, args ...any) error {
	where := n.path
	if where == "" {
		where = "document"
	}
	return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
}

func (n node) str(key string) string {
	s, _ := n.m[key].(string)
	return s
}

func (n node) data() map[string]any {
	d, _ := n.m["data"].(map[string]any)
	return d
}

// children are the nodes in the array under key, each an object of one of
// the given kinds ("block", "text"…).
func (n node) children(key string, objects ...string) ([]node, error) {
	list, ok := n.m[key].([]any)
	if !ok {
		return nil, n.errorf("%s is missing or not an array", key)
	}
	out := make([]node, len(list))
	for i, v := range list {
		c := node{path: fmt.Sprintf("%s[%d]", key, i)}
		if n.path != "" {
			c.path = n.path + "." + c.path
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, c.errorf("not an object")
		}
		c.m = m
		if !slices.Contains(objects, c.str("object")) {
			return nil, c.errorf("object is %q, want %q", c.str("object"), strings.Join(objects, `" or "`))
		}
		out[i] = c
	}
	return out, nil
}

// rendered is a block written as markdown, with what decides how the block
// after it is written.
type rendered struct {
	text      string
	blockType string
	list      string // "bullets" or "numbers" for a list
	other     bool   // the list uses the other marker ("*", "1)"), not to run on from the list before it
	// interrupts is whether the list may follow a paragraph without a blank
	// line between: CommonMark lets only some lists start a paragraph's
	// next line.
	interrupts bool
	// endsEmpty is whether the list's last item is empty, or ends with a
	// list whose last item is: a blank line after it would end the list
	// item around it too (as goldmark reads it), so the next block of that
	// item goes on the next line.
	endsEmpty bool
}

// blocksMarkdown writes the blocks under n. In a list item a list goes
// right under the paragraph it follows, so that lists stay tight; other
// blocks have a blank line between them, except after a list that ends
// with an empty item (see rendered.endsEmpty).
func blocksMarkdown(n node, listItem bool) (string, error) {
	out, _, _, err := blocksEnd(n, listItem, false)
	return out, err
}

// blocksEnd is blocksMarkdown, whether the last block is a list that ends
// with an empty item, and the first block written (its text is empty when
// there is none). keepBlank keeps blank lines between all of a list item's
// blocks.
func blocksEnd(n node, listItem, keepBlank bool) (string, bool, rendered, error) {
	kids, err := n.children("nodes", "block")
	if err != nil {
		return "", false, rendered{}, err
	}
	var out []rendered
	for _, k := range kids {
		var prev *rendered
		if len(out) > 0 {
			prev = &out[len(out)-1]
		}
		r, err := blockMarkdown(k, prev)
		if err != nil {
			return "", false, rendered{}, err
		}
		if r.text != "" {
			out = append(out, r)
		}
	}
	var b strings.Builder
	for i, r := range out {
		if i > 0 {
			// A block right under an item's paragraph keeps the list tight;
			// the only item of a loose list keeps the blank line, which is
			// what makes it loose (keepBlank).
			under := out[i-1].blockType == "paragraph" && underParagraph(n, r) && !keepBlank
			// A list right after a list (their markers differ, see
			// listMarkdown) needs no blank line either.
			under = under || out[i-1].list != "" && r.list != "" && !out[i-1].endsEmpty && !keepBlank
			if listItem && (under || out[i-1].endsEmpty) {
				b.WriteString("\n")
			} else {
				b.WriteString("\n\n")
			}
		}
		b.WriteString(r.text)
	}
	var first rendered
	if len(out) > 0 {
		first = out[0]
	}
	return b.String(), len(out) > 0 && out[len(out)-1].endsEmpty, first, nil
}

// underParagraph is whether r, in list item n, goes on the line right under
// a paragraph (or a task's box, which reads as one): a list that can
// interrupt a paragraph, or a fence (tightFence). Other blocks get a blank
// line, which makes the list loose (looseAnyway, when reading).
func underParagraph(n node, r rendered) bool {
	return r.interrupts || tightFence(n, r)
}

// tightFence is whether r, in list item n, is a fenced code block that goes
// right under the paragraph before it: a fence can start a paragraph's next
// line, and a blank line there would make a tight list loose. An item of a
// loose list keeps the blank line, which may be what makes it loose.
func tightFence(n node, r rendered) bool {
	return r.blockType == "code" && n.data()["loose"] != true && isFence(r.text)
}

// isFence is whether markdown starts with a code fence.
func isFence(md string) bool {
	return strings.HasPrefix(md, "```") || strings.HasPrefix(md, "~~~")
}

func blockMarkdown(n node, prev *rendered) (rendered, error) {
	t := n.str("type")
	r := rendered{blockType: t}
	var err error
	switch t {
	case "paragraph":
		var aligned bool
		if r.text, aligned, err = alignedMarkdown(n, 0); err == nil && !aligned {
			r.text, err = inlineMarkdown(n, false)
		}
		if aligned {
			// An HTML block: it runs on to the next blank line.
			r.blockType = "html"
		}
	case "heading-1", "heading-2", "heading-3":
		level := int(t[len(t)-1] - '0')
		// Folio keeps a heading deeper than GitBook's three in data.level.
		if l, ok := number(n.data()["level"]); ok && level == 3 && l > 3 && l <= 6 {
			level = l
		}
		var aligned bool
		if r.text, aligned, err = alignedMarkdown(n, level); err == nil && !aligned {
			r.text, err = inlineMarkdown(n, false)
			r.text = heading(level, r.text)
		}
		if aligned {
			r.blockType = "html"
		}
	case "list-unordered", "list-tasks", "list-ordered":
		return listMarkdown(n, prev)
	case "code":
		r.text, err = codeMarkdown(n)
	case "blockquote":
		r.text, err = blocksMarkdown(n, false)
		r.text = indent(r.text, "> ", "> ")
	case "hint":
		r.text, err = hintMarkdown(n)
	case "divider":
		r.text = "---"
	case "images":
		r.text, err = imagesMarkdown(n)
	case "table":
		r.text, err = tableMarkdown(n)
	case "expandable":
		r.text, err = expandableMarkdown(n)
	case OpenAPIOperation, OpenAPISchemas, OpenAPIWebhook, OpenAPISwagger:
		r.text, err = openAPIMarkdown(n)
	default:
		var known bool
		if r.text, known, err = extraBlockMarkdown(n); !known {
			err = n.errorf("unknown block type %q", t)
		}
	}
	return r, err
}

// heading writes an ATX heading. A "#" ending the text is escaped, as it
// would otherwise close the heading.
func heading(level int, text string) string {
	marker := strings.Repeat("#", level)
	if text == "" {
		return marker
	}
	run := strings.TrimRight(text, "#")
	if len(run) < len(text) && strings.HasSuffix(run, " ") {
		text = run + `\` + text[len(run):]
	}
	return marker + " " + text
}

func listMarkdown(n node, prev *rendered) (rendered, error) {
	t := n.str("type")
	r := rendered{blockType: t, list: "bullets", interrupts: true}
	start := 1
	if t == "list-ordered" {
		r.list = "numbers"
		if v, ok := number(n.data()["start"]); ok {
			start = v
		}
		r.interrupts = start == 1
	}
	// Two lists in a row are one list in markdown unless their markers differ.
	r.other = prev != nil && prev.list == r.list && !prev.other
	items, err := n.children("nodes", "block")
	if err != nil {
		return r, err
	}
	lines := make([]string, len(items))
	loose, emptyBefore := false, false
	for i, item := range items {
		loose = loose || item.data()["loose"] == true
		if item.str("type") != "list-item" {
			return r, item.errorf("a %q block in a list, want list-item", item.str("type"))
		}
		body, endsEmpty, first, err := blocksEnd(item, true, len(items) == 1 && item.data()["loose"] == true)
		if err != nil {
			return r, err
		}
		if i == len(items)-1 {
			r.endsEmpty = body == "" || endsEmpty
		}
		marker := listMarker(r, start+i)
		box := ""
		if t == "list-tasks" {
			box = "[ ] "
			if item.data()["checked"] == true {
				box = "[x] "
			}
			if first.text != "" && first.blockType != "paragraph" {
				// Only a paragraph can follow the box on its line: another
				// block goes on the next (the box's paragraph is then
				// empty, which is what the document had), as it would
				// under a paragraph: `- [x]` then `  -` is a heading.
				box = strings.TrimSpace(box) + "\n"
				if !underParagraph(item, first) || len(items) == 1 && item.data()["loose"] == true {
					box += "\n"
				}
			}
		}
		pad := strings.Repeat(" ", len(marker)+1)
		lines[i] = strings.TrimRight(indent(box+body, marker+" ", pad), " ")
		if first, _, _ := strings.Cut(lines[i], "\n"); isThematicBreak(first) {
			// Markers of nested lists with nothing after them ("- - -")
			// read as a divider: the item's blocks start on its next line.
			lines[i] = marker + "\n" + strings.TrimRight(indent(box+body, pad, pad), " ")
			if i == 0 {
				r.interrupts = false
			}
		}
		// A list whose first item is empty, then a blank line, is not
		// read back as one list where it starts an item's line in
		// goldmark: loose, it is written tight.
		emptyBefore = emptyBefore || body == "" && i == 0 && len(items) > 1
		if i == 0 && body == "" && t != "list-tasks" {
			// An empty item cannot start a paragraph's next line (a task's
			// box is text: its item is not empty).
			r.interrupts = false
		}
	}
	sep := "\n"
	if loose && !emptyBefore {
		sep = "\n\n"
	}
	r.text = strings.Join(lines, sep)
	return r, nil
}

// isThematicBreak is whether a line is CommonMark's thematic break: three
// or more of one of "-", "*", "_", and spaces.
func isThematicBreak(line string) bool {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 || s == "" || !strings.ContainsRune("-*_", rune(s[0])) {
		return false
	}
	n := 0
	for i := range len(s) {
		switch s[i] {
		case s[0]:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

func listMarker(r rendered, number int) string {
	switch {
	case r.list == "numbers" && r.other:
		return strconv.Itoa(number) + ")"
	case r.list == "numbers":
		return strconv.Itoa(number) + "."
	case r.other:
		return "*"
	}
	return "-"
}

// indent puts first before the first line of s and rest before the others;
// on blank lines without trailing spaces.
func indent(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		prefix := rest
		if i == 0 {
			prefix = first
		}
		if line == "" {
			prefix = strings.TrimRight(prefix, " ")
		}
		lines[i] = prefix + line
	}
	return strings.Join(lines, "\n")
}

func codeMarkdown(n node) (string, error) {
	html := n.data()["html"] == true
	lines, err := n.children("nodes", "block")
	if err != nil {
		return "", err
	}
	body := make([]string, len(lines))
	for i, line := range lines {
		if line.str("type") != "code-line" {
			return "", line.errorf("a %q block in code, want code-line", line.str("type"))
		}
		if body[i], err = codeLineText(line); err != nil {
			return "", err
		}
	}
	code := strings.Join(body, "\n")
	if html {
		// Folio's raw HTML block, written as it was read.
		return strings.TrimRight(code, " \t\n"), nil
	}
	fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
	syntax, _ := n.data()["syntax"].(string)
	if strings.ContainsRune(syntax, '`') {
		// A backtick fence's info string cannot hold a backtick
		// (CommonMark 4.5): a tilde fence can.
		fence = strings.Repeat("~", max(3, longestRun(code, '~')+1))
	}
	out := fence + syntax + "\n" + code + "\n" + fence
	if len(body) == 0 {
		out = fence + syntax + "\n" + fence
	}
	return codeOptions(n.data(), out), nil
}

// codeLineText is the text of a code line; an annotation's text is part of
// it, its note is not.
func codeLineText(line node) (string, error) {
	kids, err := line.children("nodes", "text", "inline")
	if err != nil {
		return "", err
	}
	var s strings.Builder
	for _, k := range kids {
		switch {
		case k.str("object") == "inline" && k.str("type") == "annotation":
			t, err := codeLineText(k)
			if err != nil {
				return "", err
			}
			s.WriteString(t)
		case k.str("object") == "inline":
			return "", k.errorf("unknown inline type %q in code", k.str("type"))
		default:
			leaves, err := k.children("leaves", "leaf")
			if err != nil {
				return "", err
			}
			for _, l := range leaves {
				t, ok := l.m["text"].(string)
				if !ok {
					return "", l.errorf("text is missing or not a string")
				}
				s.WriteString(t)
			}
		}
	}
	return s.String(), nil
}

func hintMarkdown(n node) (string, error) {
	style, _ := n.data()["style"].(string)
	if !slices.Contains(hintStyles, style) {
		return "", n.errorf("hint style %q, want one of %s", style, strings.Join(hintStyles, ", "))
	}
	body, err := blocksMarkdown(n, false)
	if err != nil {
		return "", err
	}
	if body != "" {
		body += "\n"
	}
	return `{% hint style="` + style + `" %}` + "\n" + body + "{% endhint %}", nil
}

// imagesMarkdown writes the images of an images block one per line: a
// paragraph of nothing but images reads back as an images block.
func imagesMarkdown(n node) (string, error) {
	images, err := n.children("nodes", "block")
	if err != nil {
		return "", err
	}
	align, _ := n.data()["align"].(string)
	if !slices.Contains([]string{"left", "center", "right"}, align) {
		align = ""
	}
	// Sizes and alignment have no markdown form: then the images are HTML.
	// So is a caption, a <figure> as GitBook writes it, unless it was the
	// markdown image's title (Folio's data.captionFromTitle), and images
	// that were HTML (Folio's data.html).
	asHTML := align != "" || n.data()["html"] == true
	for _, img := range images {
		asHTML = asHTML || img.data()["width"] != nil || img.data()["height"] != nil
		if !asHTML && img.data()["captionFromTitle"] != true {
			caption, err := captionText(img)
			if err != nil {
				return "", err
			}
			asHTML = caption != ""
		}
	}
	lines := make([]string, len(images))
	for i, img := range images {
		if img.str("type") != "image" {
			return "", img.errorf("a %q block in images, want image", img.str("type"))
		}
		url, err := refURL(img)
		if err != nil {
			return "", err
		}
		caption, err := captionText(img)
		if err != nil {
			return "", err
		}
		alt, _ := img.data()["alt"].(string)
		if asHTML {
			lines[i] = imageHTML(img.data(), url, alt, caption, align)
		} else {
			lines[i] = imageMarkdown(url, alt, caption)
		}
	}
	return strings.Join(lines, "\n"), nil
}

// imageHTML writes an image as `<img>`, in a `<figure>` when it has a
// caption, as GitBook's Git Sync does.
func imageHTML(data map[string]any, url, alt, caption, align string) string {
	attr := func(name, value string) string {
		return " " + name + `="` + htmlAttr.Replace(value) + `"`
	}
	s := "<img" + attr("src", url) + attr("alt", alt)
	for _, k := range []string{"width", "height"} {
		switch v := data[k].(type) {
		case map[string]any:
			if n, ok := number(v["value"]); ok && v["unit"] == "%" {
				s += attr(k, strconv.Itoa(n)+"%")
			}
		default:
			if n, ok := number(v); ok {
				s += attr(k, strconv.Itoa(n))
			}
		}
	}
	if align != "" {
		s += attr("align", align)
	}
	s += ">"
	if caption != "" {
		s = "<figure>" + s + "<figcaption><p>" + htmlText.Replace(strings.ReplaceAll(caption, "\n", " ")) + "</p></figcaption></figure>"
	}
	return s
}

var htmlAttr = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// captionText is the plain text of an image's caption fragment.
func captionText(img node) (string, error) {
	if _, ok := img.m["fragments"]; !ok {
		return "", nil
	}
	fragments, err := img.children("fragments", "fragment")
	if err != nil {
		return "", err
	}
	var parts []string
	for _, f := range fragments {
		if f.str("fragment") != "caption" {
			continue
		}
		paras, err := f.children("nodes", "block")
		if err != nil {
			return "", err
		}
		for _, p := range paras {
			ps, err := pieces(p)
			if err != nil {
				return "", err
			}
			parts = append(parts, piecesText(ps))
		}
	}
	return strings.Join(parts, " "), nil
}

// expandableMarkdown writes an expandable as GitBook's Git Sync does:
// `<details>`, its title in `<summary>` (HTML, not markdown), the body's
// blocks, `</details>`.
func expandableMarkdown(n node) (string, error) {
	fragments, err := n.children("fragments", "fragment")
	if err != nil {
		return "", err
	}
	var title, body string
	for _, f := range fragments {
		switch f.str("fragment") {
		case "expandable-title":
			paras, err := f.children("nodes", "block")
			if err != nil {
				return "", err
			}
			for _, p := range paras {
				ps, err := pieces(p)
				if err != nil {
					return "", err
				}
				title += titleHTML(ps)
			}
		case "expandable-body":
			if body, err = blocksMarkdown(f, false); err != nil {
				return "", err
			}
		}
	}
	open := "<details>"
	if n.data()["defaultExpanded"] == true {
		open = "<details open>"
	}
	title = strings.TrimSpace(title)
	if title == "" {
		title = "Details"
	}
	out := open + "\n<summary>" + title + "</summary>\n\n"
	if body != "" {
		out += body + "\n\n"
	}
	return out + "</details>", nil
}

// titleHTML writes inline pieces as HTML text on one line: raw HTML as it
// is, other text escaped, marks and links left out.
func titleHTML(ps []piece) string {
	var s strings.Builder
	for _, p := range ps {
		switch {
		case p.link != nil:
			s.WriteString(titleHTML(p.link.pieces))
		case p.marks&markHTML != 0:
			s.WriteString(strings.ReplaceAll(p.text, "\n", " "))
		case p.image != nil:
		default:
			s.WriteString(htmlText.Replace(strings.ReplaceAll(p.text, "\n", " ")))
		}
	}
	return s.String()
}

var htmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// refURL is the URL of a link or image. Other references (pages, files…)
// name GitBook IDs, which markdown has no way to write.
func refURL(n node) (string, error) {
	ref, _ := n.data()["ref"].(map[string]any)
	if ref == nil {
		return "", n.errorf("data.ref is missing or not an object")
	}
	kind, _ := ref["kind"].(string)
	if kind == "url" {
		url, ok := ref["url"].(string)
		if !ok {
			return "", n.errorf("data.ref of kind url has no url")
		}
		return url, nil
	}
	return internalRefURL(n, ref, kind)
}

// internalRefURL writes a reference to a page, a file or an anchor of this
// space, as GitBook's editor makes them, in Folio's link forms: /pages/<id>,
// /files/<id> and #<anchor> (the reader and the export resolve them to
// paths, as they do when a page's markdown is written by hand). They read
// back as url references to those links. A reference into another space
// has no link form in a space's markdown, so it is refused.
func internalRefURL(n node, ref map[string]any, kind string) (string, error) {
	if space, _ := ref["space"].(string); space != "" {
		return "", n.errorf("data.ref of kind %q into another space (%q): only this space's pages, files and anchors have a markdown form", kind, space)
	}
	id := func(key string) (string, error) {
		v, _ := ref[key].(string)
		if !refID.MatchString(v) {
			return "", n.errorf("data.ref.%s is not an id: %q", key, v)
		}
		return v, nil
	}
	switch kind {
	case "page":
		page, err := id("page")
		return "/pages/" + page, err
	case "file":
		file, err := id("file")
		return "/files/" + file, err
	case "anchor":
		anchor, _ := ref["anchor"].(string)
		if anchor == "" {
			return "", n.errorf("data.ref of kind anchor has no anchor")
		}
		fragment := "#" + neturl.PathEscape(anchor)
		if _, onPage := ref["page"]; !onPage {
			return fragment, nil
		}
		page, err := id("page")
		return "/pages/" + page + fragment, err
	}
	return "", n.errorf("data.ref of kind %q: only url, page, file and anchor references have a markdown form", kind)
}

// refID is what an id in a reference may hold: the letters of Folio's and
// GitBook's ids, nothing a link would have to escape.
var refID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// tableMarkdown writes a GitHub table: the columns of the view, in order,
// and the records by their order index. A cell is the text of the fragment
// its value names, or the value itself.
func tableMarkdown(n node) (string, error) {
	data := n.data()
	view, _ := data["view"].(map[string]any)
	columns, ok := view["columns"].([]any)
	if !ok {
		return "", n.errorf("data.view.columns is missing or not an array")
	}
	if len(columns) == 0 {
		return "", nil
	}
	definition, _ := data["definition"].(map[string]any)
	records, _ := data["records"].(map[string]any)
	fragmentList, err := n.children("fragments", "fragment")
	if err != nil {
		return "", err
	}
	fragments := map[string]node{}
	for _, f := range fragmentList {
		fragments[f.str("fragment")] = f
	}
	ids := make([]string, len(columns))
	header, rule := make([]string, len(columns)), make([]string, len(columns))
	for i, c := range columns {
		ids[i], _ = c.(string)
		def, _ := definition[ids[i]].(map[string]any)
		title, _ := def["title"].(string)
		header[i] = escapeText(title, false)
		align, _ := def["textAlignment"].(string) // a map here must not reach a map's key
		rule[i] = map[string]string{"center": ":---:", "right": "---:"}[align]
		if def["alignedLeft"] == true && (align == "left" || align == "") {
			rule[i] = ":---"
		}
		if rule[i] == "" {
			rule[i] = "---"
		}
	}
	lines := []string{tableRow(header), tableRow(rule)}
	for _, id := range recordOrder(records) {
		record, _ := records[id].(map[string]any)
		values, _ := record["values"].(map[string]any)
		cells := make([]string, len(ids))
		for i, col := range ids {
			at := node{path: fmt.Sprintf("%s.data.records.%s.values.%s", n.path, id, col)}
			if cells[i], err = cellMarkdown(values[col], fragments, at); err != nil {
				return "", err
			}
		}
		lines = append(lines, tableRow(cells))
	}
	return strings.Join(lines, "\n"), nil
}

func tableRow(cells []string) string {
	return "| " + strings.Join(cells, " | ") + " |"
}

func recordOrder(records map[string]any) []string {
	orderIndex := func(id string) string {
		r, _ := records[id].(map[string]any)
		s, _ := r["orderIndex"].(string)
		return s
	}
	return slices.SortedFunc(maps.Keys(records), func(a, b string) int {
		return cmp.Or(cmp.Compare(orderIndex(a), orderIndex(b)), cmp.Compare(a, b))
	})
}

// cellMarkdown writes a table cell on one line: its paragraphs run on with
// a space between them, and so do its line breaks.
func cellMarkdown(value any, fragments map[string]node, at node) (string, error) {
	switch v := value.(type) {
	case nil:
		return "", nil
	case bool:
		return strconv.FormatBool(v), nil
	case string:
		f, ok := fragments[v]
		if !ok {
			return escapeText(v, false), nil
		}
		paras, err := f.children("nodes", "block")
		if err != nil {
			return "", err
		}
		var parts []string
		for _, p := range paras {
			if p.str("type") != "paragraph" {
				return "", p.errorf("a %q block in a table cell, want paragraph", p.str("type"))
			}
			s, err := inlineMarkdown(p, true)
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " "), nil
	}
	if f, ok := value.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64), nil
	}
	if n, ok := number(value); ok {
		return strconv.Itoa(n), nil
	}
	return "", at.errorf("a %T value has no markdown form", value)
}

func number(v any) (int, bool) {
	switch v := v.(type) {
	case int:
		return v, true
	case float64:
		return int(v), v == math.Trunc(v) && math.Abs(v) < 1e9
	case json.Number:
		i, err := v.Int64()
		return int(i), err == nil
	}
	return 0, false
}

// anyMarks stands for the marks of an image, or of a link with no text: as
// they carry no marks of their own, whatever marks are open stay open
// around them.
const anyMarks markSet = 0xff

// piece is a run of inline content on its way to markdown: text with its
// marks, a line break ("\n"), a link with its own pieces, or an image.
// Spaces at the ends of a leaf and line breaks are weak: they keep only the
// marks the text on both sides of them shares, since markdown cannot open
// or close a mark next to a space.
type piece struct {
	raw   string // written as it is: a formula with its "$$", an icon's HTML…
	wrap  wrapping
	text  string
	marks markSet
	weak  bool
	link  *linkPiece
	image *imagePiece
}

type linkPiece struct {
	url, title string
	pieces     []piece
}

type imagePiece struct {
	url, alt, caption string
}

// inlineMarkdown writes the inline content of a block. In a table cell,
// where markdown has no line breaks, a line break is a space.
func inlineMarkdown(n node, tableCell bool) (string, error) {
	ps, err := pieces(n)
	if err != nil {
		return "", err
	}
	ps = resolveWeak(ps, 0)
	// Spaces and breaks at the ends of a block are not markdown's to keep.
	for len(ps) > 0 && ps[0].weak {
		ps = ps[1:]
	}
	for len(ps) > 0 && ps[len(ps)-1].weak {
		ps = ps[:len(ps)-1]
	}
	if !hasEmphasis(ps) {
		return writeInline(ps, tableCell, false), nil
	}
	// Markdown cannot open or close emphasis everywhere a document can mark
	// text: between a letter and punctuation a delimiter reads as text.
	// Written so that it reads back as something else, it is written again
	// with the letters beside the delimiters as character references (as
	// mature writers do: `&#x61;*.b*`); failing that, the marks go, not
	// the words.
	want := piecesSig(ps, tableCell)
	for _, entities := range []bool{false, true} {
		out := writeInline(ps, tableCell, entities)
		if sigMatches(markdownSig(out), want) {
			return out, nil
		}
	}
	return writeInline(withoutEmphasis(ps), tableCell, false), nil
}

func writeInline(ps []piece, tableCell, entities bool) string {
	w := inlineWriter{lineStart: !tableCell, tableCell: tableCell, entities: entities}
	w.scope(joinText(ps), 0)
	return string(w.out)
}

// startsHTMLBlock is whether raw HTML that starts a line starts a block
// there (an HTML block, a legacy swagger block): not a paragraph's text.
func startsHTMLBlock(raw string) bool {
	first := docParser.Parse(text.NewReader([]byte(raw))).FirstChild()
	return first != nil && first.Kind() != ast.KindParagraph
}

// joinText joins text pieces that follow one another with the same marks
// (leaves a client split, or whose emphasis went: withoutEmphasis), so
// that text is escaped as one, as it reads back: "0" then "0)" at a
// line's start is `00\)`, not a list's number.
func joinText(ps []piece) []piece {
	plain := func(p piece) bool {
		return !p.weak && p.link == nil && p.image == nil && p.raw == "" && p.marks&codeLike == 0
	}
	var out []piece
	for _, p := range ps {
		if n := len(out); n > 0 && plain(p) && plain(out[n-1]) && p.marks == out[n-1].marks && p.wrap == out[n-1].wrap {
			out[n-1].text += p.text
			continue
		}
		out = append(out, p)
	}
	return out
}

// sigRune is a character of text with its marks; wild when the marks do
// not matter (an emoji's, which takes those around it).
type sigRune struct {
	r     rune
	marks markSet
}

const sigWild markSet = 0x80

// piecesSig is the text of pieces with the marks of each character, as
// markdownSig reads it back: raw HTML, images, formulas and other nodes
// are left out.
func piecesSig(ps []piece, tableCell bool) []sigRune {
	var out []sigRune
	for _, p := range ps {
		switch {
		case p.link != nil:
			out = append(out, piecesSig(p.link.pieces, tableCell)...)
		case p.image != nil, p.marks&markHTML != 0:
		case p.raw != "":
			if t, ok := rawText(p.raw); ok {
				for _, r := range t {
					out = append(out, sigRune{r, sigWild})
				}
			}
		case p.weak && p.text == "\n" && tableCell:
			out = append(out, sigRune{' ', p.marks &^ markHTML})
		default:
			for _, r := range p.text {
				out = append(out, sigRune{r, p.marks &^ markHTML})
			}
		}
	}
	return out
}

func sigMatches(got, want []sigRune) bool {
	return slices.EqualFunc(got, want, func(g, w sigRune) bool {
		return g.r == w.r && (g.marks == w.marks || w.marks == sigWild)
	})
}

// rawText is the text a raw piece reads back as, when it is text (an
// emoji's character), not a node.
func rawText(raw string) (string, bool) {
	if raw == "" || strings.ContainsAny(raw[:1], "<$[") {
		return "", false
	}
	return unescape([]byte(raw)), true
}

// markdownSig reads inline markdown back into its characters and their
// marks. The word put first makes it a paragraph even where it is a table
// cell's, whose start would read as a block's.
func markdownSig(md string) []sigRune {
	var out []sigRune
	var walk func(nodes []any)
	walk = func(nodes []any) {
		for _, n := range nodes {
			n := n.(map[string]any)
			if n["object"] == "inline" {
				if n["type"] == "link" {
					walk(n["nodes"].([]any))
				}
				continue
			}
			leaves, _ := n["leaves"].([]any)
			for _, l := range leaves {
				l := l.(map[string]any)
				var marks markSet
				for _, m := range l["marks"].([]any) {
					m := m.(map[string]any)
					if mark, ok := markNamed(m["type"].(string)); ok {
						if d, _ := m["data"].(map[string]any); d["html"] == true {
							mark = markHTML
						}
						marks |= mark
					}
				}
				if marks&markHTML != 0 {
					continue
				}
				for _, r := range l["text"].(string) {
					out = append(out, sigRune{r, marks})
				}
			}
		}
	}
	blocks := ToDocument("x " + md)["nodes"].([]any)
	for i, b := range blocks {
		if nodes, ok := b.(map[string]any)["nodes"].([]any); ok {
			if i > 0 {
				out = append(out, sigRune{' ', 0})
			}
			walk(nodes)
		}
	}
	if len(out) >= 2 && out[0] == (sigRune{'x', 0}) && out[1] == (sigRune{' ', 0}) {
		out = out[2:]
	}
	return out
}

func hasEmphasis(ps []piece) bool {
	return slices.ContainsFunc(ps, func(p piece) bool {
		return p.marks != anyMarks && p.marks&^codeLike != 0 || p.link != nil && hasEmphasis(p.link.pieces)
	})
}

func withoutEmphasis(ps []piece) []piece {
	out := make([]piece, len(ps))
	for i, p := range ps {
		if p.marks != anyMarks {
			p.marks &= codeLike
		}
		if p.link != nil {
			p.link = &linkPiece{url: p.link.url, title: p.link.title, pieces: withoutEmphasis(p.link.pieces)}
		}
		out[i] = p
	}
	return out
}

// pieces reads the inline nodes under n.
func pieces(n node) ([]piece, error) {
	kids, err := n.children("nodes", "text", "inline")
	if err != nil {
		return nil, err
	}
	var out []piece
	for _, k := range kids {
		if k.str("object") == "text" {
			leaves, err := k.children("leaves", "leaf")
			if err != nil {
				return nil, err
			}
			for _, l := range leaves {
				s, ok := l.m["text"].(string)
				if !ok {
					return nil, l.errorf("text is missing or not a string")
				}
				marks, wrap, err := leafMarks(l)
				if err != nil {
					return nil, err
				}
				for _, p := range textPieces(s, marks) {
					p.wrap = wrap
					out = append(out, p)
				}
			}
			continue
		}
		switch k.str("type") {
		case "link":
			url, err := refURL(k)
			if err != nil {
				return nil, err
			}
			inner, err := pieces(k)
			if err != nil {
				return nil, err
			}
			if slices.ContainsFunc(inner, func(p piece) bool { return p.link != nil }) {
				return nil, k.errorf("a link inside a link")
			}
			title, _ := k.data()["title"].(string)
			out = append(out, newLink(url, title, inner))
		case "annotation":
			// Git Sync writes a footnote; Folio keeps the annotated text
			// and drops the note (README: what does not round-trip).
			inner, err := pieces(k)
			if err != nil {
				return nil, err
			}
			out = append(out, inner...)
		case "inline-math":
			formula, _ := k.data()["formula"].(string)
			if strings.TrimSpace(formula) == "" {
				continue
			}
			out = append(out, piece{marks: anyMarks, raw: mathMarkdown(formula)})
		case "inline-image":
			url, err := refURL(k)
			if err != nil {
				return nil, err
			}
			alt, _ := k.data()["alt"].(string)
			caption, _ := k.data()["caption"].(string)
			out = append(out, piece{marks: anyMarks, image: &imagePiece{url, alt, caption}})
		default:
			raw, ok := inlineHTML(k)
			if !ok {
				return nil, k.errorf("unknown inline type %q", k.str("type"))
			}
			if raw != "" {
				out = append(out, piece{marks: anyMarks, raw: raw})
			}
		}
	}
	return lowerLinkMarks(out), nil
}

// lowerLinkMarks writes a link's marks inside it (`[**a**](u)`, as READMEs
// do) unless the text next to it has them too (`**a [b](u) c**`): either
// reads back as the same document, and each renders as it was written.
func lowerLinkMarks(ps []piece) []piece {
	near := func(i, step int) markSet {
		for j := i + step; j >= 0 && j < len(ps); j += step {
			if !ps[j].weak {
				return ps[j].marks
			}
		}
		return 0
	}
	for i, p := range ps {
		if p.link == nil || p.marks == anyMarks || p.marks == 0 {
			continue
		}
		keep := p.marks & (near(i, -1) | near(i, 1))
		if keep != p.marks {
			ps[i].marks = keep
			ps[i].link.pieces = resolveWeak(p.link.pieces, keep)
		}
	}
	return ps
}

// leafMarks reads a leaf's marks: those markdown has a syntax for, and
// those written as HTML around the text (keyboard, color, superscript,
// subscript; see blocks_html.go).
func leafMarks(l node) (markSet, wrapping, error) {
	var wrap wrapping
	if l.m["marks"] == nil {
		return 0, wrap, nil
	}
	list, err := l.children("marks", "mark")
	if err != nil {
		return 0, wrap, err
	}
	var marks markSet
	for _, m := range list {
		t := m.str("type")
		mark, ok := markNamed(t)
		switch {
		case ok && mark == markCode && m.data()["html"] == true:
			marks |= markHTML
		case ok:
			marks |= mark
		case t == "keyboard":
			wrap.kbd = true
		case t == "superscript":
			wrap.sup = true
		case t == "subscript":
			wrap.sub = true
		case t == "color":
			text, _ := m.data()["text"].(string)
			bg, _ := m.data()["background"].(string)
			if slices.Contains(textColors, text) && text != "default" {
				wrap.text = text
			}
			if slices.Contains(textColors, bg) && bg != "default" {
				wrap.background = bg
			}
		default:
			return 0, wrap, m.errorf("unknown mark type %q", t)
		}
	}
	return marks, wrap, nil
}

// textPieces splits a leaf's text at line breaks and, unless it is code,
// takes the spaces at the ends of each line apart.
func textPieces(s string, marks markSet) []piece {
	if marks&markHTML != 0 {
		// Raw HTML is written as it is, line breaks and spaces included.
		// An end tag of the elements read as marks (</kbd>…, blocks_html.go)
		// that was not read so did not end one: written where its start
		// tag comes to be beside it, it would. "</kbd >" ends the element
		// in HTML alike, and is no end tag to htmlElement.
		if isWrapEndTag(s) {
			s = strings.TrimRight(s, " \t\n")
			s = strings.TrimSuffix(s, ">") + " >"
		}
		return []piece{{text: s, marks: marks &^ markCode}}
	}
	var out []piece
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			out = append(out, piece{text: "\n", marks: marks, weak: true})
		}
		if marks&markCode != 0 {
			if line != "" {
				out = append(out, piece{text: line, marks: marks})
			}
			continue
		}
		core := strings.TrimLeft(line, " \t")
		trimmed := strings.TrimRight(core, " \t")
		for _, p := range []piece{
			{text: line[:len(line)-len(core)], marks: marks, weak: true},
			{text: trimmed, marks: marks},
			{text: core[len(trimmed):], marks: marks, weak: true},
		} {
			if p.text != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// newLink is a link piece. Its marks are those all of its text has: they
// are written around the link, the others inside it.
func newLink(url, title string, inner []piece) piece {
	marks := anyMarks
	for _, p := range inner {
		if !p.weak && p.image == nil && p.raw == "" {
			marks &= p.marks &^ codeLike
		}
	}
	boundary := marks
	if marks == anyMarks {
		boundary = 0
	}
	return piece{marks: marks, link: &linkPiece{url: url, title: title, pieces: resolveWeak(inner, boundary)}}
}

// resolveWeak gives each weak piece the marks of the pieces on both sides
// of it; boundary stands for what is beyond the ends.
func resolveWeak(ps []piece, boundary markSet) []piece {
	strong := func(i, step int) markSet {
		for j := i + step; j >= 0 && j < len(ps); j += step {
			if !ps[j].weak {
				return ps[j].marks &^ codeLike
			}
		}
		return boundary
	}
	for i := range ps {
		if ps[i].weak {
			ps[i].marks &= strong(i, -1) & strong(i, 1)
		}
	}
	return ps
}

func piecesText(ps []piece) string {
	var s strings.Builder
	for _, p := range ps {
		switch {
		case p.link != nil:
			s.WriteString(piecesText(p.link.pieces))
		case p.text == "\n" && p.weak:
			s.WriteString(" ")
		default:
			s.WriteString(p.text)
		}
	}
	return s.String()
}

// inlineWriter writes pieces as markdown, keeping the marks open as a
// stack of delimiters.
type inlineWriter struct {
	out       []byte
	wrap      wrapping      // the HTML elements open around the text
	wraps     []wrapElement // those elements, outermost first
	inLink    bool          // writing a link's text
	open      []markSet
	lineStart bool // nothing but spaces written on this line yet
	tableCell bool
	// entities: a letter or digit outside a delimiter run is written as a
	// character reference, so that the run opens or closes whatever is
	// next to it (see inlineMarkdown).
	entities bool
	closed   bool // the last thing written closed marks
}

func (w *inlineWriter) write(s string) {
	w.closed = false
	w.out = append(w.out, s...)
	if strings.Trim(s, " \t") != "" {
		w.lineStart = false
	}
}

// scope writes pieces, then closes the marks it opened. Marks below floor
// were opened around a link and stay open through its text.
func (w *inlineWriter) scope(ps []piece, floor int) {
	for i, p := range ps {
		if !w.inLink {
			// HTML around text opens and closes outside links and marks.
			switch {
			case p.link != nil:
				w.rewrap(linkWrap(p.link.pieces), ps[i:])
			case p.weak:
				// Text in <kbd>… that starts or ends with a space stays
				// raw HTML (blocks_html.go): a space or break goes in
				// only elements open around the text on both sides of it.
				w.rewrap(w.weakWrap(p.wrap, nextWrap(ps[i+1:])), nil)
			case p.image == nil && p.raw == "":
				w.rewrap(p.wrap, ps[i:])
			}
		}
		w.settle(p.marks, ps[i:], floor)
		switch {
		case p.image != nil:
			w.write(imageMarkdown(p.image.url, p.image.alt, p.image.caption))
		case p.raw != "" && w.tableCell:
			w.write(strings.ReplaceAll(strings.ReplaceAll(p.raw, "\n", " "), "|", `\|`))
		case p.raw != "":
			w.write(p.raw)
		case p.link != nil:
			w.link(p.link)
		case p.weak && p.text == "\n" && w.tableCell:
			w.write(" ")
		case p.weak && p.text != "\n" && w.lineStart && len(w.out) > 0:
			// Spaces that start a line (after a break) mean nothing in
			// markdown.
		case p.weak && p.text == "\n" && bytes.HasSuffix(w.out, []byte(`\`)):
			// goldmark reads `\\\` at a line's end as text, not as "\"
			// and a break: after a backslash the break is two spaces.
			w.write("  \n")
			w.lineStart = true
		case p.weak && p.text == "\n":
			w.write("\\\n")
			w.lineStart = true
		case p.marks&markHTML != 0 && w.tableCell:
			w.write(strings.ReplaceAll(strings.ReplaceAll(p.text, "\n", " "), "|", `\|`))
		case p.marks&markHTML != 0 && strings.Contains(p.text, "\n") && !(w.lineStart && startsHTMLBlock(p.text)):
			// Inline HTML over lines: they are the paragraph's (an HTML
			// block's, in a quote a paragraph of one raw leaf, are its own).
			w.write(paragraphLines(p.text))
		case p.marks&markHTML != 0:
			w.write(p.text)
		case p.marks&markCode != 0:
			w.write(codeSpan(p.text, w.tableCell))
		default:
			text := escapeText(p.text, w.lineStart)
			if w.closed && w.entities {
				text = entityFirst(text)
			}
			w.write(text)
		}
	}
	w.closeTo(floor)
	if !w.inLink {
		w.rewrap(wrapping{}, nil)
	}
}

// rewrap makes the HTML elements open around the text want's: it closes
// the first open one want has not and those inside it (and the marks
// opened inside any), then opens want's others, those that run on longest
// through rest first, so that they close last: `<kbd>a<sup>b</sup> c</kbd>`
// and `<sup>a<kbd>b</kbd> c</sup>` are written as they were read.
func (w *inlineWriter) rewrap(want wrapping, rest []piece) {
	if want == w.wrap {
		return
	}
	w.closeTo(0)
	keep := 0
	for keep < len(w.wraps) && want.has(w.wraps[keep]) {
		keep++
	}
	for i := len(w.wraps) - 1; i >= keep; i-- {
		w.write(w.wraps[i].close)
	}
	w.wraps = w.wraps[:keep]
	var missing []wrapElement
	for _, e := range want.elements() {
		if !slices.Contains(w.wraps, e) {
			missing = append(missing, e)
		}
	}
	runs := func(e wrapElement) int {
		n := 0
		for _, p := range rest {
			switch {
			case p.weak, p.image != nil, p.raw != "":
			case p.link != nil && linkWrap(p.link.pieces).has(e), p.link == nil && p.wrap.has(e):
				n++
			default:
				return n
			}
		}
		return n
	}
	slices.SortStableFunc(missing, func(a, b wrapElement) int { return runs(b) - runs(a) })
	for _, e := range missing {
		w.write(e.open)
		w.wraps = append(w.wraps, e)
	}
	w.wrap = want
}

// weakWrap is the wrapping a space or break wrapped in own goes in, before
// text wrapped in next: the elements open now that both have, up to the
// first that one has not.
func (w *inlineWriter) weakWrap(own, next wrapping) wrapping {
	n := 0
	for n < len(w.wraps) && own.has(w.wraps[n]) && next.has(w.wraps[n]) {
		n++
	}
	return wrappingOf(w.wraps[:n], w.wrap)
}

// nextWrap is the wrapping of the next piece written in one (text or a
// link; images and raw pieces take the one they come in).
func nextWrap(ps []piece) wrapping {
	for _, p := range ps {
		switch {
		case p.link != nil:
			return linkWrap(p.link.pieces)
		case p.weak, p.image != nil, p.raw != "":
		default:
			return p.wrap
		}
	}
	return wrapping{}
}

// linkWrap is the HTML a link is written in: what all of its text has.
func linkWrap(ps []piece) wrapping {
	var wrap wrapping
	for i, p := range ps {
		if i > 0 && p.wrap != wrap {
			return wrapping{}
		}
		wrap = p.wrap
	}
	return wrap
}

func (w *inlineWriter) link(l *linkPiece) {
	if auto, ok := autolink(l); ok {
		w.write(auto)
		return
	}
	// "!" right before "[" would make the link an image.
	if n := len(w.out); n > 0 && w.out[n-1] == '!' {
		w.out = append(w.out[:n-1], `\!`...)
	}
	w.write("[")
	w.inLink = true
	w.scope(l.pieces, len(w.open))
	w.inLink = false
	w.write("](" + linkDestination(l.url) + linkTitle(l.title) + ")")
}

// settle makes the open marks want: it closes those not wanted (and the
// ones opened after them), then opens the missing ones, those that run on
// longest first, so that they close last.
func (w *inlineWriter) settle(want markSet, rest []piece, floor int) {
	if want == anyMarks {
		return
	}
	want &^= codeLike
	for i := floor; i < len(w.open); i++ {
		if want&w.open[i] == 0 {
			w.closeTo(i)
			break
		}
	}
	missing := want
	for _, m := range w.open {
		missing &^= m
	}
	if missing != 0 {
		w.beforeRun(delimiter(longestMark(missing, rest)), true)
	}
	for missing != 0 {
		m := longestMark(missing, rest)
		w.write(delimiter(m))
		w.open = append(w.open, m)
		missing &^= m
	}
}

func (w *inlineWriter) closeTo(floor int) {
	if len(w.open) > floor {
		w.beforeRun(delimiter(w.open[len(w.open)-1]), false)
	}
	for i := len(w.open) - 1; i >= floor; i-- {
		w.write(delimiter(w.open[i]))
	}
	if len(w.open) > floor {
		w.closed = true
	}
	w.open = w.open[:floor]
}

// beforeRun makes what was written before a delimiter run let it open
// (or close). goldmark reads "\~" right before "~~" as part of the run:
// the tilde is then a character reference. In entities mode, a letter or
// digit before an opening run is one too, so that the run opens even
// before punctuation ("a" then *.b* as `&#x61;*.b*`).
func (w *inlineWriter) beforeRun(delim string, opening bool) {
	if delim == "~~" && bytes.HasSuffix(w.out, []byte(`\~`)) {
		w.out = append(w.out[:len(w.out)-2], "&#x7E;"...)
		return
	}
	if !opening || !w.entities || len(w.out) == 0 {
		return
	}
	r, size := utf8.DecodeLastRune(w.out)
	if isWordRune(r) {
		w.out = append(w.out[:len(w.out)-size], fmt.Sprintf("&#x%X;", r)...)
	}
}

// isWordRune is a character that is neither white space nor punctuation
// to CommonMark's flanking rules.
func isWordRune(r rune) bool {
	return r != utf8.RuneError && !unicode.IsSpace(r) && !unicode.IsPunct(r) && !unicode.IsSymbol(r)
}

// entityFirst writes the first character of escaped text as a character
// reference when it is a letter or digit: after a closing run, so that the
// run closes even after punctuation (*a.* then "b" as `*a.*&#x62;`).
func entityFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if !isWordRune(r) {
		return s
	}
	return fmt.Sprintf("&#x%X;", r) + s[size:]
}

// longestMark is the one of marks that the most pieces from the start of ps
// have, in a row.
func longestMark(marks markSet, ps []piece) markSet {
	best, bestRun := markSet(0), -1
	for _, m := range markNames {
		if marks&m.mark == 0 {
			continue
		}
		run := 0
		for run < len(ps) && ps[run].marks&m.mark != 0 {
			run++
		}
		if run > bestRun {
			best, bestRun = m.mark, run
		}
	}
	return best
}

func delimiter(m markSet) string {
	switch m {
	case markBold:
		return "**"
	case markItalic:
		return "*"
	}
	return "~~"
}

// autolink writes a link whose text is its URL, or its mailto address, as
// markdown's autolink, when the URL is one an autolink can hold.
func autolink(l *linkPiece) (string, bool) {
	if len(l.pieces) != 1 || l.title != "" {
		return "", false
	}
	p := l.pieces[0]
	if p.weak || p.link != nil || p.image != nil || p.marks&codeLike != 0 {
		return "", false
	}
	switch {
	case p.text == l.url && isAbsoluteURL(l.url):
		return "<" + l.url + ">", true
	case "mailto:"+p.text == l.url && isEmail(p.text):
		return "<" + p.text + ">", true
	}
	return "", false
}

// isAbsoluteURL is CommonMark's absolute URI: a scheme, a colon, and no
// spaces, controls or angle brackets.
func isAbsoluteURL(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok || len(scheme) < 2 || len(scheme) > 32 || !isLetter(scheme[0]) {
		return false
	}
	for i := range len(scheme) {
		if c := scheme[i]; !isAlnum(c) && c != '+' && c != '.' && c != '-' {
			return false
		}
	}
	for i := range len(rest) {
		if c := rest[i]; c <= ' ' || c == '<' || c == '>' || c == 0x7f {
			return false
		}
	}
	return true
}

// isEmail is CommonMark's email autolink address.
func isEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || domain == "" {
		return false
	}
	for i := range len(local) {
		if c := local[i]; !isAlnum(c) && !strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", rune(c)) {
			return false
		}
	}
	for label := range strings.SplitSeq(domain, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := range len(label) {
			if c := label[i]; !isAlnum(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

func imageMarkdown(url, alt, caption string) string {
	alt = strings.ReplaceAll(alt, "\n", " ")
	return "![" + escapeText(alt, false) + "](" + linkDestination(url) + linkTitle(caption) + ")"
}

// linkTitle writes a link's or image's title, with the space before it.
func linkTitle(title string) string {
	if title == "" {
		return ""
	}
	return ` "` + escapeWith(title, `\"`) + `"`
}

// linkDestination writes a URL as a link destination, between angle
// brackets when it has spaces or parentheses that do not pair up.
func linkDestination(url string) string {
	if strings.ContainsAny(url, " \t\n<>") || !balanced(url) {
		return "<" + escapeWith(url, `\<>`) + ">"
	}
	return escapeWith(url, `\`)
}

func balanced(s string) bool {
	depth := 0
	for i := range len(s) {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// escapeWith escapes the given characters, and an "&" that would start an
// entity reference.
func escapeWith(s, chars string) string {
	var b strings.Builder
	for i := range len(s) {
		if strings.IndexByte(chars, s[i]) >= 0 || s[i] == '&' && entityAt(s[i+1:]) {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// escapeText escapes what in text would read as markdown. At the start of
// a line more does: what would start a block there.
func escapeText(s string, lineStart bool) string {
	var b strings.Builder
	for i := range len(s) {
		if needsEscape(s, i, lineStart) {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func needsEscape(s string, i int, lineStart bool) bool {
	c := s[i]
	switch c {
	case '\\', '`', '*', '[', ']', '<', '~', '|', '$':
		// "$$" opens a formula: a "$" next to another, even one of the
		// text beside this one, would start one.
		return true
	case '_':
		// Between letters or digits "_" is text; elsewhere it may emphasise.
		return i == 0 || i == len(s)-1 || !isAlnum(s[i-1]) || !isAlnum(s[i+1])
	case '&':
		return entityAt(s[i+1:])
	}
	if !lineStart {
		return false
	}
	if i == 0 {
		// A heading, quote, bullet, setext underline or hint tag.
		return strings.IndexByte("#>-+=", c) >= 0 || c == '{' && strings.HasPrefix(s[1:], "%")
	}
	// The "." or ")" after a number starts an ordered list.
	return (c == '.' || c == ')') && i <= 9 && strings.Trim(s[:i], "0123456789") == ""
}

// entityAt is whether s starts like the rest of an entity reference after
// its "&": a name or number, then ";".
func entityAt(s string) bool {
	i := 0
	if i < len(s) && s[i] == '#' {
		i++
	}
	start := i
	for i < len(s) && isAlnum(s[i]) {
		i++
	}
	return i > start && i < len(s) && s[i] == ';'
}

// codeSpan writes code between enough backticks, with spaces inside them
// where the code would otherwise lose its own. In a table cell "|" is
// escaped even in code: the table is split into cells first.
func codeSpan(s string, tableCell bool) string {
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if tableCell {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "" {
		s = " " + s + " "
	}
	return fence + s + fence
}

func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := range len(s) {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlnum(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }
