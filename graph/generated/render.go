package generated

// This file is written by hand (gqlgen writes only generated.go here): it
// lets the page-tree cache in package graph marshal a page tree, a
// revision's files or a revision with the very code gqlgen generated for it, so a cached answer
// is byte for byte what an uncached one would be.

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph/model"
)

// MarshalRevisionPages marshals pages, the value of a `[RevisionPage!]!`
// field, for the selection sel. ctx is the field's resolver context.
func MarshalRevisionPages(ctx context.Context, es graphql.ExecutableSchema, sel ast.SelectionSet, pages []model.RevisionPage) graphql.Marshaler {
	ec := newExecutionContext(graphql.GetOperationContext(ctx), es.(*executableSchema), nil)
	return ec.marshalNRevisionPage2ᚕfolioᚋgraphᚋmodelᚐRevisionPageᚄ(ctx, sel, pages)
}

// MarshalRevision marshals rev, the value of a `Revision!` field, for the
// selection sel. ctx is the field's resolver context.
func MarshalRevision(ctx context.Context, es graphql.ExecutableSchema, sel ast.SelectionSet, rev *model.Revision) graphql.Marshaler {
	ec := newExecutionContext(graphql.GetOperationContext(ctx), es.(*executableSchema), nil)
	return ec.marshalNRevision2ᚖfolioᚋgraphᚋmodelᚐRevision(ctx, sel, rev)
}

// MarshalRevisionFiles marshals files, the value of a `[RevisionFile!]!`
// field, for the selection sel. ctx is the field's resolver context.
func MarshalRevisionFiles(ctx context.Context, es graphql.ExecutableSchema, sel ast.SelectionSet, files []model.RevisionFile) graphql.Marshaler {
	ec := newExecutionContext(graphql.GetOperationContext(ctx), es.(*executableSchema), nil)
	return ec.marshalNRevisionFile2ᚕfolioᚋgraphᚋmodelᚐRevisionFileᚄ(ctx, sel, files)
}
