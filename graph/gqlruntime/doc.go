// Package gqlruntime holds Folio's replacements for functions of gqlgen's
// runtime (package github.com/99designs/gqlgen/graphql) that the generated
// executor, graph/generated/generated.go, calls for every field, object and
// list of every result. Each does what gqlgen's does with fewer allocations
// (the comment of each says where the allocations went and what it assumes
// of Folio), and each has a differential test that runs it and gqlgen's
// original on the same inputs and compares the bytes written, the errors
// and the recovered panics.
//
// The generated code calls them because Folio's copies of gqlgen's exec
// templates (graph/generate/templates) say so: graph/generate renders
// generated.go with them, and graph/generate/upstream.patch is the whole
// difference from gqlgen's own templates.
//
//	gqlgen                             here
//	graphql.ResolveField               ResolveField
//	graphql.NewScalarFieldContext      NewScalarFieldContext
//	graphql.CollectFields              CollectFields
//	graphql.MarshalBoolean             MarshalBoolean
//	graphql.MarshalSliceConcurrently   MarshalSlice
//	graphql.NewDeferredGroup           NewDeferredGroup
//	graphql.NewFieldSet                NewFieldSet (the set and the object that writes it)
//	(*graphql.FieldSet).MarshalGQL     NewFieldSet's object
//	(*graphql.FieldSet).ResolveConcurrently  ResolveConcurrently
//	graphql.WithFieldContext           PlainObjectContext, and in MarshalSlice
//	a zero bytes.Buffer                ResponseBuffer
//
// Two depart from their originals where Folio does not go, and their tests
// say so: ResolveField assumes the field middleware passes each resolver
// the context it was given (graph's TestFieldMiddlewareKeepsContext holds
// Folio's to it), and answers a plain leaf without it (see plainKind);
// NewScalarFieldContext's Child fails with a message of its own, and so
// does the Child of a plain object field's context (PlainObjectContext),
// which, like a plain leaf, goes through no field middleware.
package gqlruntime
