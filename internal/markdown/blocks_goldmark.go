package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// GitBookSyntax is a goldmark extension that reads GitBook's blocks as
// ToDocument does (hints, the tags of blocks_liquid.go, "$$" formulas, and
// HTML blocks whose tags have tabs: blocks_htmltab.go),
// for a renderer of pages: its nodes are read with Liquid, Hint and
// MathFormula, their kinds are KindLiquid, KindHint and KindMath.
var GitBookSyntax goldmark.Extender = gitbookSyntax{}

type gitbookSyntax struct{}

func (gitbookSyntax) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		gparser.WithBlockParsers(util.Prioritized(hintParser{}, 550), util.Prioritized(liquidParser{}, 551), util.Prioritized(htmlTabParser{}, 899)),
		gparser.WithInlineParsers(util.Prioritized(mathParser{}, 150)),
	)
}

// KindLiquid and KindHint are the kinds of GitBook's tag blocks and hints.
var (
	KindLiquid = kindLiquid
	KindHint   = kindHint
)

// Liquid is a tag block's name ("tabs", "tab", "embed"…, or
// "@integration/block" for an integration's), its argument (an `if`'s
// expression, an `include`'s quoted path) and its attributes, which the
// caller may change (to rewrite a URL); ok is false for other nodes.
func Liquid(n ast.Node) (name, arg string, attrs map[string]string, ok bool) {
	l, ok := n.(*liquidNode)
	if !ok {
		return "", "", nil, false
	}
	if l.attrs == nil {
		l.attrs = map[string]string{}
	}
	return l.name, l.arg, l.attrs, true
}

// Hint is a hint's style; ok is false for other nodes.
func Hint(n ast.Node) (style string, ok bool) {
	h, ok := n.(*hintNode)
	if !ok {
		return "", false
	}
	return h.style, true
}
