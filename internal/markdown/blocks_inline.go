package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// mathNode is a TeX formula between "$$" and "$$", as GitBook writes both
// its math block (a paragraph of nothing but one formula) and its inline
// math. The formula may run over lines.
type mathNode struct {
	ast.BaseInline
	Formula string
}

// KindMath is the kind of a formula's node, for renderers.
var KindMath = ast.NewNodeKind("Math")

func (n *mathNode) Kind() ast.NodeKind { return KindMath }

func (n *mathNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Formula": n.Formula}, nil)
}

// MathFormula is the TeX of a formula node, "" for other nodes.
func MathFormula(n ast.Node) string {
	if m, ok := n.(*mathNode); ok {
		return m.Formula
	}
	return ""
}

type mathParser struct{}

func (mathParser) Trigger() []byte { return []byte{'$'} }

func (mathParser) Parse(parent ast.Node, block text.Reader, pc gparser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) < 2 || line[1] != '$' {
		return nil
	}
	l, pos := block.Position()
	block.Advance(2)
	var formula []byte
	for {
		line, _ := block.PeekLine()
		if line == nil {
			block.SetPosition(l, pos)
			return nil
		}
		if i := bytes.Index(line, []byte("$$")); i >= 0 {
			formula = append(formula, line[:i]...)
			block.Advance(i + 2)
			f := strings.TrimSpace(string(formula))
			if f == "" {
				block.SetPosition(l, pos)
				return nil
			}
			return &mathNode{Formula: f}
		}
		formula = append(formula, line...)
		block.AdvanceLine()
	}
}

// onlyMath is the formula of a paragraph that is one formula and nothing
// else: GitBook's math block.
func (c *converter) onlyMath(p ast.Node) (string, bool) {
	var formula string
	found := false
	for n := p.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *mathNode:
			if found {
				return "", false
			}
			formula, found = n.Formula, true
		case *ast.Text:
			if len(bytes.TrimSpace(n.Segment.Value(c.src))) > 0 {
				return "", false
			}
		default:
			return "", false
		}
	}
	return formula, found
}

// htmlDrawing reads GitBook's drawing, `<img src="…" alt="…"
// class="gitbook-drawing">`: its data, or nil.
func htmlDrawing(src string) map[string]any {
	z := html.NewTokenizer(strings.NewReader(strings.TrimSpace(src)))
	var data map[string]any
	for {
		tt := z.Next()
		tok := z.Token()
		switch {
		case tt == html.ErrorToken:
			return data
		case data == nil && (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && tok.DataAtom == atom.Img:
			ref := map[string]any{"kind": "file"}
			data = map[string]any{"ref": ref}
			drawing := false
			for _, a := range tok.Attr {
				switch a.Key {
				case "src":
					ref["file"] = a.Val
				case "alt":
					if a.Val != "" {
						data["alt"] = a.Val
					}
				case "class":
					drawing = a.Val == "gitbook-drawing"
				default:
					return nil
				}
			}
			if !drawing || ref["file"] == nil || ref["file"] == "" {
				return nil
			}
		default:
			return nil
		}
	}
}
