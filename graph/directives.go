package graph

import (
	"context"
	"net/url"
	"regexp"
	"sync"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"

	"folio/domain"
	"folio/graph/generated"
)

// Directives implements the input-rule directives of the schema. Every rule
// is declared once, on the schema field, and holds for GraphQL and REST alike.
// @keepNull has none: it is read from the schema by REST (gqlgen.yml's
// skip_runtime keeps it out of the executor).
func Directives() generated.DirectiveRoot {
	return generated.DirectiveRoot{
		Length:  lengthRule,
		Pattern: patternRule,
		Range:   rangeRule,
		Url:     urlRule,
	}
}

// fieldName names the input field or argument a directive is checking.
func fieldName(ctx context.Context) string {
	if pc := graphql.GetPathContext(ctx); pc != nil && pc.Field != nil {
		return *pc.Field
	}
	return "input"
}

// deref returns the value behind a pointer, and whether there is one.
func deref(v any) (any, bool) {
	switch x := v.(type) {
	case nil:
		return nil, false
	case *string:
		if x == nil {
			return nil, false
		}
		return *x, true
	case *int:
		if x == nil {
			return nil, false
		}
		return *x, true
	case graphql.Omittable[*string]:
		if p := x.Value(); p != nil {
			return *p, true
		}
		return nil, false
	case graphql.Omittable[[]string]:
		if l := x.Value(); l != nil {
			return l, true
		}
		return nil, false
	}
	return v, true
}

// checked is the preamble of every rule: it resolves the value and, when
// one is present and a T, checks it.
func checked[T any](ctx context.Context, next graphql.Resolver, check func(T) error) (any, error) {
	v, err := next(ctx)
	if err != nil {
		return v, err
	}
	val, ok := deref(v)
	x, isT := val.(T)
	if !ok || !isT {
		return v, nil
	}
	if err := check(x); err != nil {
		return nil, err
	}
	return v, nil
}

// between checks that n is within min and max: a count of units
// ("characters"), or a number when unit is "".
func between(ctx context.Context, n int, min, max *int, unit string) error {
	rule := "must be at %s %d"
	if unit != "" {
		rule = "must have at %s %d " + unit
	}
	if min != nil && n < *min {
		return domain.Invalid(fieldName(ctx), rule, "least", *min)
	}
	if max != nil && n > *max {
		return domain.Invalid(fieldName(ctx), rule, "most", *max)
	}
	return nil
}

func lengthRule(ctx context.Context, _ any, next graphql.Resolver, min, max *int) (any, error) {
	return checked(ctx, next, func(val any) error {
		switch x := val.(type) {
		case string:
			return between(ctx, utf8.RuneCountInString(x), min, max, "characters")
		case []string:
			return between(ctx, len(x), min, max, "items")
		}
		return nil
	})
}

var patterns sync.Map // regexp source -> *regexp.Regexp

func patternRule(ctx context.Context, _ any, next graphql.Resolver, expr string, message *string) (any, error) {
	return checked(ctx, next, func(s string) error {
		re, found := patterns.Load(expr)
		if !found {
			re, _ = patterns.LoadOrStore(expr, regexp.MustCompile(expr))
		}
		switch {
		case re.(*regexp.Regexp).MatchString(s):
			return nil
		case message != nil:
			return domain.Invalid(fieldName(ctx), "%s", *message)
		}
		return domain.Invalid(fieldName(ctx), "must match the pattern %s", expr)
	})
}

func rangeRule(ctx context.Context, _ any, next graphql.Resolver, min, max *int) (any, error) {
	return checked(ctx, next, func(n int) error { return between(ctx, n, min, max, "") })
}

func urlRule(ctx context.Context, _ any, next graphql.Resolver) (any, error) {
	return checked(ctx, next, func(s string) error {
		if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return domain.Invalid(fieldName(ctx), "must be an absolute http or https URL")
		}
		return nil
	})
}
