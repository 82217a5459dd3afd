package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// GitBook's blocks as its Git Sync writes them in markdown: Liquid-like
// tags on lines of their own (see GitBook's "Representation in Markdown"
// for each block):
//
//	{% tabs %} {% tab title="…" icon="…" %} … {% endtab %} {% endtabs %}
//	{% stepper %} {% step %} … {% endstep %} {% endstepper %}
//	{% columns %} {% column width="50%" %} … {% endcolumn %} {% endcolumns %}
//	{% updates format="full" %} {% update date="…" tags="a,b" %} … {% endupdate %} {% endupdates %}
//	{% if expression %} … {% endif %}
//	{% code title="…" overflow="wrap" lineNumbers="true" %} a fenced code block {% endcode %}
//	{% embed url="…" %}                          (a caption then {% endembed %} may follow)
//	{% content-ref url="…" %} [x](…) {% endcontent-ref %}
//	{% file src="…" %} caption {% endfile %}
//	{% include "…" %}                            (reusable content)
//	{% @integration/block prop="…" %}            (an integration's block)
//	{% prompt description="…" icon="…" defaultExpanded="full" %} a fenced code block {% endprompt %}
//
// A container tag holds blocks up to its end tag; the others are void.

// liquidTags are the tags read as blocks: whether each holds blocks up to
// its end tag (container), or may have a body up to its end tag when the
// next line is not blank (bodied), or is one line (void).
var liquidTags = map[string]liquidKind{
	"tabs": liquidContainer, "tab": liquidContainer,
	"stepper": liquidContainer, "step": liquidContainer,
	"columns": liquidContainer, "column": liquidContainer,
	"updates": liquidContainer, "update": liquidContainer,
	"if":          liquidContainer,
	"code":        liquidContainer,
	"prompt":      liquidContainer,
	"embed":       liquidBodied,
	"content-ref": liquidBodied,
	"file":        liquidBodied,
	"include":     liquidVoid,
}

type liquidKind int

const (
	liquidVoid liquidKind = iota
	liquidContainer
	liquidBodied
)

// liquidNode is a block of GitBook's tag syntax.
type liquidNode struct {
	ast.BaseBlock
	name   string // "tabs", "tab", …, or "@integration/block"
	arg    string // what follows the name: `{% if x %}`'s x, `{% include "p" %}`'s "p"
	attrs  map[string]string
	kind   liquidKind
	closed bool // its end tag was read (or it is void)
}

var kindLiquid = ast.NewNodeKind("Liquid")

func (n *liquidNode) Kind() ast.NodeKind { return kindLiquid }

func (n *liquidNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.name, "Arg": n.arg}, nil)
}

// liquidParser reads the tags of liquidTags and integration blocks.
type liquidParser struct{}

func (liquidParser) Trigger() []byte { return []byte{'{'} }

func (liquidParser) Open(parent ast.Node, reader text.Reader, pc gparser.Context) (ast.Node, gparser.State) {
	line, _ := reader.PeekLine()
	name, arg, attrs, ok := liquidOpening(line)
	if !ok {
		return nil, gparser.NoChildren
	}
	kind, known := liquidTags[name]
	if !known && !isIntegrationName(name) {
		return nil, gparser.NoChildren
	}
	reader.AdvanceToEOL()
	n := &liquidNode{name: name, arg: arg, attrs: attrs, kind: kind}
	if kind == liquidVoid {
		n.closed = true
		return n, gparser.NoChildren
	}
	return n, gparser.HasChildren
}

func (liquidParser) Continue(node ast.Node, reader text.Reader, pc gparser.Context) gparser.State {
	n := node.(*liquidNode)
	if n.closed {
		return gparser.Close
	}
	line, _ := reader.PeekLine()
	if n.kind == liquidBodied && !n.HasChildren() && util.IsBlank(line) {
		// No body: a blank line right after the tag ends it.
		return gparser.Close
	}
	if tag, ok := liquidTag(line); ok && tag == "end"+n.name && !openInside(n, n.name) && !inFence(pc) {
		reader.AdvanceToEOL()
		n.closed = true
		return gparser.Close
	}
	return gparser.Continue | gparser.HasChildren
}

// openInside is whether a block of the same name is still open in n (the
// end tag read is that one's).
func openInside(n ast.Node, name string) bool {
	for c := n.LastChild(); c != nil; c = c.LastChild() {
		if l, ok := c.(*liquidNode); ok && l.name == name && !l.closed {
			return true
		}
	}
	return false
}

// inFence is whether the innermost block open is a fenced code block (or
// a legacy swagger block, blocks_swagger.go): a tag line there is a line
// of the code, as FromDocument writes it (a tab whose code shows an end
// tag).
func inFence(pc gparser.Context) bool {
	open := pc.OpenedBlocks()
	if len(open) == 0 {
		return false
	}
	switch open[len(open)-1].Node.(type) {
	case *ast.FencedCodeBlock, *swaggerNode:
		return true
	}
	return false
}

func (liquidParser) Close(node ast.Node, reader text.Reader, pc gparser.Context) {}

func (liquidParser) CanInterruptParagraph() bool { return true }

func (liquidParser) CanAcceptIndentedLine() bool { return false }

// liquidOpening reads a `{% name arg %}` line: the name, the rest, and the
// rest as key="value" attributes (nil when it is not only those).
func liquidOpening(line []byte) (name, arg string, attrs map[string]string, ok bool) {
	// Not liquidTag: spaces inside an attribute's value are its own.
	tag, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "{%")
	tag, closed := strings.CutSuffix(tag, "%}")
	tag = strings.TrimSpace(tag)
	if !ok || !closed || tag == "" || strings.HasPrefix(tag, "end") || strings.ContainsAny(tag, "\n") {
		return "", "", nil, false
	}
	name, arg, _ = strings.Cut(tag, " ")
	arg = strings.TrimSpace(arg)
	attrs, ok = liquidAttrs(arg)
	if !ok {
		attrs = nil
	}
	return name, arg, attrs, true
}

// liquidAttrs reads `a="x" b="y"`. Values hold no double quote.
func liquidAttrs(s string) (map[string]string, bool) {
	attrs := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		key, rest, ok := strings.Cut(s, `="`)
		if !ok || key == "" || strings.ContainsAny(key, ` "`) {
			return nil, false
		}
		val, rest, ok := strings.Cut(rest, `"`)
		if !ok {
			return nil, false
		}
		// A value is read as FromDocument can write it (liquidValue):
		// trimmed, and without the tag's end.
		attrs[key] = liquidValue(val)
		s = rest
	}
	return attrs, true
}

// isIntegrationName is whether a tag's name is an integration's block,
// "@integration/block", with names that can be written back as they are.
func isIntegrationName(name string) bool {
	integration, block, ok := strings.Cut(strings.TrimPrefix(name, "@"), "/")
	return ok && strings.HasPrefix(name, "@") && integration != "" && block != "" &&
		liquidName(integration) == integration && liquidName(block) == block
}
