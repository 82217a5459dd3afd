package markdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// htmlTabParser starts the HTML blocks goldmark misses where a tab stands
// for a space: CommonMark's HTML block of type 6 starts with `<div` then "a
// space, a tab, the end of the line, `>` or `/>`", and one of type 7 is a
// line of one whole tag "followed only by spaces or tabs" (in goldmark both
// take spaces only). Read as goldmark does, `<img src="a">` and a tab is a
// paragraph of inline HTML, which FromDocument can only write as the line
// without the tab: an HTML block, another document. Lines without a tab
// are left to goldmark's parser (this one goes first, and reads a line
// goldmark would take as goldmark does), and the blocks this one starts
// run on to the next blank line as goldmark's own of those types do.
type htmlTabParser struct{}

// htmlBlockTags are the tag names of CommonMark's type 6 (goldmark's
// list, which has "search" as the spec does).
var htmlBlockTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`address article aside base basefont blockquote body caption center col
		colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2
		h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem meta nav noframes ol
		optgroup option p param search section summary table tbody td tfoot th thead title tr track ul`) {
		htmlBlockTags[t] = true
	}
}

// The patterns of goldmark's parser/html_block.go and raw_html.go, with a
// tab wherever CommonMark takes a space or a tab (not after `</`, where
// CommonMark takes neither and goldmark spaces).
var (
	htmlTabAttribute = `(?:[\r\n \t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[\r\n \t]*=[\r\n \t]*(?:[^\"'=<>` + "`" + `\x00-\x20]+|'[^']*'|"[^"]*"))?)`
	htmlTabType6     = regexp.MustCompile(`^<(?:/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(?:[ \t].*|>.*|/>.*|)\n?$`)
	htmlTabType7     = regexp.MustCompile(`^<(/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(` + htmlTabAttribute + `*)[ \t]*(?:>|/>)[ \t]*\n?$`)
	// htmlOtherTypes are the starts of types 1 to 5, which goldmark reads
	// the same with tabs or without.
	htmlOtherTypes = regexp.MustCompile(`(?i)^(?:<(?:script|pre|style|textarea)(?:\s.*|>.*|/>.*|)\n?$|<!--|<\?|<![A-Z]|<!\[CDATA\[)`)
)

func (htmlTabParser) Trigger() []byte { return []byte{'<'} }

func (htmlTabParser) Open(parent ast.Node, reader text.Reader, pc gparser.Context) (ast.Node, gparser.State) {
	line, segment := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || line[pos] != '<' {
		return nil, gparser.NoChildren
	}
	tag := line[pos:]
	if bytes.IndexByte(tag, '\t') < 0 || htmlOtherTypes.Match(tag) {
		return nil, gparser.NoChildren // goldmark's parser reads it right
	}
	var node *ast.HTMLBlock
	if m := htmlTabType7.FindSubmatchIndex(tag); m != nil {
		closing := m[2] > -1
		name := strings.ToLower(string(tag[m[4]:m[5]]))
		switch {
		case htmlBlockTags[name]:
			node = ast.NewHTMLBlock(ast.HTMLBlockType6)
		case name != "script" && name != "style" && name != "pre" && !ast.IsParagraph(pc.LastOpenedBlock().Node) &&
			!(closing && m[6] != m[7]): // type 7 cannot interrupt a paragraph
			node = ast.NewHTMLBlock(ast.HTMLBlockType7)
		}
	}
	if m := htmlTabType6.FindSubmatchIndex(tag); node == nil && m != nil && htmlBlockTags[strings.ToLower(string(tag[m[2]:m[3]]))] {
		node = ast.NewHTMLBlock(ast.HTMLBlockType6)
	}
	if node == nil {
		return nil, gparser.NoChildren
	}
	reader.AdvanceToEOL()
	node.Lines().Append(segment)
	return node, gparser.NoChildren
}

// Continue is goldmark's for types 6 and 7: the block ends before a blank
// line.
func (htmlTabParser) Continue(node ast.Node, reader text.Reader, pc gparser.Context) gparser.State {
	line, segment := reader.PeekLine()
	if util.IsBlank(line) {
		return gparser.Close
	}
	node.Lines().Append(segment)
	reader.AdvanceToEOL()
	return gparser.Continue | gparser.NoChildren
}

func (htmlTabParser) Close(node ast.Node, reader text.Reader, pc gparser.Context) {}

func (htmlTabParser) CanInterruptParagraph() bool { return true }

func (htmlTabParser) CanAcceptIndentedLine() bool { return false }
