package main

import (
	"go/types"

	"github.com/99designs/gqlgen/codegen"
	"github.com/vektah/gqlparser/v2/ast"
)

// plainMarshalers are the scalar marshallers a plain field may have, and
// the gqlruntime function (less its Plain prefix and Pointer suffix) that
// writes what each writes, for the one Go type each takes. graph/model's
// DateTime marshals as gqlgen's Time (its test holds it to that).
var plainMarshalers = map[string]struct{ goType, runtime string }{
	"github.com/99designs/gqlgen/graphql.MarshalString":  {"string", "String"},
	"github.com/99designs/gqlgen/graphql.MarshalID":      {"", ""}, // strconv.Quote's escaping: not plain
	"github.com/99designs/gqlgen/graphql.MarshalInt":     {"int", "Int"},
	"github.com/99designs/gqlgen/graphql.MarshalBoolean": {"bool", "Boolean"},
	"github.com/99designs/gqlgen/graphql.MarshalTime":    {"time.Time", "Time"},
	"folio/graph/model.MarshalDateTimeScalar":            {"time.Time", "Time"},
}

// plain is how the template writes a plain field: Func is the gqlruntime
// function that answers it (PlainString, PlainTimePointer, …), Pointer
// whether the Go value is a pointer (Func then takes nonNull), Method
// whether it is read by calling a method (which may panic, and whose
// result must be held in a variable).
type plain struct {
	Func    string
	Pointer bool
	Method  bool
}

// plainField says whether f is a plain field (see graph/gqlruntime's
// plain.go) and how to write it; nil when it is not. noFieldDirectives
// says the schema has no directive at the FIELD location (a query's
// directive on a field would go through every field).
func plainField(f *codegen.Field, noFieldDirectives bool) *plain {
	method, ok := readInPlace(f, noFieldDirectives)
	if !ok {
		return nil
	}
	t := f.TypeReference
	if t == nil || t.Definition == nil || len(t.Definition.Fields) > 0 || t.Marshaler == nil || t.CastType != nil ||
		t.IsMarshaler || t.IsContext || t.IsOmittable || t.GQL == nil || t.GQL.Elem != nil {
		return nil
	}
	m, ok := plainMarshalers[t.Marshaler.FullName()]
	if !ok || m.runtime == "" {
		return nil
	}
	goType, pointer := t.GO, false
	if p, ok := goType.(*types.Pointer); ok {
		goType, pointer = p.Elem(), true
	}
	if goType.String() != m.goType {
		return nil
	}
	p := &plain{Func: "Plain" + m.runtime, Pointer: pointer, Method: method}
	if pointer {
		p.Func += "Pointer"
	}
	return p
}

// plainObject is how the template writes a plain object field: Pointer
// whether the Go value is a pointer (a nil one takes ResolveField's path),
// Method whether it is read by calling a method.
type plainObject struct {
	Pointer bool
	Method  bool
}

// plainObjectField says whether f is a plain object field and how to
// write it; nil when it is not. A plain object field is one whose value
// is a single object (not a list, an interface or a union) read from its
// parent's Go value as a plain field's is: without a resolver, arguments,
// directives, a context or an error. Such a field's value goes through
// the field middleware untouched (the budget charges text and unbounded
// lists, the page-tree cache resolvers), so the template marshals it at
// once, in gqlruntime.PlainObjectContext, without the field's
// fieldContext_* function, the middleware or ResolveField's closures (four
// allocations for each of a site tree's thousand spaces); a nil pointer
// takes ResolveField's path, which reports it.
func plainObjectField(f *codegen.Field, noFieldDirectives bool) *plainObject {
	method, ok := readInPlace(f, noFieldDirectives)
	if !ok || f.IsConcurrent() {
		return nil
	}
	t := f.TypeReference
	if t == nil || t.Definition == nil || t.Definition.Kind != ast.Object || t.GQL == nil || t.GQL.Elem != nil ||
		t.IsMarshaler || t.IsContext || t.IsOmittable || t.CastType != nil || t.Marshaler != nil {
		return nil
	}
	goType, pointer := t.GO, false
	if p, ok := goType.(*types.Pointer); ok {
		goType, pointer = p.Elem(), true
	}
	if _, ok := goType.Underlying().(*types.Struct); !ok {
		return nil
	}
	return &plainObject{Pointer: pointer, Method: method}
}

// readInPlace says whether f's value can be read straight from its
// parent's Go value, as a struct field or a method that takes no context
// and returns no error (method), with nothing of gqlgen's around the read:
// no resolver, arguments or directives, on an object that is not a root or
// a stream. The schema must have no directive at the FIELD location
// (noFieldDirectives), which a query could put on any field.
func readInPlace(f *codegen.Field, noFieldDirectives bool) (method, ok bool) {
	if !noFieldDirectives || f.Object == nil || f.Object.Root || f.Object.Stream || f.Object.Kind != "OBJECT" ||
		f.IsResolver || f.IsBatch() || len(f.Args) > 0 || f.HasDirectives() || f.HasHaser || f.IsReserved() {
		return false, false
	}
	switch {
	case f.IsVariable():
		return false, true
	case f.IsMethod() && !f.MethodHasContext && f.NoErr && !f.VOkFunc:
		return true, true
	}
	return false, false
}
