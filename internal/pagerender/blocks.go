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
// embeds a link to what they embed (no frame: nothing from another origin
// runs in a page), page and file references links the page's link
// function rewrites, formulas MathML (math.go). What has no reader form
// (an integration's block, reusable content kept elsewhere) is left out.

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
	case "if":
		// Adaptive content shows to the visitors whose claims make arg
		// true; the reader has no claims to test it with, so it shows.
		_ = arg
	case "embed":
		// Only a web page is embedded (as a link to it).
		if url := attrs["url"]; entering && (strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")) {
			w.WriteString(`<p class="embed"><a href="` + esc(url) + `">` + esc(url) + "</a></p>\n")
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
	default:
		// Reusable content and integrations' blocks: nothing to show here.
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
