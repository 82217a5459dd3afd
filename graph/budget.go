package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/graph/gqlruntime"
)

// The result budget. Measure prices a list by its `limit` before anything
// runs, but some lists have no limit: a revision's page tree and files, a
// section's site spaces, a comment's reactions. Their size is known only
// once they are loaded, so an operation carries an account: each such list
// is charged its real length times the price of one element as it
// resolves, against MaxResultObjects (less the static estimate), and the
// text the result carries is charged against MaxResultBytes. An
// operation that overdraws stops resolving and answers one error, without
// data: nothing half built leaves the server.

// CodeResultTooLarge is the extensions.code of an operation whose result
// would carry more text than MaxResultBytes.
const CodeResultTooLarge = "RESULT_TOO_LARGE"

// MaxErrors is how many errors a response lists at most; the rest are
// summed up in one last error. (2,400 unknown directives once answered
// with a 700 KB list.)
const MaxErrors = 50

// account is one operation's budget as it resolves.
type account struct {
	objects    atomic.Int64 // what is left of MaxResultObjects
	bytes      atomic.Int64 // what is left of MaxResultBytes
	maxBytes   int
	maxObjects int
	failed     atomic.Pointer[gqlerror.Error]

	openObjects, openBytes int64 // a sub-account's balance when it opened

	vars  map[string]any
	mu    sync.Mutex
	price map[*ast.Field]int // price of one element of an unbounded list
}

type accountKey struct{}

// openAccount starts the account of an operation whose static cost is spent.
func openAccount(ctx context.Context, l Limits, spent int, vars map[string]any) context.Context {
	a := &account{vars: vars, price: map[*ast.Field]int{}, maxBytes: l.MaxResultBytes, maxObjects: l.MaxResultObjects}
	a.objects.Store(int64(l.MaxResultObjects - spent))
	a.bytes.Store(int64(l.MaxResultBytes))
	return context.WithValue(ctx, accountKey{}, a)
}

// minCharged is the shortest text the account charges: ids, titles and
// the like are bounded by the object limits already, and skipping them
// keeps the account's context lookup off most fields (and plain fields
// answering shorter text off the middleware: see gqlruntime.MinChargedText).
const minCharged = gqlruntime.MinChargedText

// chargeResults is the field middleware that keeps the account.
func chargeResults(ctx context.Context, next graphql.Resolver) (any, error) {
	res, err := next(ctx)
	if err != nil || res == nil {
		return res, err
	}
	text, items := textLen(res), 0
	if text < minCharged {
		text = 0
		fc := graphql.GetFieldContext(ctx)
		if fc == nil || !unbounded(fc.Field.Field) {
			return res, nil
		}
		if v := reflect.ValueOf(res); v.Kind() == reflect.Slice {
			items = v.Len()
		}
		if items == 0 {
			return res, nil
		}
	}
	a := accountOf(ctx)
	if a == nil {
		return res, nil
	}
	if text > 0 {
		err = a.chargeText(int64(text))
	} else {
		err = a.chargeList(graphql.GetFieldContext(ctx).Field.Field, items)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

func accountOf(ctx context.Context) *account {
	a, _ := ctx.Value(accountKey{}).(*account)
	return a
}

// chargeList charges n elements of the unbounded list field f.
func (a *account) chargeList(f *ast.Field, n int) error {
	return a.charge(int64(n)*int64(a.priceOf(f)), 0)
}

// chargeText charges n bytes of text.
func (a *account) chargeText(n int64) error { return a.charge(0, n) }

// charge takes objects and text bytes from the account; the first
// overdraft fails the whole operation.
func (a *account) charge(objects, text int64) error {
	if err := a.failed.Load(); err != nil {
		return copyOf(err) // overdrawn elsewhere: stop the work here
	}
	if text > 0 && a.bytes.Add(-text) < 0 {
		return a.fail(limitError(CodeResultTooLarge, "the result carries more than %d bytes of text; ask for fewer fields, smaller pages or one page's content at a time", a.maxBytes))
	}
	if objects > 0 && a.objects.Add(-objects) < 0 {
		return a.fail(limitError(CodeTooComplex, "the operation's result holds more than %d objects (lists without a `limit`, such as page trees, count their real length): ask for fewer fields or fewer aliases", a.maxObjects))
	}
	return nil
}

// sub opens an account holding what is left of a, to measure what one part
// of the result costs (spent tells); the part's cost is then charged to a.
func (a *account) sub() *account {
	s := &account{vars: a.vars, price: map[*ast.Field]int{}, maxBytes: a.maxBytes, maxObjects: a.maxObjects}
	s.objects.Store(a.objects.Load())
	s.bytes.Store(a.bytes.Load())
	s.openObjects, s.openBytes = s.objects.Load(), s.bytes.Load()
	return s
}

// spent is what a sub-account was charged since it opened.
func (a *account) spent() (objects, text int64) {
	return a.openObjects - a.objects.Load(), a.openBytes - a.bytes.Load()
}

// fail records the first error that overdrew the account and returns it.
func (a *account) fail(err *gqlerror.Error) *gqlerror.Error {
	a.failed.CompareAndSwap(nil, err)
	return copyOf(a.failed.Load())
}

// copyOf is a copy of the recorded error for one field: gqlgen writes the
// field's path into the error it is given, and fields resolving at once
// would write into one shared error together.
func copyOf(err *gqlerror.Error) *gqlerror.Error {
	c := *err
	return &c
}

// priceOf is what one element of the list field f costs: 1 plus its
// selection, where lists inside it that are unbounded too count nothing
// (they are charged their own length when they resolve).
func (a *account) priceOf(f *ast.Field) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	p, ok := a.price[f]
	if !ok {
		m := measurer{vars: a.vars}
		c, _ := m.set(f.SelectionSet, 0)
		p = saturatingAdd(1, c)
		a.price[f] = p
	}
	return p
}

// unbounded reports whether f is a list of objects without a `limit`
// argument, outside a list envelope (whose `items` the enclosing field's
// limit already prices).
func unbounded(f *ast.Field) bool {
	d := f.Definition
	if d == nil || d.Type.Elem == nil || len(f.SelectionSet) == 0 || d.Arguments.ForName("limit") != nil {
		return false
	}
	return !(f.Name == "items" && f.ObjectDefinition != nil && strings.HasSuffix(f.ObjectDefinition.Name, "List"))
}

// textLen is the length of text a field resolved to (0 for anything else).
func textLen(res any) int {
	switch v := res.(type) {
	case string:
		return len(v)
	case *string:
		if v != nil {
			return len(*v)
		}
	case json.RawMessage:
		return len(v)
	case []byte:
		return len(v)
	}
	return 0
}

// closeAccount answers an overdrawn operation with its one error and caps
// the errors of every response.
func closeAccount(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	if resp == nil {
		return nil
	}
	if a, _ := ctx.Value(accountKey{}).(*account); a != nil {
		if err := a.failed.Load(); err != nil {
			return &graphql.Response{Errors: gqlerror.List{err}, Extensions: resp.Extensions}
		}
	}
	if n := len(resp.Errors); n > MaxErrors {
		resp.Errors = append(resp.Errors[:MaxErrors-1:MaxErrors-1], &gqlerror.Error{
			Message:    fmt.Sprintf("%d more errors not shown", n-(MaxErrors-1)),
			Extensions: map[string]any{"code": "TOO_MANY_ERRORS"},
		})
	}
	return resp
}
