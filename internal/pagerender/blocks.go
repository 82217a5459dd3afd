package pagerender

import (
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"folio/internal/markdown"
)

// GitBook's blocks (internal/markdown's GitBookSyntax) as HTML, with no
// script: tabs are an exclusive group of <details> (opening one closes the
// others, natively), expandables stay <details>, steps an ordered list,
// embeds a frame when their site allows the frame's origin and a link
// otherwise (embed.go), page and file references links the page's link
// function rewrites, formulas MathML (math.go), {% if %} blocks only when
// their condition holds for the reader (adaptive.go). What has no reader
// form (an integration's block, reusable content kept elsewhere) is a
// notice saying what is missing, never nothing.

// blockRenderer renders GitBook's blocks.
type blockRenderer struct{}

func (r *blockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(markdown.KindHint, r.hint)
	reg.Register(markdown.KindLiquid, r.liquid)
	reg.Register(markdown.KindMath, r.math)
}

func (r *blockRenderer) hint(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	style, _ := markdown.Hint(n)
	if entering {
		w.WriteString(`<div class="hint hint-` + style + `" role="note">` + "\n")
	} else {
		w.WriteString("</div>\n")
	}
	return ast.WalkContinue, nil
}

// groupAttr is the attribute Render gives each tabs block: the name of its
// exclusive group of <details>, unique in the page.
const groupAttr = "data-group"

func (r *blockRenderer) liquid(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	name, arg, attrs, _ := markdown.Liquid(n)
	esc := func(s string) string { return string(util.EscapeHTML([]byte(s))) }
	open := func(s string) {
		if entering {
			w.WriteString(s)
		}
	}
	closeTag := func(s string) {
		if !entering {
			w.WriteString(s)
		}
	}
	switch name {
	case "tabs":
		open(`<div class="tabs">` + "\n")
		closeTag("</div>\n")
	case "tab":
		group := ""
		if g, ok := n.Parent().AttributeString(groupAttr); ok {
			group, _ = g.(string)
		}
		title := attrs["title"]
		if title == "" {
			title = "Tab"
		}
		expanded := ""
		if isTab(n.Parent().FirstChild(), n) {
			expanded = " open"
		}
		open(`<details class="tab" name="` + esc(group) + `"` + expanded + `><summary>` + esc(title) + `</summary><div class="tab-body">` + "\n")
		closeTag("</div></details>\n")
	case "stepper":
		open(`<ol class="stepper">` + "\n")
		closeTag("</ol>\n")
	case "step":
		open(`<li class="step">` + "\n")
		closeTag("</li>\n")
	case "columns":
		open(`<div class="columns">` + "\n")
		closeTag("</div>\n")
	case "column":
		open(`<div class="column">` + "\n")
		closeTag("</div>\n")
	case "updates":
		open(`<div class="updates">` + "\n")
		closeTag("</div>\n")
	case "update":
		if entering {
			w.WriteString(`<section class="update"><p class="update-meta">`)
			date := attrs["date"]
			if d, err := time.Parse("2006-01-02", date); err == nil {
				w.WriteString(`<time datetime="` + esc(date) + `">` + d.Format("2 January 2006") + `</time>`)
			}
			for t := range strings.SplitSeq(attrs["tags"], ",") {
				if t = strings.TrimSpace(t); t != "" {
					w.WriteString(` <span class="update-tag">` + esc(t) + `</span>`)
				}
			}
			w.WriteString("</p>\n")
		} else {
			w.WriteString("</section>\n")
		}
	case "prompt":
		// An AI prompt: its code block, with what it is for as caption.
		// Folio opens no AI provider, so GitBook's "open in" buttons are
		// left out.
		if entering {
			w.WriteString(`<figure class="prompt">`)
			if d := attrs["description"]; d != "" {
				w.WriteString(`<figcaption>` + esc(d) + `</figcaption>`)
			}
			w.WriteString("\n")
		}
		closeTag("</figure>\n")
	case "code":
		// GitBook's code block options around a fenced block: its title as
		// caption, and long lines wrapped when it says so.
		if entering {
			class := "code"
			if attrs["overflow"] == "wrap" {
				class += " wrap"
			}
			w.WriteString(`<figure class="` + class + `">`)
			if t := attrs["title"]; t != "" {
				w.WriteString(`<figcaption>` + esc(t) + `</figcaption>`)
			}
			w.WriteString("\n")
		}
		closeTag("</figure>\n")
	case "if":
		// Adaptive content: RenderWith has removed the blocks whose
		// condition does not hold for the reader; what is left shows.
		_ = arg
	case "embed":
		if entering {
			url := attrs["url"]
			caption := captionOf(n, src)
			switch class := placeholder(n); {
			case class != "":
				// Framed: replaced by the frame once sanitized (embed.go).
				w.WriteString(`<div class="` + esc(class) + `"></div>` + "\n")
			case strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://"):
				// Any other web page is a link to it.
				w.WriteString(`<p class="embed"><a href="` + esc(url) + `">` + esc(url) + "</a>")
				if caption != "" {
					w.WriteString(" " + esc(caption))
				}
				w.WriteString("</p>\n")
			}
		}
		return ast.WalkSkipChildren, nil
	case "content-ref":
		if entering {
			url := attrs["url"]
			title := strings.TrimSuffix(path.Base(strings.TrimSuffix(url, "/")), ".md")
			w.WriteString(`<p class="content-ref"><a href="` + esc(url) + `">` + esc(title) + "</a></p>\n")
		}
		return ast.WalkSkipChildren, nil
	case "file":
		if entering {
			file := attrs["src"]
			w.WriteString(`<p class="file"><a href="` + esc(file) + `">` + esc(path.Base(file)) + "</a>")
			if caption := captionOf(n, src); caption != "" {
				w.WriteString(" " + esc(caption))
			}
			w.WriteString("</p>\n")
		}
		return ast.WalkSkipChildren, nil
	case "include":
		// Reusable content: Folio stores none (GitBook keeps it apart from
		// the space), so the reader says what is missing.
		if entering {
			w.WriteString(notice("Reusable content " + quoteName(includeName(arg)) + " is not shown here: this site has no reusable content."))
		}
		return ast.WalkSkipChildren, nil
	default:
		// An integration's block ({% @integration/block %}): Folio runs no
		// integration, so the reader names it, and links to its address
		// when it has one.
		if entering {
			integration, block, _ := strings.Cut(strings.TrimPrefix(name, "@"), "/")
			msg := "This block of the " + quoteName(integration) + " integration (" + block + ") is not shown here: this site runs no integrations."
			if url := attrs["url"]; strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://") {
				w.WriteString(`<div class="hint hint-info notice" role="note"><p>` + esc(msg) + ` <a href="` + esc(url) + `">` + esc(url) + "</a></p></div>\n")
			} else {
				w.WriteString(notice(msg))
			}
		}
		return ast.WalkSkipChildren, nil
	}
	return ast.WalkContinue, nil
}

// isTab is whether tab is the first tab among the children from first: the
// one open at first.
func isTab(first, tab ast.Node) bool {
	for c := first; c != nil; c = c.NextSibling() {
		if name, _, _, ok := markdown.Liquid(c); ok && name == "tab" {
			return c == tab
		}
	}
	return false
}

// captionOf is the text of a file block's caption.
func captionOf(n ast.Node, src []byte) string {
	var parts []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if s := strings.TrimSpace(plain(c, src)); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// groupTabs names each tabs block's group of <details> (see groupAttr).
func groupTabs(n ast.Node, count *int) {
	if name, _, _, ok := markdown.Liquid(n); ok && name == "tabs" {
		*count++
		n.SetAttributeString(groupAttr, "tabs-"+strconv.Itoa(*count))
	}
}

// notice is a note in place of a block the reader cannot show.
func notice(msg string) string {
	return `<div class="hint hint-info notice" role="note"><p>` + string(util.EscapeHTML([]byte(msg))) + "</p></div>\n"
}

// includeName is the name of reusable content from its include's
// argument, "../.gitbook/includes/environments.md" (quoted): environments.
func includeName(arg string) string {
	arg = strings.Trim(strings.TrimSpace(arg), `"'`)
	return strings.TrimSuffix(path.Base(arg), ".md")
}

// quoteName puts a name in quotation marks; an empty or odd one is left out.
func quoteName(s string) string {
	if s == "" || s == "." || s == "/" || len(s) > 200 {
		return "(unnamed)"
	}
	return "“" + s + "”"
}
