package pagerender

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"

	"folio/internal/markdown"
	"folio/internal/mathml"
)

// math renders a formula as MathML (internal/mathml): a block when it is
// its paragraph's only content (GitBook's math block), inline otherwise.
func (r *blockRenderer) math(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	formula := markdown.MathFormula(n)
	display := n.PreviousSibling() == nil && n.NextSibling() == nil
	out, err := mathml.Render(formula, display)
	if err != nil {
		w.WriteString(`<code class="math">`)
		w.Write(util.EscapeHTML([]byte(formula)))
		w.WriteString(`</code>`)
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(out)
	return ast.WalkSkipChildren, nil
}

// allowMathML lets through the MathML KaTeX writes (presentation markup,
// and the TeX as an annotation); no attribute of it can hold a URL or
// script.
func allowMathML(p *bluemonday.Policy) {
	// bluemonday drops an element it does not know as HTML when it has no
	// attribute, unless told.
	p.AllowNoAttrs().OnElements("math", "semantics", "annotation", "mrow", "mi", "mo", "mn", "ms", "mtext", "mspace",
		"msup", "msub", "msubsup", "mfrac", "msqrt", "mroot", "mover", "munder", "munderover",
		"mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom", "menclose", "merror", "mlabeledtr")
	word := regexp.MustCompile(`^[A-Za-z0-9 .,:%#+-]{0,64}$`)
	p.AllowAttrs("xmlns").Matching(regexp.MustCompile(`^http://www\.w3\.org/1998/Math/MathML$`)).OnElements("math")
	p.AllowAttrs("display").Matching(regexp.MustCompile(`^(block|inline)$`)).OnElements("math")
	p.AllowAttrs("encoding").Matching(regexp.MustCompile(`^application/x-tex$`)).OnElements("annotation")
	p.AllowAttrs("mathvariant", "stretchy", "fence", "separator", "lspace", "rspace", "accent", "accentunder",
		"width", "height", "depth", "minsize", "maxsize", "movablelimits", "scriptlevel", "displaystyle",
		"columnalign", "rowalign", "rowspacing", "columnspacing", "columnlines", "rowlines", "notation",
		"linethickness", "symmetric", "largeop", "mathcolor", "mathbackground", "voffset", "form", "framespacing").
		Matching(word).OnElements("math", "mrow", "mi", "mo", "mn", "mtext", "mspace", "msup", "msub", "msubsup",
		"mfrac", "msqrt", "mroot", "mover", "munder", "munderover", "mtable", "mtr", "mtd", "mstyle", "mpadded",
		"mphantom", "menclose", "merror")
}
