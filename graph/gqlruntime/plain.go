package gqlruntime

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// The generated executor answers a plain field in the field's own code,
// without ResolveField: a leaf of an object type read from a struct field
// of its Go value (or a method of it taking neither a context nor
// arguments, without error), with no resolver, arguments or directives,
// whose value is a string, an int, a bool or a time, or a pointer to one,
// marshalled by gqlgen's String, ID, Int, Boolean or Time (or graph/model's
// DateTime, which is Time). graph/generate decides which fields are plain
// (plainField) and the template writes, for each:
//
//	if m, ok := gqlruntime.PlainString(&obj.Title); ok {
//		return m
//	}
//	return gqlruntime.ResolveField(...) // as before
//
// gqlgen makes three allocations for every such field of every object: the
// closure of its resolver (it captures the object), the `any` the
// resolver answers in, and the closure its scalar marshaller returns. A
// Plain* function makes none: its Marshaler is a pointer to the value
// where it lies in the object, written when the response is (a pointer
// in an interface is not boxed; a Boolean is read at once instead, its
// two marshallers being shared values). Nothing writes to an object once
// its fields are resolved, so the value written is the value resolved.
//
// What a plain field skips, and why nothing observes it: the field context
// (only the field middleware reads it, and fc.Result, which nothing in
// Folio reads for a leaf), and the field middleware, which charges text of
// MinChargedText bytes or more and leaves shorter text, numbers, booleans
// and times alone. So the Plain* functions answer false, and the field
// takes ResolveField's path as before, whenever that path would do
// something: text the middleware charges, a zero time (Time's marshaller
// answers null, an error for a DateTime!) and a null where the schema
// forbids one (ResolveField reports it on the field's path).

// plainOff sends every plain field down ResolveField's path, as gqlgen's
// template writes it: the tests of the generated code set it
// (SetPlainFields) to compare the two paths on the same objects.
var plainOff atomic.Bool

// SetPlainFields turns the Plain* functions on (as they start) or off (each
// answers false), for tests.
func SetPlainFields(on bool) { plainOff.Store(!on) }

// PlainString is the marshaller of a String or ID field whose value is *v.
func PlainString(v *string) (graphql.Marshaler, bool) {
	if len(*v) >= MinChargedText || plainOff.Load() {
		return nil, false
	}
	return (*stringValue)(v), true
}

// PlainStringPointer is the marshaller of a String or ID field whose value
// is v; nonNull says whether the schema forbids null.
func PlainStringPointer(v *string, nonNull bool) (graphql.Marshaler, bool) {
	if v == nil {
		return graphql.Null, !nonNull && !plainOff.Load()
	}
	return PlainString(v)
}

// PlainInt is the marshaller of an Int field whose value is *v.
func PlainInt(v *int) (graphql.Marshaler, bool) { return (*intValue)(v), !plainOff.Load() }

// PlainIntPointer is the marshaller of an Int field whose value is v.
func PlainIntPointer(v *int, nonNull bool) (graphql.Marshaler, bool) {
	if v == nil {
		return graphql.Null, !nonNull && !plainOff.Load()
	}
	return PlainInt(v)
}

// PlainBoolean is the marshaller of a Boolean field whose value is *v.
func PlainBoolean(v *bool) (graphql.Marshaler, bool) { return MarshalBoolean(*v), !plainOff.Load() }

// PlainBooleanPointer is the marshaller of a Boolean field whose value is v.
func PlainBooleanPointer(v *bool, nonNull bool) (graphql.Marshaler, bool) {
	if v == nil {
		return graphql.Null, !nonNull && !plainOff.Load()
	}
	return PlainBoolean(v)
}

// PlainTime is the marshaller of a Time or DateTime field whose value is *v.
func PlainTime(v *time.Time) (graphql.Marshaler, bool) {
	if v.IsZero() || plainOff.Load() {
		return nil, false
	}
	return (*timeValue)(v), true
}

// PlainTimePointer is the marshaller of a Time or DateTime field whose
// value is v.
func PlainTimePointer(v *time.Time, nonNull bool) (graphql.Marshaler, bool) {
	if v == nil {
		return graphql.Null, !nonNull && !plainOff.Load()
	}
	return PlainTime(v)
}

// PlainPanic is what a plain field read from a method answers when the
// method panics: null, with the panic recovered into the field's error as
// ResolveField does (the error names the field: its context is made now).
func PlainPanic(ctx context.Context, oc *graphql.OperationContext, field graphql.CollectedField,
	initializeFieldContext func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error), r any,
) graphql.Marshaler {
	if fc, err := initializeFieldContext(ctx, field); err == nil {
		ctx = graphql.WithFieldContext(ctx, fc)
	}
	oc.Error(ctx, oc.Recover(ctx, r))
	return graphql.Null
}

// stringValue writes a string as graphql.MarshalString does.
type stringValue string

func (s *stringValue) MarshalGQL(w io.Writer) { writeQuotedString(w, string(*s)) }

// intValue writes an int as graphql.MarshalInt does.
type intValue int

func (i *intValue) MarshalGQL(w io.Writer) {
	if b, ok := w.(*bytes.Buffer); ok {
		b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(*i), 10))
		return
	}
	io.WriteString(w, strconv.FormatInt(int64(*i), 10))
}

// timeValue writes a time as graphql.MarshalTime does: RFC 3339 with
// nanoseconds, quoted (its digits, signs, colons, dot, T and Z need no
// escaping, so strconv.Quote adds the quotes alone).
type timeValue time.Time

func (t *timeValue) MarshalGQL(w io.Writer) {
	if b, ok := w.(*bytes.Buffer); ok {
		out := append(b.AvailableBuffer(), '"')
		out = (*time.Time)(t).AppendFormat(out, time.RFC3339Nano)
		b.Write(append(out, '"'))
		return
	}
	io.WriteString(w, strconv.Quote((*time.Time)(t).Format(time.RFC3339Nano)))
}

// writeQuotedString is gqlgen's (graphql/string.go), with text that needs
// no escaping written at once.
func writeQuotedString(w io.Writer, s string) {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '\\' || c == '"' {
			clean = false
			break
		}
	}
	if b, ok := w.(*bytes.Buffer); ok && clean {
		b.Grow(len(s) + 2)
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	if clean {
		io.WriteString(w, `"`)
		io.WriteString(w, s)
		io.WriteString(w, `"`)
		return
	}
	graphql.MarshalString(s).MarshalGQL(w)
}
