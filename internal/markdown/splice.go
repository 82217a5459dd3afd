package markdown

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Splice writes a GitBook JSON document over the markdown it replaces, so
// that a client that reads a page as a document, changes a block and
// writes it back changes that block only: the top-level blocks the
// document keeps at its start and at its end keep their source byte for
// byte (and the page's frontmatter is kept), and only the blocks between
// them are written as FromDocument writes them. written is FromDocument of
// the client's document, and what Splice answers (after old's frontmatter)
// when it cannot keep any block: when old has none, when the document
// shares no first or last block with it, or when the spliced markdown
// would not read as written does (the markdown of two blocks can depend on
// each other). The frontmatter stays in every case: a document has no
// place for it, so a client that replaced every block did not mean to drop
// it. The result always reads as the same document as written.
func Splice(old, written string) string {
	if old == "" || strings.Contains(old, "\r") {
		return written
	}
	base := 0
	body := old
	if _, rest, ok := splitFrontmatter(old); ok {
		base, body = len(old)-len(rest), rest
	}
	whole := written
	if base > 0 {
		fm := strings.TrimRight(old[:base], "\n") + "\n"
		if written != "" {
			fm += "\n"
		}
		whole = fm + written
	}
	units, starts, spans := sourceUnits(body)
	if len(units) == 0 {
		return whole
	}
	want, ok := jsonNodes(ToDocument(written))
	if !ok {
		return whole
	}
	// The blocks kept at the start, then at the end.
	pre, kept := 0, 0
	for pre < len(units) && kept+len(units[pre]) <= len(want) && reflect.DeepEqual(units[pre], want[kept:kept+len(units[pre])]) {
		kept += len(units[pre])
		pre++
	}
	suf, keptEnd := 0, 0
	for suf < len(units)-pre {
		u := units[len(units)-1-suf]
		end := len(want) - keptEnd
		if end-len(u) < kept || !reflect.DeepEqual(u, want[end-len(u):end]) {
			break
		}
		keptEnd += len(u)
		suf++
	}
	if pre == 0 && suf == 0 {
		return whole
	}
	var b strings.Builder
	b.WriteString(old[:base+starts[pre]])
	region := body[starts[pre]:starts[len(units)-suf]]
	if middle := want[kept : len(want)-keptEnd]; len(middle) > 0 {
		md, err := FromDocument(map[string]any{"object": "document", "data": map[string]any{}, "nodes": middle})
		if err != nil {
			return whole
		}
		// What the replaced blocks' source holds around their text when it
		// is only link definitions and blank lines (definitions are no
		// block, but kept links may need them) is kept as it was.
		head, tail := "", "\n"
		if pre < len(units)-suf {
			lo, hi := spans[pre][0]-starts[pre], spans[len(units)-suf-1][1]-starts[pre]
			if lo >= 0 && hi >= lo && hi <= len(region) {
				if h := region[:strings.LastIndexByte(region[:lo], '\n')+1]; onlyDefinitions(h) {
					head = h
				}
				if nl := strings.IndexByte(region[hi:], '\n'); nl >= 0 {
					if t := region[hi+nl:]; onlyDefinitions(t) {
						tail = t
					} else {
						tail = region[len(strings.TrimRight(region, " \t\n")):]
					}
				}
			}
		}
		if head == "" && b.Len() > 0 && !strings.HasSuffix(b.String(), "\n\n") {
			b.WriteString("\n")
		}
		b.WriteString(head)
		b.WriteString(strings.TrimSuffix(md, "\n"))
		if suf > 0 && !strings.HasSuffix(tail, "\n\n") {
			tail = strings.TrimRight(tail, "\n") + "\n\n"
		}
		b.WriteString(tail)
	}
	b.WriteString(body[starts[len(units)-suf]:])
	out := b.String()
	if got, ok := jsonNodes(ToDocument(out)); !ok || !reflect.DeepEqual(got, want) {
		return whole
	}
	return out
}

// jsonNodes are a document's top-level nodes as encoding/json decodes
// them, so that they compare with a client's.
func jsonNodes(doc map[string]any) ([]any, bool) {
	b, err := json.Marshal(doc["nodes"])
	if err != nil {
		return nil, false
	}
	var nodes []any
	if json.Unmarshal(b, &nodes) != nil {
		return nil, false
	}
	return nodes, true
}

// sourceUnits splits src (markdown without frontmatter) into the source of
// its top-level blocks: units[i] are the document nodes (as JSON decodes
// them) of the source from starts[i] to starts[i+1] (starts has one more
// offset, len(src)), and spans[i] the first and last offset of its text
// (-1 when unknown). A unit is one top-level block of the parser, or
// several that read as one node (an expandable's <details>, its blocks and
// </details>), or several whose source cannot be told apart. A unit ends
// after the blank lines that follow it.
func sourceUnits(src string) (units [][]any, starts []int, spans [][2]int) {
	c := converter{src: []byte(src)}
	root := docParser.Parse(text.NewReader(c.src))
	type group struct {
		first, last ast.Node
		nodes       []any
	}
	var groups []group
	us := c.units(root.FirstChild(), nil)
	for _, u := range us {
		if u.n == nil || u.c != &c {
			return nil, nil, nil // an HTML block split at a tag: its pieces have no source here
		}
	}
	for i := 0; i < len(us); i++ {
		if exp, last := expandable(us, i); exp != nil {
			groups = append(groups, group{us[i].n, us[last].n, []any{exp}})
			i = last
			continue
		}
		n := us[i].n
		g := group{n, n, us[i].convert(inPage)}
		if lo, _ := span(n, n); len(g.nodes) == 0 && lo < 0 {
			continue // a paragraph of link definitions: source between blocks
		}
		groups = append(groups, g)
	}
	// Where each group's source starts: after the first run of blank lines
	// between the end of the group before and the start of this one.
	starts = []int{0}
	var nodes [][]any
	cur := []any{}
	curLo := -2
	for i, g := range groups {
		cur = append(cur, g.nodes...)
		lo, end := span(g.first, g.last)
		if curLo == -2 {
			curLo = lo
		}
		if i == len(groups)-1 {
			spans = append(spans, [2]int{curLo, end})
			break
		}
		start, _ := span(groups[i+1].first, groups[i+1].last)
		cut := boundary(src, end, start)
		if cut < 0 {
			continue // told apart from the next only with it
		}
		nodes = append(nodes, cur)
		spans = append(spans, [2]int{curLo, end})
		cur, curLo = []any{}, -2
		starts = append(starts, cut)
	}
	if len(groups) == 0 {
		return nil, nil, nil
	}
	nodes = append(nodes, cur)
	starts = append(starts, len(src))
	for _, ns := range nodes {
		b, err := json.Marshal(ns)
		if err != nil {
			return nil, nil, nil
		}
		var u []any
		if json.Unmarshal(b, &u) != nil {
			return nil, nil, nil
		}
		units = append(units, u)
	}
	return units, starts, spans
}

// boundary is the offset after the first run of blank lines between the
// line holding offset end and the line holding offset start, -1 when there
// is none or either is unknown.
func boundary(src string, end, start int) int {
	if end < 0 || start < 0 || start < end {
		return -1
	}
	if end > 0 && src[end-1] == '\n' {
		end-- // a line's segment takes its line end
	}
	i := strings.IndexByte(src[end:], '\n')
	if i < 0 {
		return -1
	}
	line := end + i + 1
	blank := false
	for line < len(src) && line <= start {
		next := strings.IndexByte(src[line:], '\n')
		if next < 0 {
			return -1
		}
		if strings.TrimSpace(src[line:line+next]) == "" {
			blank = true
		} else if blank {
			return line
		}
		line += next + 1
	}
	return -1
}

// span is the smallest and largest source offset of the text in the
// top-level nodes first to last (-1, -1 when they have none).
func span(first, last ast.Node) (lo, hi int) {
	lo, hi = -1, -1
	see := func(s text.Segment) {
		if s.Start < s.Stop || s.Start > 0 {
			if lo < 0 || s.Start < lo {
				lo = s.Start
			}
			if s.Stop > hi {
				hi = s.Stop
			}
		}
	}
	for n := first; n != nil; n = n.NextSibling() {
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			if c.Type() == ast.TypeBlock {
				lines := c.Lines()
				for i := 0; i < lines.Len(); i++ {
					see(lines.At(i))
				}
			}
			switch t := c.(type) {
			case *ast.Text:
				see(t.Segment)
			case *ast.RawHTML:
				for i := 0; i < t.Segments.Len(); i++ {
					see(t.Segments.At(i))
				}
			}
			return ast.WalkContinue, nil
		})
		if n == last {
			break
		}
	}
	return lo, hi
}

// definition is a line of a link reference definition.
var definition = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:[ \t]*\S`)

// onlyDefinitions is whether s holds only blank lines and link definitions.
func onlyDefinitions(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) != "" && !definition.MatchString(line) {
			return false
		}
	}
	return true
}
