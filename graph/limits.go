package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/store"
)

// Limits bound the cost of one GraphQL operation, for /graphql and the REST
// routes alike (both run through configure). An operation over a limit is
// refused after validation and before any resolver runs.
type Limits struct {
	// MaxComplexity bounds the estimated number of objects an operation can
	// return: each object field costs 1 plus its selection, and a list field
	// with a `limit` argument (its page size) costs limit times that.
	MaxComplexity int
	// MaxDepth bounds how deeply fields nest (a root field is depth 1).
	MaxDepth int
	// MaxAliases bounds the fields an operation renames with an alias, which
	// would otherwise let one request run the same field many times.
	MaxAliases int
	// MaxTokens bounds the lexical tokens of the document, checked by the
	// parser before anything else.
	MaxTokens int
	// MaxResultObjects bounds the objects a result holds, counted as it
	// resolves: lists without a `limit` (page trees, files, a section's
	// site spaces) cost their real length times their selection, on top
	// of the static complexity (budget.go).
	MaxResultObjects int
	// MaxResultBytes bounds the text (strings and JSON documents) a result
	// carries.
	MaxResultBytes int
}

// DefaultLimits are generous enough for every REST route at its largest
// page (limit=1000) and any realistic hand-written query, and refuse
// queries nesting lists in lists at full pages.
var DefaultLimits = Limits{MaxComplexity: 25_000, MaxDepth: 20, MaxAliases: 30, MaxTokens: 5_000,
	MaxResultObjects: 100_000, MaxResultBytes: 16 << 20}

// Error codes of operations refused by a limit (extensions.code). The
// parser's own error for MaxTokens is GRAPHQL_PARSE_FAILED.
const (
	CodeTooComplex     = "QUERY_TOO_COMPLEX"
	CodeTooDeep        = "QUERY_TOO_DEEP"
	CodeTooManyAliases = "TOO_MANY_ALIASES"
)

// withDefaults fills unset limits with the defaults.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	orDefault(&l.MaxComplexity, d.MaxComplexity)
	orDefault(&l.MaxDepth, d.MaxDepth)
	orDefault(&l.MaxAliases, d.MaxAliases)
	orDefault(&l.MaxTokens, d.MaxTokens)
	orDefault(&l.MaxResultObjects, d.MaxResultObjects)
	orDefault(&l.MaxResultBytes, d.MaxResultBytes)
	return l
}

// orDefault sets *v to d when it is unset (zero or less).
func orDefault[T ~int | ~int64](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// operationLimits is the extension that measures an operation against Limits.
type operationLimits struct{ Limits }

func (operationLimits) ExtensionName() string                   { return "OperationLimits" }
func (operationLimits) Validate(graphql.ExecutableSchema) error { return nil }

func (l operationLimits) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	c := Measure(oc.Operation, oc.Variables)
	oc.Stats.SetExtension(costStat, c) // the result budget starts from it
	switch {
	case c.OverMaxLimit:
		// The @range check would say so, but only after the complexity
		// check had refused the operation for the same large page.
		return &gqlerror.Error{Message: fmt.Sprintf("limit: must be at most %d", store.MaxLimit),
			Extensions: map[string]any{"code": string(domain.CodeInvalid)}}
	case c.Depth > l.MaxDepth:
		return limitError(CodeTooDeep, "the operation nests fields %d deep; the limit is %d", c.Depth, l.MaxDepth)
	case c.Aliases > l.MaxAliases:
		return limitError(CodeTooManyAliases, "the operation uses %d aliases; the limit is %d", c.Aliases, l.MaxAliases)
	case c.Complexity > l.MaxComplexity:
		return limitError(CodeTooComplex, "the operation's complexity is %d; the limit is %d (a list field costs its page size, `limit`, times its selection: ask for smaller pages or fewer nested lists)", c.Complexity, l.MaxComplexity)
	}
	return nil
}

// costStat names the operation's Cost among its stats.
const costStat = "folio.cost"

// staticCost is the Cost operationLimits measured for the operation.
func staticCost(oc *graphql.OperationContext) Cost {
	c, _ := oc.Stats.GetExtension(costStat).(Cost)
	return c
}

func limitError(code, format string, args ...any) *gqlerror.Error {
	return &gqlerror.Error{Message: fmt.Sprintf(format, args...), Extensions: map[string]any{"code": code}}
}

// Cost is what Measure finds in an operation.
type Cost struct {
	Complexity int
	Depth      int
	Aliases    int
	// OverMaxLimit is set when a list asks for a page larger than
	// store.MaxLimit (which its argument's @range refuses anyway).
	OverMaxLimit bool
}

// Measure computes the cost of a validated operation with its coerced
// variables. Introspection fields (__schema, __type) cost nothing: what
// they return is bounded by the schema, and the token limit bounds them.
func Measure(op *ast.OperationDefinition, vars map[string]any) Cost {
	m := measurer{vars: vars}
	complexity, depth := m.set(op.SelectionSet, 0)
	return Cost{Complexity: complexity, Depth: depth, Aliases: m.aliases, OverMaxLimit: m.overMaxLimit}
}

type measurer struct {
	vars         map[string]any
	aliases      int
	overMaxLimit bool
}

// set returns the complexity of a selection set and the depth it reaches
// below the given depth. Fragments are measured where they are spread.
func (m *measurer) set(set ast.SelectionSet, depth int) (complexity, maxDepth int) {
	maxDepth = depth
	for _, sel := range set {
		var c, d int
		switch sel := sel.(type) {
		case *ast.Field:
			c, d = m.field(sel, depth+1)
		case *ast.InlineFragment:
			c, d = m.set(sel.SelectionSet, depth)
		case *ast.FragmentSpread:
			if sel.Definition != nil {
				c, d = m.set(sel.Definition.SelectionSet, depth)
			}
		}
		complexity = saturatingAdd(complexity, c)
		maxDepth = max(maxDepth, d)
	}
	return complexity, maxDepth
}

func (m *measurer) field(f *ast.Field, depth int) (complexity, maxDepth int) {
	if f.Name == "__schema" || f.Name == "__type" {
		return 0, 0
	}
	if f.Alias != "" && f.Alias != f.Name {
		m.aliases++
	}
	if len(f.SelectionSet) == 0 {
		return 0, depth // a leaf: scalars and enums come with their object
	}
	children, maxDepth := m.set(f.SelectionSet, depth)
	if unbounded(f) {
		return 0, maxDepth // priced by its real length as it resolves (budget.go)
	}
	complexity = saturatingAdd(1, children)
	if n, ok := m.pageSize(f); ok {
		if n > store.MaxLimit {
			m.overMaxLimit = true
		}
		complexity = saturatingMul(complexity, max(n, 1))
	}
	return complexity, maxDepth
}

// pageSize is the field's `limit` argument: the value given, or the
// argument's default when the value is absent or null.
func (m *measurer) pageSize(f *ast.Field) (int, bool) {
	if f.Definition == nil {
		return 0, false
	}
	def := f.Definition.Arguments.ForName("limit")
	if def == nil {
		return 0, false
	}
	var v any
	if arg := f.Arguments.ForName("limit"); arg != nil && arg.Value != nil {
		v, _ = arg.Value.Value(m.vars)
	}
	if v == nil && def.DefaultValue != nil {
		v, _ = def.DefaultValue.Value(nil)
	}
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		return int(n), true
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	}
	return 0, false
}

// Costs saturate instead of overflowing: lists nested in lists multiply fast.
func saturatingAdd(a, b int) int {
	if a > math.MaxInt32-b {
		return math.MaxInt32
	}
	return a + b
}

func saturatingMul(a, b int) int {
	if b != 0 && a > math.MaxInt32/b {
		return math.MaxInt32
	}
	return a * b
}
