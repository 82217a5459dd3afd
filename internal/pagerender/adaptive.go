package pagerender

import (
	"github.com/yuin/goldmark/ast"

	"folio/internal/markdown"
)

// Adaptive content: an {% if condition %} block shows only to the readers
// for whom its condition holds (the condition is GitBook's, an expression
// over visitor.claims; the caller evaluates it, Options.Visible, with the
// same evaluator as the conditions of sections and site spaces). A block
// that does not show is removed from the page before it is rendered, so
// nothing of it (text, headings, table of contents) reaches the HTML.

// hideConditional removes the {% if %} blocks whose condition visible says
// does not hold (a block inside a removed one goes with it).
func hideConditional(doc ast.Node, visible func(string) bool) {
	var hidden []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if name, arg, _, ok := markdown.Liquid(n); ok && name == "if" && !visible(arg) {
			hidden = append(hidden, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, n := range hidden {
		n.Parent().RemoveChild(n.Parent(), n)
	}
}
