package graph

import (
	"bytes"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
)

// SDL prints the schema in the GraphQL schema definition language, with its
// descriptions and input-rule directives, without the built-in types. It is
// what the schema files say, merged into one document.
func SDL(s *ast.Schema) []byte {
	var buf bytes.Buffer
	formatter.NewFormatter(&buf, formatter.WithComments()).FormatSchema(s)
	return buf.Bytes()
}
