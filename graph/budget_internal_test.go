package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// The result budget (budget.go) at the unit level: which lists it prices
// as they resolve, what one element costs, how an account is charged and
// overdrawn, and what the response of an overdrawn operation is. rest's
// tests and limits_test.go run it through real operations.

// budgetQuery has a list of every kind: unbounded lists of objects (pages,
// their subpages, files), a list with a limit (fileList) and its envelope's
// items, and lists of scalars.
const budgetQuery = `{ space(id: "s") { revision {
	pages { id title urls { app } pages { id } }
	files { id name }
	fileList(limit: 10) { items { id } }
	parents
	tags
} } }`

// fieldAt parses query against the schema and returns the field at a
// dotted path of response names.
func fieldAt(t *testing.T, query, path string) *ast.Field {
	t.Helper()
	doc, errs := gqlparser.LoadQuery(Schema(&Resolver{}).Schema(), query)
	if errs != nil {
		t.Fatal(errs)
	}
	set := doc.Operations[0].SelectionSet
	var f *ast.Field
	for _, name := range strings.Split(path, ".") {
		f = nil
		for _, sel := range set {
			if fd, ok := sel.(*ast.Field); ok && fd.Alias == name {
				f = fd
			}
		}
		if f == nil {
			t.Fatalf("no field %s in the query", path)
		}
		set = f.SelectionSet
	}
	return f
}

func TestUnboundedLists(t *testing.T) {
	cases := []struct {
		path string
		want bool
	}{
		{"space.revision.pages", true},
		{"space.revision.pages.pages", true},
		{"space.revision.files", true},
		{"space.revision.fileList", false},       // its limit prices it statically
		{"space.revision.fileList.items", false}, // the envelope's items: the limit priced them
		{"space.revision.parents", false},        // scalars come with their object
		{"space.revision.tags", false},
		{"space.revision", false}, // not a list
		{"space.revision.pages.urls", false},
	}
	for _, c := range cases {
		name := "priced-statically"
		if c.want {
			name = "priced-as-it-resolves"
		}
		t.Run(c.path+"/"+name, func(t *testing.T) {
			if got := unbounded(fieldAt(t, budgetQuery, c.path)); got != c.want {
				t.Errorf("unbounded = %v", got)
			}
		})
	}
}

func TestElementPrice(t *testing.T) {
	cases := []struct {
		name, path string
		want       int
	}{
		// 1 for the page, 1 for its urls object; its subpages are charged
		// their own length when they resolve, not here.
		{"page-costs-itself-and-its-objects-not-its-subpages", "space.revision.pages", 2},
		{"subpage-of-leaves-costs-one", "space.revision.pages.pages", 1},
		{"file-of-leaves-costs-one", "space.revision.files", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := &account{price: map[*ast.Field]int{}}
			f := fieldAt(t, budgetQuery, c.path)
			if got := a.priceOf(f); got != c.want {
				t.Fatalf("price %d, want %d", got, c.want)
			}
			if a.price[f] != c.want {
				t.Error("the price is not kept for the list's next elements")
			}
		})
	}
}

func TestAccountCharges(t *testing.T) {
	limits := Limits{MaxResultObjects: 10, MaxResultBytes: 100}
	pages := fieldAt(t, budgetQuery, "space.revision.pages") // 2 a page
	type step struct {
		items int   // pages charged
		text  int64 // bytes charged
		code  string
	}
	cases := []struct {
		name  string
		spent int // the static estimate, taken first
		steps []step
	}{
		{"within-the-budget-all-pass", 4, []step{{items: 2}, {text: 60}, {items: 1}, {text: 40}}},
		{"objects-past-the-budget-too-complex", 4, []step{{items: 3}, {items: 1, code: CodeTooComplex}}},
		{"static-estimate-counts-against-the-objects", 9, []step{{items: 1, code: CodeTooComplex}}},
		{"text-past-the-budget-too-large", 0, []step{{text: 100}, {text: 1, code: CodeResultTooLarge}}},
		{"after-an-overdraft-every-charge-fails-with-it", 0, []step{{text: 101, code: CodeResultTooLarge}, {items: 1, code: CodeResultTooLarge}, {text: 0, code: CodeResultTooLarge}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := accountOf(openAccount(context.Background(), limits, c.spent, nil))
			var first *gqlerror.Error
			for i, st := range c.steps {
				var err error
				if st.items > 0 {
					err = a.chargeList(pages, st.items)
				} else {
					err = a.chargeText(st.text)
				}
				if got := codeOf(err); got != st.code {
					t.Fatalf("step %d: %v, want %q", i, err, st.code)
				}
				if err == nil {
					continue
				}
				ge := err.(*gqlerror.Error)
				if first == nil {
					first = ge
				} else if ge == first || ge.Message != first.Message {
					t.Errorf("step %d: %p %q; want a copy of the first error", i, ge, ge.Message)
				}
			}
			if first != nil && codeOf(a.failed.Load()) != codeOf(first) {
				t.Errorf("the account recorded %v", a.failed.Load())
			}
		})
	}
}

func codeOf(err error) string {
	if ge, ok := err.(*gqlerror.Error); ok && ge != nil {
		code, _ := ge.Extensions["code"].(string)
		return code
	}
	if err != nil {
		return "?"
	}
	return ""
}

func TestSubAccount(t *testing.T) {
	a := accountOf(openAccount(context.Background(), Limits{MaxResultObjects: 50, MaxResultBytes: 500}, 10, nil))
	if err := a.chargeText(100); err != nil {
		t.Fatal(err)
	}
	s := a.sub()
	if err := s.charge(7, 30); err != nil {
		t.Fatal(err)
	}
	if objects, text := s.spent(); objects != 7 || text != 30 {
		t.Errorf("sub-account spent %d objects, %d bytes", objects, text)
	}
	if a.objects.Load() != 40 || a.bytes.Load() != 400 {
		t.Errorf("the parent changed: %d objects, %d bytes left", a.objects.Load(), a.bytes.Load())
	}
	// The sub-account holds only what was left: it overdraws where the
	// parent would.
	if err := s.charge(34, 0); codeOf(err) != CodeTooComplex {
		t.Errorf("sub-account charged past the parent's balance: %v", err)
	}
}

func TestChargeResults(t *testing.T) {
	long := strings.Repeat("x", minCharged)
	short := strings.Repeat("x", minCharged-1)
	pages := fieldAt(t, budgetQuery, "space.revision.pages")
	fileList := fieldAt(t, budgetQuery, "space.revision.fileList.items")
	title := fieldAt(t, budgetQuery, "space.revision.pages.title")
	cases := []struct {
		name        string
		field       *ast.Field
		res         any
		err         error
		objects     int64 // charged
		bytes       int64
		wantErrCode string
	}{
		{"short-text-free", title, short, nil, 0, 0, ""},
		{"long-text-charged-its-length", title, long, nil, 0, int64(len(long)), ""},
		{"long-text-pointer-charged", title, &long, nil, 0, int64(len(long)), ""},
		{"json-charged-its-length", title, json.RawMessage(long), nil, 0, int64(len(long)), ""},
		{"unbounded-list-charged-length-times-price", pages, make([]int, 5), nil, 10, 0, ""},
		{"empty-unbounded-list-free", pages, []int{}, nil, 0, 0, ""},
		{"list-with-a-limit-free", fileList, make([]int, 5), nil, 0, 0, ""},
		{"resolver-error-passed-through-uncharged", title, long, fmt.Errorf("boom"), 0, 0, "?"},
		{"overdraft-answers-the-error-not-the-result", pages, make([]int, 60), nil, 120, 0, CodeTooComplex},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := openAccount(context.Background(), Limits{MaxResultObjects: 100, MaxResultBytes: 1000}, 0, nil)
			ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Field: graphql.CollectedField{Field: c.field}})
			res, err := chargeResults(ctx, func(context.Context) (any, error) { return c.res, c.err })
			if codeOf(err) != c.wantErrCode {
				t.Fatalf("error %v, want %q", err, c.wantErrCode)
			}
			if c.wantErrCode == CodeTooComplex && res != nil {
				t.Errorf("an overdrawn field answered %v", res)
			}
			a := accountOf(ctx)
			if objects, bytes := 100-a.objects.Load(), 1000-a.bytes.Load(); objects != c.objects || bytes != c.bytes {
				t.Errorf("charged %d objects, %d bytes; want %d, %d", objects, bytes, c.objects, c.bytes)
			}
		})
	}
	t.Run("without-an-account-nothing-charged", func(t *testing.T) {
		ctx := graphql.WithFieldContext(context.Background(), &graphql.FieldContext{Field: graphql.CollectedField{Field: pages}})
		res, err := chargeResults(ctx, func(context.Context) (any, error) { return long, nil })
		if err != nil || res != long {
			t.Fatalf("%v, %v", res, err)
		}
	})
}

func TestCloseAccount(t *testing.T) {
	errs := func(n int) gqlerror.List {
		out := make(gqlerror.List, n)
		for i := range out {
			out[i] = &gqlerror.Error{Message: fmt.Sprint("error ", i)}
		}
		return out
	}
	data := json.RawMessage(`{"a":1}`)
	ext := map[string]any{"cost": 3}
	overdrawn := func() context.Context {
		ctx := openAccount(context.Background(), Limits{MaxResultObjects: 1, MaxResultBytes: 1}, 0, nil)
		_ = accountOf(ctx).chargeText(2)
		return ctx
	}
	cases := []struct {
		name     string
		ctx      context.Context
		errors   int
		wantData bool
		want     []string // messages
	}{
		{"overdrawn-answers-only-its-error", overdrawn(), 3, false,
			[]string{"the result carries more than 1 bytes of text; ask for fewer fields, smaller pages or one page's content at a time"}},
		{"within-budget-answers-as-resolved", openAccount(context.Background(), DefaultLimits, 0, nil), 2, true, []string{"error 0", "error 1"}},
		{"fifty-errors-listed-whole", context.Background(), MaxErrors, true, nil},
		{"more-errors-summed-in-the-fiftieth", context.Background(), MaxErrors + 25, true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := closeAccount(c.ctx, func(context.Context) *graphql.Response {
				return &graphql.Response{Data: data, Errors: errs(c.errors), Extensions: ext}
			})
			if (resp.Data != nil) != c.wantData || resp.Extensions["cost"] != 3 {
				t.Errorf("data %s, extensions %v", resp.Data, resp.Extensions)
			}
			var got []string
			for _, e := range resp.Errors {
				got = append(got, e.Message)
			}
			if c.want != nil && strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("errors %q, want %q", got, c.want)
			}
			if c.errors >= MaxErrors {
				if len(got) != MaxErrors {
					t.Fatalf("%d errors listed", len(got))
				}
				last := resp.Errors[MaxErrors-1]
				if c.errors == MaxErrors && last.Message != fmt.Sprint("error ", MaxErrors-1) {
					t.Errorf("last error %q", last.Message)
				}
				if c.errors > MaxErrors && (last.Message != "26 more errors not shown" || last.Extensions["code"] != "TOO_MANY_ERRORS") {
					t.Errorf("last error %q %v", last.Message, last.Extensions)
				}
			}
		})
	}
	t.Run("no-response-stays-none", func(t *testing.T) {
		if closeAccount(overdrawn(), func(context.Context) *graphql.Response { return nil }) != nil {
			t.Error("a response made up")
		}
	})
}

func TestTextLen(t *testing.T) {
	s := "héllo"
	var nilString *string
	for _, c := range []struct {
		name string
		v    any
		want int
	}{
		{"string-bytes", s, 6},
		{"string-pointer-bytes", &s, 6},
		{"nil-pointer-none", nilString, 0},
		{"json-bytes", json.RawMessage(`{"a":1}`), 7},
		{"byte-slice", []byte("abc"), 3},
		{"number-none", 12345, 0},
		{"object-none", struct{ A string }{"long text"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := textLen(c.v); got != c.want {
				t.Errorf("%d, want %d", got, c.want)
			}
		})
	}
}
