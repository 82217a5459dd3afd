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
// keeps the account's context lookup off most fields.
const minCharged = 64

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
	a, _ := ctx.Value(accountKey{}).(*account)
	if a == nil {
		return res, nil
	}
	if err := a.failed.Load(); err != nil {
		return nil, err // overdrawn elsewhere: stop the work here
	}
	if text > 0 {
		if a.bytes.Add(int64(-text)) < 0 {
			return nil, a.fail(limitError(CodeResultTooLarge, "the result carries more than %d bytes of text; ask for fewer fields, smaller pages or one page's content at a time", a.maxBytes))
		}
		return res, nil
	}
	fc := graphql.GetFieldContext(ctx)
	if a.objects.Add(-int64(items)*int64(a.priceOf(fc.Field.Field))) < 0 {
		return nil, a.fail(limitError(CodeTooComplex, "the operation's result holds more than %d objects (lists without a `limit`, such as page trees, count their real length): ask for fewer fields or fewer aliases", a.maxObjects))
	}
	return res, nil
}

// fail records the first error that overdrew the account and returns it.
func (a *account) fail(err *gqlerror.Error) *gqlerror.Error {
	a.failed.CompareAndSwap(nil, err)
	return a.failed.Load()
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
