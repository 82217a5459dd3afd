package markdown

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// API reference blocks, as GitBook's Git Sync writes them:
//
//	{% openapi-operation spec="petstore" path="/pets" method="get" %}
//	[OpenAPI petstore](https://…)
//	{% endopenapi-operation %}
//
//	{% openapi-schemas spec="petstore" schemas="Pet,Error" grouped="true" %}
//	…
//	{% endopenapi-schemas %}
//
//	{% openapi-webhook spec="petstore" name="newPet" method="post" %}
//	…
//	{% endopenapi-webhook %}
//
//	{% openapi src="https://…/openapi.json" path="/pets" method="get" %}
//	https://…/openapi.json
//	{% endopenapi %}
//
// The first three point at an organization's OpenAPI specification by its
// slug (document blocks openapi-operation, openapi-schemas and
// openapi-webhook, data.ref {kind: "openapi", spec}); the last, GitBook's
// older form, at a document by URL or file (block "swagger", data.ref
// {kind: "url"} or {kind: "file"}). The lines between the tags are for
// people reading the file: GitBook writes a link to the specification
// there and ignores them when it reads the file, and so does Folio (they
// come back as FromDocument writes them).

// OpenAPI block kinds: the document block types.
const (
	OpenAPIOperation = "openapi-operation"
	OpenAPISchemas   = "openapi-schemas"
	OpenAPIWebhook   = "openapi-webhook"
	OpenAPISwagger   = "swagger" // {% openapi src=… %}
)

// OpenAPIBlock is an API reference block of a markdown document.
type OpenAPIBlock struct {
	Kind string // OpenAPIOperation, OpenAPISchemas, OpenAPIWebhook or OpenAPISwagger
	// Spec is the slug of the organization's specification (all kinds but
	// OpenAPISwagger); Src the URL or file of an OpenAPISwagger block.
	Spec, Src string
	Path      string   // an operation's path
	Method    string   // an operation's or webhook's method, lower case
	Name      string   // a webhook's name
	Schemas   []string // the component schemas of a schemas block
	Grouped   *bool    // a schemas block's grouped, when written
	Title     string   // a schemas block's title, when written
	// Start and End are the byte offsets of the block's lines in the
	// source it was read from (End after its last newline); TopLevel
	// whether it sits at the top of the document (not in a list or quote).
	Start, End int
	TopLevel   bool
}

// openAPITags are the opening tags, by the block kind they open.
var openAPITags = map[string]string{
	"openapi-operation": OpenAPIOperation,
	"openapi-schemas":   OpenAPISchemas,
	"openapi-webhook":   OpenAPIWebhook,
	"openapi":           OpenAPISwagger,
}

// openAPINode is an API reference block of the markdown tree.
type openAPINode struct {
	ast.BaseBlock
	block OpenAPIBlock
	tag   string // the opening tag's name, which the closing tag repeats
	done  bool   // closed on its opening line
}

var kindOpenAPI = ast.NewNodeKind("OpenAPI")

func (n *openAPINode) Kind() ast.NodeKind { return kindOpenAPI }

func (n *openAPINode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Kind": n.block.Kind}, nil)
}

// openAPIParser reads an API reference block: its opening tag, any lines,
// and its closing tag. An opening tag without the attributes its kind
// needs stays text.
type openAPIParser struct{}

func (openAPIParser) Trigger() []byte { return []byte{'{'} }

func (openAPIParser) Open(parent ast.Node, reader text.Reader, pc gparser.Context) (ast.Node, gparser.State) {
	line, seg := reader.PeekLine()
	tag, rest, ok := openAPIOpening(line)
	if !ok {
		return nil, gparser.NoChildren
	}
	b, ok := openAPIAttrs(openAPITags[tag], rest.attrs)
	if !ok {
		return nil, gparser.NoChildren
	}
	reader.AdvanceToEOL()
	n := &openAPINode{block: b, tag: tag, done: rest.closed}
	n.Lines().Append(seg) // where it is, for OpenAPIBlocks
	return n, gparser.NoChildren
}

func (openAPIParser) Continue(node ast.Node, reader text.Reader, pc gparser.Context) gparser.State {
	n := node.(*openAPINode)
	if n.done {
		return gparser.Close
	}
	line, seg := reader.PeekLine()
	reader.AdvanceToEOL()
	n.Lines().Append(seg)
	if t, ok := liquidTag(line); ok && t == "end"+n.tag {
		return gparser.Close
	}
	return gparser.Continue | gparser.NoChildren
}

func (openAPIParser) Close(node ast.Node, reader text.Reader, pc gparser.Context) {}

func (openAPIParser) CanInterruptParagraph() bool { return true }

func (openAPIParser) CanAcceptIndentedLine() bool { return false }

// openingRest is what follows an opening tag's name.
type openingRest struct {
	attrs  map[string]string
	closed bool // the closing tag follows on the same line
}

// openAPIOpening reads a line that opens an API reference block: the tag's
// name and its attributes; `{% openapi … %}{% endopenapi %}` on one line
// opens and closes it.
func openAPIOpening(line []byte) (string, openingRest, bool) {
	s := strings.TrimSpace(string(line))
	body, ok := strings.CutPrefix(s, "{%")
	if !ok {
		return "", openingRest{}, false
	}
	end := strings.Index(body, "%}")
	if end < 0 {
		return "", openingRest{}, false
	}
	inside, after := strings.TrimSpace(body[:end]), strings.TrimSpace(body[end+2:])
	name, attrText, _ := strings.Cut(inside, " ")
	if _, known := openAPITags[name]; !known {
		return "", openingRest{}, false
	}
	rest := openingRest{}
	if after != "" {
		t, ok := liquidTag([]byte(after))
		if !ok || t != "end"+name {
			return "", openingRest{}, false
		}
		rest.closed = true
	}
	attrs, ok := liquidAttrs(attrText)
	if !ok {
		return "", openingRest{}, false
	}
	rest.attrs = attrs
	return name, rest, true
}

// openAPIAttrs makes a block of a kind out of its tag's attributes; false
// when one its kind needs is missing.
func openAPIAttrs(kind string, a map[string]string) (OpenAPIBlock, bool) {
	b := OpenAPIBlock{Kind: kind, Spec: a["spec"], Src: a["src"], Path: a["path"], Method: strings.ToLower(a["method"]), Name: a["name"], Title: a["title"]}
	switch kind {
	case OpenAPIOperation:
		return b, b.Spec != "" && b.Path != "" && b.Method != ""
	case OpenAPIWebhook:
		return b, b.Spec != "" && b.Name != "" && b.Method != ""
	case OpenAPISwagger:
		return b, b.Src != "" && b.Path != "" && b.Method != ""
	case OpenAPISchemas:
		for s := range strings.SplitSeq(a["schemas"], ",") {
			if s = strings.TrimSpace(s); s != "" {
				b.Schemas = append(b.Schemas, s)
			}
		}
		if g, err := strconv.ParseBool(a["grouped"]); err == nil {
			b.Grouped = &g
		}
		return b, b.Spec != "" && len(b.Schemas) > 0
	}
	return b, false
}

// openAPI is the document block of an API reference block on the page.
// GitBook allows them nowhere else: in a list item, quote or hint the
// opening tag is kept as text (and the block is lost).
func (c *converter) openAPI(n *openAPINode, in container) []any {
	if in == inPage {
		return []any{openAPIDocBlock(n.block)}
	}
	if n.Lines().Len() == 0 {
		return nil
	}
	seg := n.Lines().At(0)
	line := strings.TrimSpace(string(seg.Value(c.src)))
	return []any{block("paragraph", map[string]any{}, []any{textNode(leaf(line, 0))})}
}

// openAPIDocBlock is the document block of an API reference block.
func openAPIDocBlock(b OpenAPIBlock) map[string]any {
	data := map[string]any{}
	switch b.Kind {
	case OpenAPIOperation:
		data["path"], data["method"] = b.Path, b.Method
	case OpenAPIWebhook:
		data["name"], data["method"] = b.Name, b.Method
	case OpenAPISchemas:
		schemas := make([]any, len(b.Schemas))
		for i, s := range b.Schemas {
			schemas[i] = s
		}
		data["schemas"] = schemas
		if b.Grouped != nil {
			data["grouped"] = *b.Grouped
		}
		if b.Title != "" {
			data["title"] = b.Title
		}
	case OpenAPISwagger:
		data["path"], data["method"] = b.Path, b.Method
	}
	if b.Kind == OpenAPISwagger {
		if id, ok := strings.CutPrefix(b.Src, "/files/"); ok && id != "" && !strings.Contains(id, "/") {
			data["ref"] = map[string]any{"kind": "file", "file": id}
		} else {
			data["ref"] = map[string]any{"kind": "url", "url": b.Src}
		}
	} else {
		data["ref"] = map[string]any{"kind": "openapi", "spec": b.Spec}
	}
	return map[string]any{"object": "block", "type": b.Kind, "isVoid": true, "data": data}
}

// openAPIMarkdown writes an API reference block of a document.
func openAPIMarkdown(n node) (string, error) {
	d := n.data()
	str := func(k string) string { s, _ := d[k].(string); return s }
	ref, _ := d["ref"].(map[string]any)
	refStr := func(k string) string { s, _ := ref[k].(string); return s }
	t := n.str("type")
	var attrs [][2]string
	body := ""
	switch t {
	case OpenAPIOperation, OpenAPISchemas, OpenAPIWebhook:
		spec := refStr("spec")
		if refStr("kind") != "openapi" || !validAttr(spec) {
			return "", n.errorf(`%s: data.ref must be {"kind": "openapi", "spec": <slug>}`, t)
		}
		attrs = append(attrs, [2]string{"spec", spec})
		body = "OpenAPI " + spec
	case OpenAPISwagger:
		src := ""
		switch refStr("kind") {
		case "url":
			src = refStr("url")
		case "file":
			if f := refStr("file"); f != "" {
				src = "/files/" + f
			}
		}
		if !validAttr(src) {
			return "", n.errorf(`swagger: data.ref must be {"kind": "url", "url"} or {"kind": "file", "file"}`)
		}
		attrs = append(attrs, [2]string{"src", src})
		body = src
	}
	switch t {
	case OpenAPIOperation, OpenAPISwagger:
		attrs = append(attrs, [2]string{"path", str("path")}, [2]string{"method", strings.ToLower(str("method"))})
	case OpenAPIWebhook:
		attrs = append(attrs, [2]string{"name", str("name")}, [2]string{"method", strings.ToLower(str("method"))})
	case OpenAPISchemas:
		list, _ := d["schemas"].([]any)
		var names []string
		for _, s := range list {
			if s, ok := s.(string); ok && validAttr(s) && !strings.Contains(s, ",") {
				names = append(names, strings.TrimSpace(s))
			}
		}
		if len(names) == 0 || len(names) != len(list) {
			return "", n.errorf("openapi-schemas: data.schemas must be a non-empty list of schema names")
		}
		attrs = append(attrs, [2]string{"schemas", strings.Join(names, ",")})
		if g, ok := d["grouped"].(bool); ok {
			attrs = append(attrs, [2]string{"grouped", strconv.FormatBool(g)})
		}
		if title := str("title"); title != "" {
			if !validAttr(title) {
				return "", n.errorf("openapi-schemas: data.title cannot hold a double quote, %%} or a line break")
			}
			attrs = append(attrs, [2]string{"title", title})
		}
	}
	for _, a := range attrs {
		if !validAttr(a[1]) {
			return "", n.errorf("%s: data.%s must be a non-empty string without a double quote, %%} or a line break", t, a[0])
		}
	}
	tag := t
	if t == OpenAPISwagger {
		tag = "openapi"
	}
	var b strings.Builder
	b.WriteString("{% " + tag)
	for _, a := range attrs {
		fmt.Fprintf(&b, ` %s="%s"`, a[0], a[1])
	}
	b.WriteString(" %}\n" + body + "\n{% end" + tag + " %}")
	return b.String(), nil
}

// validAttr is whether a value can be written as a tag's attribute and
// read back the same.
func validAttr(s string) bool {
	return strings.TrimSpace(s) == s && s != "" && !strings.ContainsAny(s, "\"\n\r") && !strings.Contains(s, "%}")
}

// OpenAPIBlocks lists the API reference blocks of a normalised markdown
// document, in document order (the site reader renders them).
func OpenAPIBlocks(src string) []OpenAPIBlock {
	offset := 0
	if _, rest, ok := splitFrontmatter(src); ok {
		offset = len(src) - len(rest)
		src = rest
	}
	b := []byte(src)
	root := docParser.Parse(text.NewReader(b))
	var out []OpenAPIBlock
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		o, ok := n.(*openAPINode)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		blk := o.block
		blk.TopLevel = o.Parent() == root
		blk.Start, blk.End = openAPISpan(b, o)
		blk.Start += offset
		blk.End += offset
		out = append(out, blk)
		return ast.WalkSkipChildren, nil
	})
	return out
}

// openAPISpan is the byte range of a block's lines: from the start of its
// opening line to after the newline of its closing one.
func openAPISpan(src []byte, n *openAPINode) (int, int) {
	lines := n.Lines()
	if lines.Len() == 0 {
		return 0, 0
	}
	return lines.At(0).Start, lines.At(lines.Len() - 1).Stop
}
