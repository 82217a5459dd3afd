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

// plainCase is one scalar's plain marshallers checked against gqlgen's:
// every value, written directly and through a pointer (nullable or not),
// is written as gqlgen's marshaller writes it; each value of unplain is
// left to ResolveField, directly and through a nullable pointer; and a nil
// pointer is null when the field is nullable and left to ResolveField
// (which reports the null) when it is not.
func plainCase[T any](values, unplain []T, gqlgen func(T) graphql.Marshaler,
	plain func(*T) (graphql.Marshaler, bool), pointer func(*T, bool) (graphql.Marshaler, bool)) func(*testing.T) {
	return func(t *testing.T) {
		for _, x := range values {
			var want bytes.Buffer
			gqlgen(x).MarshalGQL(&want)
			v := x
			m, ok := plain(&v)
			if !ok {
				t.Fatalf("%v: not plain", x)
			}
			if got := writtenBy(t, m); got != want.String() {
				t.Errorf("%v: wrote %s, gqlgen %s", x, got, want.String())
			}
			for _, nonNull := range []bool{false, true} {
				m, ok := pointer(&v, nonNull)
				if !ok {
					t.Errorf("%v through a pointer (non-null %v): not plain", x, nonNull)
				} else if got := writtenBy(t, m); got != want.String() {
					t.Errorf("%v through a pointer (non-null %v): wrote %s, gqlgen %s", x, nonNull, got, want.String())
				}
			}
		}
		for _, x := range unplain {
			v := x
			if _, ok := plain(&v); ok {
				t.Errorf("%v is plain", x)
			}
			if _, ok := pointer(&v, false); ok {
				t.Errorf("%v through a pointer is plain", x)
			}
		}
		if m, ok := pointer(nil, false); !ok || m != graphql.Null {
			t.Errorf("a null: %v, %v", m, ok)
		}
		if _, ok := pointer(nil, true); ok {
			t.Error("a null for a non-null field is plain: ResolveField must report it")
		}
	}
}

// TestPlainDifferential: each scalar's plain marshallers (PlainString and
// PlainStringPointer, and so on) write what gqlgen's marshaller of that
// scalar writes (the String one also for ID fields), and leave to
// ResolveField what they must not write themselves: text of
// MinChargedText bytes or more (the middleware charges it), the zero time
// (null from gqlgen's, an error for a non-null field) and a null the
// schema forbids.
func TestPlainDifferential(t *testing.T) {
	east := time.FixedZone("east", 5*3600+30*60)
	west := time.FixedZone("", -(3*3600 + 17))
	var zero time.Time
	if graphql.MarshalTime(zero) != graphql.Null {
		t.Fatal("gqlgen's MarshalTime no longer answers null for the zero time: PlainTime's case is stale")
	}
	for _, c := range []struct {
		name string
		test func(*testing.T)
	}{
		{"String", plainCase(plainStrings, []string{strings.Repeat("y", MinChargedText)},
			graphql.MarshalString, PlainString, PlainStringPointer)},
		{"Int", plainCase([]int{0, 1, -1, 7, 99, 100, 12345, -987654321, 1<<31 - 1, -1 << 31, 1<<63 - 1, -1 << 63}, nil,
			graphql.MarshalInt, PlainInt, PlainIntPointer)},
		{"Boolean", plainCase([]bool{true, false}, nil, graphql.MarshalBoolean, PlainBoolean, PlainBooleanPointer)},
		{"Time", plainCase([]time.Time{
			time.Date(2026, 11, 28, 12, 4, 41, 0, time.UTC),
			time.Date(2026, 11, 28, 12, 4, 41, 123456789, time.UTC),
			time.Date(2026, 11, 28, 12, 4, 41, 120000000, east),
			time.Date(1969, 12, 31, 23, 59, 59, 1, west),
			time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC),
			time.Date(-44, 3, 15, 0, 0, 0, 0, time.UTC),
			time.Date(12345, 6, 7, 8, 9, 10, 11, time.Local),
			time.Now(),
		}, []time.Time{zero}, graphql.MarshalTime, PlainTime, PlainTimePointer)},
	} {
		t.Run(c.name, c.test)
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
