package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Link relations.
const (
	RelationLink  = "link"  // an inline link or autolink
	RelationImage = "image" // an image
)

// Link is one link of a document: where it points, as written, and whether
// it is a link or an image.
type Link struct {
	Target   string `json:"t"`
	Relation string `json:"r"`
}

// Links lists the links and images of a normalised document, in document
// order. Links inside code are text, not links, and are not listed.
func Links(src string) []Link {
	if _, rest, ok := splitFrontmatter(src); ok {
		src = rest
	}
	b := []byte(src)
	doc := parser.Parse(text.NewReader(b))
	out := []Link{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			out = append(out, Link{Target: strings.TrimSpace(string(n.Destination)), Relation: RelationLink})
		case *ast.Image:
			out = append(out, Link{Target: strings.TrimSpace(string(n.Destination)), Relation: RelationImage})
		case *ast.AutoLink:
			out = append(out, Link{Target: string(n.URL(b)), Relation: RelationLink})
		}
		return ast.WalkContinue, nil
	})
	return out
}
