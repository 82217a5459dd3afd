// Package inprocess runs named GraphQL operations, written in .graphql files
// compiled into the binary, on the server's own executor: the operations of
// the REST routes (rest/operations) and of the site reader
// (rest/reader/operations). Their data comes from the public schema, under
// its rules, as any client's does.
//
// A set of files is parsed and validated against the schema once, at
// start-up (Load): a mistake in an operation stops the server from
// starting. Each operation is then kept as the text the executor runs,
// the operation with the fragments it uses (Set.Op); the executor's query
// cache parses that text once more, the first time it runs.
package inprocess

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
)

// Set is the operations and fragments of some .graphql files, validated
// against the schema as one document (a fragment may serve operations of
// other files).
type Set struct {
	Doc   *ast.QueryDocument
	check func(query string) string
}

// Load reads the files of files that match pattern (fs.Glob's syntax) and
// validates them against schema. check, when not nil, is run on each
// operation's text by Op: a message is a mistake in that operation.
func Load(schema *ast.Schema, files fs.FS, pattern string, check func(query string) string) (*Set, error) {
	names, err := fs.Glob(files, pattern)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no file matches %s", pattern)
	}
	var src strings.Builder
	for _, name := range names {
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		src.Write(b)
		src.WriteByte('\n')
	}
	doc, errs := gqlparser.LoadQuery(schema, src.String())
	if errs != nil {
		return nil, errs
	}
	return &Set{Doc: doc, check: check}, nil
}

// Op is one operation, ready to run.
type Op struct {
	Name string
	// Query is what the executor runs: the operation and the fragments it
	// uses, formatted.
	Query string
	// Def is the operation as parsed and validated.
	Def *ast.OperationDefinition
}

// Op prepares the named operation: an error when the set has none, or
// when the set's check refuses its text.
func (s *Set) Op(name string) (*Op, error) {
	def := s.Doc.Operations.ForName(name)
	if def == nil {
		return nil, fmt.Errorf("no operation %q", name)
	}
	var buf bytes.Buffer
	formatter.NewFormatter(&buf, formatter.WithComments()).FormatQueryDocument(&ast.QueryDocument{
		Operations: ast.OperationList{def}, Fragments: fragmentsOf(def.SelectionSet, s.Doc.Fragments, map[string]bool{}),
	})
	op := &Op{Name: name, Query: buf.String(), Def: def}
	if s.check != nil {
		if msg := s.check(op.Query); msg != "" {
			return nil, fmt.Errorf("operation %s: %s", name, msg)
		}
	}
	return op, nil
}

// fragmentsOf lists the fragments a selection uses, transitively.
func fragmentsOf(set ast.SelectionSet, all ast.FragmentDefinitionList, seen map[string]bool) ast.FragmentDefinitionList {
	var out ast.FragmentDefinitionList
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			out = append(out, fragmentsOf(sel.SelectionSet, all, seen)...)
		case *ast.InlineFragment:
			out = append(out, fragmentsOf(sel.SelectionSet, all, seen)...)
		case *ast.FragmentSpread:
			if seen[sel.Name] {
				continue
			}
			seen[sel.Name] = true
			f := all.ForName(sel.Name)
			out = append(out, f)
			out = append(out, fragmentsOf(f.SelectionSet, all, seen)...)
		}
	}
	return out
}

// Run executes the operation on exec with vars, as the caller in ctx. The
// response carries the operation's errors, those of its variables (found
// before anything runs) included, as the executor presents them.
func (o *Op) Run(ctx context.Context, exec *executor.Executor, vars map[string]any) *graphql.Response {
	ctx = graphql.StartOperationTrace(ctx)
	params := &graphql.RawParams{Query: o.Query, OperationName: o.Name, Variables: vars}
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		return exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs)
	}
	handler, ctx := exec.DispatchOperation(ctx, opCtx)
	return handler(ctx)
}
