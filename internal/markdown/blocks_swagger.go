package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// GitBook's legacy API method block, as its Git Sync wrote it:
//
//	{% swagger method="get" path="/pets" baseUrl="https://api.example.com" summary="List pets" %}
//	{% swagger-description %} … {% endswagger-description %}
//	{% swagger-parameter in="query" name="limit" type="integer" %} … {% endswagger-parameter %}
//	{% swagger-response status="200: OK" description="" %} … {% endswagger-response %}
//	{% endswagger %}
//
// GitBook's document has no node for it any more: its "swagger" block is
// the OpenAPI block of openapi_blocks.go, which GitBook converted these
// to. So Folio keeps the block as it is written, lines and all, the way
// it keeps an HTML block (document.go, rawHTML): Folio's code block with
// data {"syntax": "liquid", "html": true}, written back byte for byte;
// in a quote or hint, where GitBook allows no code, a paragraph of one
// raw leaf. A `{% swagger %}` without its `{% endswagger %}` stays text.

type swaggerNode struct {
	ast.BaseBlock
	closed bool
}

var kindSwagger = ast.NewNodeKind("LegacySwagger")

func (n *swaggerNode) Kind() ast.NodeKind { return kindSwagger }

func (n *swaggerNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type swaggerParser struct{}

func (swaggerParser) Trigger() []byte { return []byte{'{'} }

func (swaggerParser) Open(parent ast.Node, reader text.Reader, pc gparser.Context) (ast.Node, gparser.State) {
	line, seg := reader.PeekLine()
	if name, _, _, ok := liquidOpening(line); !ok || name != "swagger" || !swaggerEnds(reader.Source()[seg.Stop:]) {
		return nil, gparser.NoChildren
	}
	reader.AdvanceToEOL()
	n := &swaggerNode{}
	n.Lines().Append(seg)
	return n, gparser.NoChildren
}

// swaggerEnds is whether a `{% endswagger %}` line follows (in a quote or
// list item too: its markers are left out).
func swaggerEnds(rest []byte) bool {
	for line := range bytes.SplitSeq(rest, []byte("\n")) {
		if t, ok := liquidTag(bytes.TrimLeft(line, " \t>-*+0123456789.)")); ok && t == "endswagger" {
			return true
		}
	}
	return false
}

func (swaggerParser) Continue(node ast.Node, reader text.Reader, pc gparser.Context) gparser.State {
	n := node.(*swaggerNode)
	if n.closed {
		return gparser.Close
	}
	line, seg := reader.PeekLine()
	if line == nil {
		return gparser.Close
	}
	reader.AdvanceToEOL()
	n.Lines().Append(seg)
	if t, ok := liquidTag(line); ok && t == "endswagger" {
		n.closed = true
		return gparser.Close
	}
	return gparser.Continue | gparser.NoChildren
}

func (swaggerParser) Close(node ast.Node, reader text.Reader, pc gparser.Context) {}

func (swaggerParser) CanInterruptParagraph() bool { return true }

func (swaggerParser) CanAcceptIndentedLine() bool { return false }

// swagger converts the block as it is written (see above).
func (c *converter) swagger(n *swaggerNode, in container) []any {
	var lines []string
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		lines = append(lines, strings.TrimRight(string(seg.Value(c.src)), "\r\n"))
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if !n.closed {
		// Its end tag was outside its container (a quote's, a list item's):
		// then it is no block, and its lines read as markdown of their own.
		rest := converter{src: []byte(strings.Join(lines, "\n"))}
		return rest.blocks(noSwaggerParser.Parse(text.NewReader(rest.src)), in)
	}
	if !in.allows("code") {
		return []any{block("paragraph", map[string]any{}, []any{textNode(leaf(strings.Join(lines, "\n"), markHTML))})}
	}
	nodes := []any{}
	for _, line := range lines {
		nodes = append(nodes, block("code-line", map[string]any{}, []any{textNode(leaf(line, 0))}))
	}
	return []any{block("code", map[string]any{"syntax": "liquid", "html": true}, nodes)}
}
