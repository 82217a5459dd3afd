// Package pagerender turns a page's markdown into the HTML published sites
// show (rest/reader) and that GraphQL answers (RevisionPage.html,
// renderMarkdown) for the Folio app and every other client.
package pagerender

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"folio/internal/markdown"
)

// Markdown to HTML. A page's document is parsed with goldmark and its
// GitHub-flavoured extensions (tables, strikethrough, task lists,
// autolinks); headings get the same anchors as the search index
// (markdown.Anchor, made unique a, a-1, a-2), so a search hit's anchor lands
// on its heading; fenced code is highlighted by chroma into classes (the
// colours are in the embedded stylesheet, so no inline style is needed);
// the whole result, raw HTML included, then goes through bluemonday, so
// nothing a document says can run script or reach another origin.

// TOCEntry is a heading of the page's table of contents.
type TOCEntry struct {
	Level  int
	Anchor string
	Title  string
}

// Rendered is a page's body as safe HTML, with its table of contents.
type Rendered struct {
	HTML []byte
	TOC  []TOCEntry
}

var md = goldmark.New(
	goldmark.WithExtensions(extension.GFM, markdown.GitBookSyntax),
	goldmark.WithRendererOptions(html.WithUnsafe()), // raw HTML is kept, then sanitized as a whole
	goldmark.WithRenderer(renderer.NewRenderer(renderer.WithNodeRenderers(
		util.Prioritized(html.NewRenderer(html.WithUnsafe()), 1000),
		util.Prioritized(&nodeRenderer{}, 100),
		util.Prioritized(&blockRenderer{}, 100),
	))),
)

// policy is bluemonday's policy for user content, plus what Folio's own
// renderers emit: classes (chroma's tokens, anchors), heading ids, the
// check boxes of task lists; and the alignment and keys of raw HTML.
var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^[A-Za-z0-9 _-]{1,100}$`)).OnElements("span", "pre", "code", "div", "a", "li", "ul")
	p.AllowAttrs("id").Matching(regexp.MustCompile(`^[\p{L}\p{N}_-]{1,200}$`)).OnElements("h1", "h2", "h3", "h4", "h5", "h6")
	p.AllowAttrs("aria-label").OnElements("a")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^checkbox$`)).OnElements("input")
	p.AllowAttrs("checked", "disabled").OnElements("input")
	// READMEs' raw HTML, which pages keep (internal/markdown): centred
	// paragraphs and headings, keys.
	p.AllowAttrs("align").Matching(regexp.MustCompile(`^(?i:left|center|right|justify)$`)).OnElements("p", "div", "h1", "h2", "h3", "h4", "h5", "h6")
	p.AllowElements("kbd")
	// GitBook's blocks (blocks.go): tabs as an exclusive group of
	// <details>, updates with their dates, formulas as MathML.
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^[A-Za-z0-9 _-]{1,100}$`)).OnElements("details", "ol", "section", "p", "figure")
	p.AllowAttrs("name").Matching(regexp.MustCompile(`^tabs-[0-9]{1,6}$`)).OnElements("details")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`^$`)).OnElements("details")
	p.AllowAttrs("role").Matching(regexp.MustCompile(`^note$`)).OnElements("div")
	p.AllowAttrs("datetime").Matching(regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)).OnElements("time")
	p.AllowElements("details", "summary", "section", "time")
	allowMathML(p)
	return p
}()

// LinkFunc rewrites a link or image destination of a document; "" keeps it.
type LinkFunc func(dest string, image bool) string

// Options are what a page's HTML depends on besides its markdown.
type Options struct {
	// Link, when not nil, rewrites link and image destinations (pages and
	// files of the space).
	Link LinkFunc
	// Visible, when not nil, decides whether an {% if %} block shows: it
	// gets the block's condition (GitBook's adaptive content, an
	// expression over visitor.claims) and says whether it holds for the
	// reader. nil shows every block (the app, whose editors read all of a
	// page); a published site always decides.
	Visible func(condition string) bool
	// FrameOrigins are the origins an embed may be framed from, each as
	// Origin writes it (embed.go); an embed elsewhere is a link.
	FrameOrigins []string
}

// Render turns a stored document (frontmatter and a leading level-1
// heading, the page's title, left out) into sanitized HTML; link, when not
// nil, rewrites link and image destinations (pages and files of the space).
// Every {% if %} block shows and every embed is a link.
func Render(src string, link LinkFunc) Rendered {
	return RenderWith(src, Options{Link: link})
}

// RenderWith is Render with the options of a published page.
func RenderWith(src string, opts Options) Rendered {
	link := opts.Link
	src = stripFrontmatter(markdown.Normalize(src))
	b := []byte(src)
	ids := &anchorIDs{used: map[string]int{}}
	doc := md.Parser().Parse(text.NewReader(b), parser.WithContext(parser.NewContext(parser.WithIDs(ids))))
	if h, ok := doc.FirstChild().(*ast.Heading); ok && h.Level == 1 {
		doc.RemoveChild(doc, h)
	}
	// Content whose condition does not hold for the reader is gone before
	// anything else reads the page: its headings are in no table of
	// contents, its anchors take no number.
	if opts.Visible != nil {
		hideConditional(doc, opts.Visible)
	}
	frames := newFramer(opts.FrameOrigins)
	// Anchors are assigned in document order once the title is gone, as
	// the search index does.
	ids.used = map[string]int{}
	var toc []TOCEntry
	tabs := 0
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		groupTabs(n, &tabs)
		frames.mark(n, b)
		if name, _, attrs, ok := markdown.Liquid(n); ok && link != nil {
			// Page and file references are links too.
			for _, k := range []string{"url", "src"} {
				if v, ok := attrs[k]; ok && (name == "content-ref" || name == "file") {
					if to := link(v, false); to != "" {
						attrs[k] = to
					}
				}
			}
		}
		switch l := n.(type) {
		case *ast.Link:
			if link != nil {
				if to := link(string(l.Destination), false); to != "" {
					l.Destination = []byte(to)
				}
			}
		case *ast.Image:
			if link != nil {
				if to := link(string(l.Destination), true); to != "" {
					l.Destination = []byte(to)
				}
			}
		}
		h, ok := n.(*ast.Heading)
		if !ok {
			return ast.WalkContinue, nil
		}
		title := strings.TrimSpace(plain(h, b))
		id := ids.unique(markdown.Anchor(title))
		if id == "" {
			id = ids.unique("section")
		}
		h.SetAttributeString("id", []byte(id))
		if h.Level == 2 || h.Level == 3 {
			toc = append(toc, TOCEntry{Level: h.Level, Anchor: id, Title: title})
		}
		return ast.WalkSkipChildren, nil
	})
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, b, doc); err != nil {
		out.Reset()
		out.WriteString("<p>This page could not be rendered.</p>")
	}
	html := frames.replace(policy.SanitizeBytes(out.Bytes()))
	return Rendered{HTML: scrollable.ReplaceAll(html, []byte(`<$1 tabindex="0"$2`)), TOC: toc}
}

// scrollable finds the start tags of code blocks and tables, which scroll
// sideways when wider than the page: tabindex="0" lets a keyboard focus
// them to scroll. Run on sanitized HTML, where a "<" is always a tag's.
var scrollable = regexp.MustCompile(`<(pre|table)([ >])`)

// stripFrontmatter drops a leading YAML frontmatter block.
func stripFrontmatter(src string) string {
	rest, ok := strings.CutPrefix(src, "---\n")
	if !ok {
		return src
	}
	if strings.HasPrefix(rest, "---\n") || rest == "---" {
		return strings.TrimPrefix(strings.TrimPrefix(rest, "---"), "\n")
	}
	if end := strings.Index(rest, "\n---\n"); end >= 0 {
		return rest[end+5:]
	}
	if strings.HasSuffix(rest, "\n---") {
		return ""
	}
	return src
}

// plain is the text of a node and its descendants.
func plain(n ast.Node, src []byte) string {
	var w strings.Builder
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				w.Write(c.Segment.Value(src))
				if c.SoftLineBreak() || c.HardLineBreak() {
					w.WriteByte(' ')
				}
			case *ast.String:
				w.Write(c.Value)
			case *ast.AutoLink:
				// Its text is its address, as for a link written [url](url)
				// (and as the search index reads it: markdown.Sections).
				w.Write(c.Label(src))
			case *ast.RawHTML:
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return w.String()
}

// anchorIDs gives headings unique ids: goldmark asks while parsing (the
// ids it gets are replaced after the title heading is removed).
type anchorIDs struct{ used map[string]int }

func (a *anchorIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	return []byte(a.unique(markdown.Anchor(string(value))))
}

func (a *anchorIDs) Put(value []byte) { a.used[string(value)]++ }

func (a *anchorIDs) unique(s string) string {
	n, seen := a.used[s]
	a.used[s] = n + 1
	if !seen {
		return s
	}
	return s + "-" + strconv.Itoa(n)
}

// nodeRenderer renders headings with a link to their anchor, and code
// blocks highlighted by chroma. Indented code is rendered as a fence
// without a language is, since a page's trip through GitBook's document
// writes it back fenced (internal/markdown) and must not change its look.
type nodeRenderer struct{}

func (r *nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, r.heading)
	reg.Register(ast.KindFencedCodeBlock, r.code)
	reg.Register(ast.KindCodeBlock, r.code)
}

func (r *nodeRenderer) heading(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	h := n.(*ast.Heading)
	id, _ := h.AttributeString("id")
	idb, _ := id.([]byte)
	if entering {
		w.WriteString("<h" + strconv.Itoa(h.Level) + ` id="`)
		w.Write(util.EscapeHTML(idb))
		w.WriteString(`">`)
		return ast.WalkContinue, nil
	}
	w.WriteString(` <a class="anchor" href="#`)
	w.Write(util.EscapeHTML(idb))
	w.WriteString(`" aria-label="Link to this section">#</a></h` + strconv.Itoa(h.Level) + ">\n")
	return ast.WalkContinue, nil
}

var (
	formatter = chromahtml.New(chromahtml.WithClasses(true))
	// The Modus styles are made for legibility (WCAG AAA contrast against
	// their background, AA against the reader's code background): one for
	// the light theme, one for the dark.
	codeStyle     = styles.Get("modus-operandi")
	darkCodeStyle = styles.Get("modus-vivendi")
)

func (r *nodeRenderer) code(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var code bytes.Buffer
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		code.Write(seg.Value(src))
	}
	lang := ""
	if cb, ok := n.(*ast.FencedCodeBlock); ok {
		lang = string(cb.Language(src))
	}
	var lexer chroma.Lexer
	if lang != "" {
		lexer = lexers.Get(lang)
	}
	if lexer == nil {
		lexer = lexers.Fallback
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code.String())
	if err == nil {
		var out bytes.Buffer
		if err = formatter.Format(&out, codeStyle, it); err == nil {
			w.Write(out.Bytes())
			return ast.WalkSkipChildren, nil
		}
	}
	w.WriteString("<pre><code>")
	w.Write(util.EscapeHTML(code.Bytes()))
	w.WriteString("</code></pre>\n")
	return ast.WalkSkipChildren, nil
}

var (
	codeCSSOnce sync.Once
	codeCSS     []byte
)

// CodeCSS is the stylesheet of highlighted code: the light style, then
// the dark one for a browser that prefers dark (unless the page forces
// light with data-theme="light") and for a page that forces dark.
func CodeCSS() []byte {
	codeCSSOnce.Do(func() {
		var light, dark bytes.Buffer
		formatter.WriteCSS(&light, codeStyle)    //nolint:errcheck // a bytes.Buffer does not fail
		formatter.WriteCSS(&dark, darkCodeStyle) //nolint:errcheck
		var b bytes.Buffer
		b.Write(light.Bytes())
		b.WriteString("@media (prefers-color-scheme: dark) {\n")
		b.WriteString(scopeCSS(dark.String(), `:root:not([data-theme="light"])`))
		b.WriteString("}\n")
		b.WriteString(scopeCSS(dark.String(), `:root[data-theme="dark"]`))
		codeCSS = b.Bytes()
	})
	return codeCSS
}

// scopeCSS puts scope before the selector of every rule of chroma's
// stylesheet (one rule a line, each after a comment naming its token).
func scopeCSS(css, scope string) string {
	var b strings.Builder
	for line := range strings.Lines(css) {
		if _, rule, ok := strings.Cut(line, "*/ "); ok {
			line = scope + " " + rule
		}
		b.WriteString(line)
	}
	return b.String()
}
