package gqlruntime

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// onlyWriter hides a bytes.Buffer's own methods: the marshallers' path for
// a writer other than the response's buffer.
type onlyWriter struct{ w io.Writer }

func (o onlyWriter) Write(p []byte) (int, error) { return o.w.Write(p) }

// writtenBy is what m writes, to a bytes.Buffer (the response's) and to
// another writer; both must agree.
func writtenBy(t *testing.T, m graphql.Marshaler) string {
	t.Helper()
	var direct, other bytes.Buffer
	direct.WriteString("prefix:") // what is there already stays
	m.MarshalGQL(&direct)
	m.MarshalGQL(onlyWriter{&other})
	got, ok := strings.CutPrefix(direct.String(), "prefix:")
	if !ok || got != other.String() {
		t.Fatalf("a bytes.Buffer got %q, another writer %q", direct.String(), other.String())
	}
	return got
}

var plainStrings = []string{
	"", "a", "Space 3-17", `quote " here`, `back\slash`, "tab\there", "line\nend\r", "\x00\x01\x1f\x7f",
	"é ü 漢字 🙂", "\xff\xfe invalid UTF-8 \xc3", "</script>", "\u2028\u2029", strings.Repeat("x", MinChargedText-1),
}

// TestPlainStringDifferential: PlainString and PlainStringPointer write
// what gqlgen's MarshalString writes (which ID and String fields use), and
// leave text of MinChargedText bytes or more, and a null the schema
// forbids, to ResolveField.
func TestPlainStringDifferential(t *testing.T) {
	for _, s := range plainStrings {
		var want bytes.Buffer
		graphql.MarshalString(s).MarshalGQL(&want)
		v := s
		m, ok := PlainString(&v)
		if !ok {
			t.Fatalf("%q: not plain", s)
		}
		if got := writtenBy(t, m); got != want.String() {
			t.Errorf("%q: wrote %s, gqlgen %s", s, got, want.String())
		}
		for _, nonNull := range []bool{false, true} {
			m, ok := PlainStringPointer(&v, nonNull)
			if !ok || writtenBy(t, m) != want.String() {
				t.Errorf("%q through a pointer (non-null %v): %v", s, nonNull, ok)
			}
		}
	}
	long := strings.Repeat("y", MinChargedText)
	if _, ok := PlainString(&long); ok {
		t.Error("text the middleware charges is plain")
	}
	if _, ok := PlainStringPointer(&long, false); ok {
		t.Error("text the middleware charges, through a pointer, is plain")
	}
	if m, ok := PlainStringPointer(nil, false); !ok || m != graphql.Null {
		t.Errorf("a null String: %v, %v", m, ok)
	}
	if _, ok := PlainStringPointer(nil, true); ok {
		t.Error("a null String! is plain: ResolveField must report it")
	}
}

// TestPlainStringReadsWhenWritten: the marshaller writes the value where
// it lies, when the response is written.
func TestPlainStringReadsWhenWritten(t *testing.T) {
	obj := struct{ Title string }{"before"}
	m, _ := PlainString(&obj.Title)
	if got := writtenBy(t, m); got != `"before"` {
		t.Errorf("wrote %s", got)
	}
}

// TestPlainIntDifferential: PlainInt and PlainIntPointer write what
// gqlgen's MarshalInt writes.
func TestPlainIntDifferential(t *testing.T) {
	for _, i := range []int{0, 1, -1, 7, 99, 100, 12345, -987654321, 1<<31 - 1, -1 << 31, 1<<63 - 1, -1 << 63} {
		var want bytes.Buffer
		graphql.MarshalInt(i).MarshalGQL(&want)
		v := i
		m, ok := PlainInt(&v)
		if !ok || writtenBy(t, m) != want.String() {
			t.Errorf("%d: wrote %s, gqlgen %s", i, writtenBy(t, m), want.String())
		}
		if m, ok := PlainIntPointer(&v, true); !ok || writtenBy(t, m) != want.String() {
			t.Errorf("%d through a pointer", i)
		}
	}
	if m, ok := PlainIntPointer(nil, false); !ok || m != graphql.Null {
		t.Errorf("a null Int: %v, %v", m, ok)
	}
	if _, ok := PlainIntPointer(nil, true); ok {
		t.Error("a null Int! is plain")
	}
}

// TestPlainBooleanDifferential: PlainBoolean and PlainBooleanPointer write
// what gqlgen's MarshalBoolean writes.
func TestPlainBooleanDifferential(t *testing.T) {
	for _, b := range []bool{true, false} {
		var want bytes.Buffer
		graphql.MarshalBoolean(b).MarshalGQL(&want)
		v := b
		if m, ok := PlainBoolean(&v); !ok || writtenBy(t, m) != want.String() {
			t.Errorf("%v", b)
		}
		if m, ok := PlainBooleanPointer(&v, true); !ok || writtenBy(t, m) != want.String() {
			t.Errorf("%v through a pointer", b)
		}
	}
	if m, ok := PlainBooleanPointer(nil, false); !ok || m != graphql.Null {
		t.Errorf("a null Boolean: %v, %v", m, ok)
	}
	if _, ok := PlainBooleanPointer(nil, true); ok {
		t.Error("a null Boolean! is plain")
	}
}

// TestPlainTimeDifferential: PlainTime and PlainTimePointer write what
// gqlgen's MarshalTime writes, and leave the zero time (null from
// gqlgen's, an error for a non-null field) to ResolveField.
func TestPlainTimeDifferential(t *testing.T) {
	east := time.FixedZone("east", 5*3600+30*60)
	west := time.FixedZone("", -(3*3600 + 17))
	for _, tm := range []time.Time{
		time.Date(2026, 11, 28, 12, 4, 41, 0, time.UTC),
		time.Date(2026, 11, 28, 12, 4, 41, 123456789, time.UTC),
		time.Date(2026, 11, 28, 12, 4, 41, 120000000, east),
		time.Date(1969, 12, 31, 23, 59, 59, 1, west),
		time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC),
		time.Date(-44, 3, 15, 0, 0, 0, 0, time.UTC),
		time.Date(12345, 6, 7, 8, 9, 10, 11, time.Local),
		time.Now(),
	} {
		var want bytes.Buffer
		graphql.MarshalTime(tm).MarshalGQL(&want)
		v := tm
		m, ok := PlainTime(&v)
		if !ok || writtenBy(t, m) != want.String() {
			t.Errorf("%v: wrote %s, gqlgen %s", tm, writtenBy(t, m), want.String())
		}
		if m, ok := PlainTimePointer(&v, true); !ok || writtenBy(t, m) != want.String() {
			t.Errorf("%v through a pointer", tm)
		}
	}
	var zero time.Time
	if graphql.MarshalTime(zero) != graphql.Null {
		t.Fatal("gqlgen's MarshalTime no longer answers null for the zero time: PlainTime's test is stale")
	}
	if _, ok := PlainTime(&zero); ok {
		t.Error("the zero time is plain")
	}
	if _, ok := PlainTimePointer(&zero, false); ok {
		t.Error("the zero time through a pointer is plain")
	}
	if m, ok := PlainTimePointer(nil, false); !ok || m != graphql.Null {
		t.Errorf("a null Time: %v, %v", m, ok)
	}
	if _, ok := PlainTimePointer(nil, true); ok {
		t.Error("a null Time! is plain")
	}
}

// TestPlainAllocatesNothing: a plain field's marshaller costs no
// allocation, and writing it none beyond the response's bytes.
func TestPlainAllocatesNothing(t *testing.T) {
	obj := &struct {
		Title   string
		Count   int
		Done    bool
		Created time.Time
		Deleted *time.Time
	}{"Docs", 42, true, time.Date(2026, 11, 28, 12, 0, 0, 5, time.UTC), nil}
	var buf bytes.Buffer
	buf.Grow(4096)
	allocs := testing.AllocsPerRun(100, func() {
		buf.Reset()
		for _, m := range []func() (graphql.Marshaler, bool){
			func() (graphql.Marshaler, bool) { return PlainString(&obj.Title) },
			func() (graphql.Marshaler, bool) { return PlainInt(&obj.Count) },
			func() (graphql.Marshaler, bool) { return PlainBoolean(&obj.Done) },
			func() (graphql.Marshaler, bool) { return PlainTime(&obj.Created) },
			func() (graphql.Marshaler, bool) { return PlainTimePointer(obj.Deleted, false) },
		} {
			v, _ := m()
			v.MarshalGQL(&buf)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
	if got := buf.String(); got != `"Docs"42true"2026-11-28T12:00:00.000000005Z"null` {
		t.Errorf("wrote %s", got)
	}
}

// TestPlainPanicDifferential: a plain field's method that panics answers
// what ResolveField answers for a resolver that panics: null, and the
// recovered error on the field's path, for a nullable and a non-null field.
func TestPlainPanicDifferential(t *testing.T) {
	oc := operation(parseQuery(t, `{ obj { short req } }`), nil)
	for _, alias := range []string{"short", "req"} {
		root, f := field(t, oc, alias)
		initFC := func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return NewScalarFieldContext("Obj", field, true, false, "String")
		}
		for _, r := range []any{"kaboom", errBoom} {
			want := observe(requestContext(oc, &root), func(ctx context.Context) graphql.Marshaler {
				return graphql.ResolveField(ctx, oc, f, initFC,
					func(context.Context) (any, error) { panic(r) }, nil, marshalNString, true, alias == "req")
			})
			got := observe(requestContext(oc, &root), func(ctx context.Context) (ret graphql.Marshaler) {
				defer func() {
					if r := recover(); r != nil {
						ret = PlainPanic(ctx, oc, f, initFC, r)
					}
				}()
				panic(r)
			})
			if got != want || want.Errors == "" {
				t.Errorf("%s, %v: %+v, gqlgen %+v", alias, r, got, want)
			}
		}
	}
}
