package graph

import (
	"context"
	"net/url"
	"regexp"
	"sync"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"

	"folio/graph/generated"
	"folio/store"
)

// Directives implements the input-rule directives of the schema. Every rule
// is declared once, on the schema field, and holds for GraphQL and REST alike.
func Directives() generated.DirectiveRoot {
	return generated.DirectiveRoot{
		KeepNull: func(ctx context.Context, _ any, next graphql.Resolver) (any, error) { return next(ctx) },
		Length:   lengthRule,
		Pattern:  patternRule,
		Range:    rangeRule,
		Url:      urlRule,
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

func lengthRule(ctx context.Context, _ any, next graphql.Resolver, min, max *int) (any, error) {
	v, err := next(ctx)
	if err != nil {
		return v, err
	}
	val, ok := deref(v)
	if !ok {
		return v, nil
	}
	n, unit := 0, "characters"
	switch x := val.(type) {
	case string:
		n = utf8.RuneCountInString(x)
	case []string:
		n, unit = len(x), "items"
	default:
		return v, nil
	}
	if min != nil && n < *min {
		return nil, store.Invalid(fieldName(ctx), "must have at least %d %s", *min, unit)
	}
	if max != nil && n > *max {
		return nil, store.Invalid(fieldName(ctx), "must have at most %d %s", *max, unit)
	}
	return v, nil
}

var patterns sync.Map // regexp source -> *regexp.Regexp

func patternRule(ctx context.Context, _ any, next graphql.Resolver, expr string, message *string) (any, error) {
	v, err := next(ctx)
	if err != nil {
		return v, err
	}
	val, ok := deref(v)
	s, isString := val.(string)
	if !ok || !isString {
		return v, nil
	}
	re, found := patterns.Load(expr)
	if !found {
		re, _ = patterns.LoadOrStore(expr, regexp.MustCompile(expr))
	}
	if !re.(*regexp.Regexp).MatchString(s) {
		if message != nil {
			return nil, store.Invalid(fieldName(ctx), "%s", *message)
		}
		return nil, store.Invalid(fieldName(ctx), "must match the pattern %s", expr)
	}
	return v, nil
}

func rangeRule(ctx context.Context, _ any, next graphql.Resolver, min, max *int) (any, error) {
	v, err := next(ctx)
	if err != nil {
		return v, err
	}
	val, ok := deref(v)
	n, isInt := val.(int)
	if !ok || !isInt {
		return v, nil
	}
	if min != nil && n < *min {
		return nil, store.Invalid(fieldName(ctx), "must be at least %d", *min)
	}
	if max != nil && n > *max {
		return nil, store.Invalid(fieldName(ctx), "must be at most %d", *max)
	}
	return v, nil
}

func urlRule(ctx context.Context, _ any, next graphql.Resolver) (any, error) {
	v, err := next(ctx)
	if err != nil {
		return v, err
	}
	val, ok := deref(v)
	s, isString := val.(string)
	if !ok || !isString {
		return v, nil
	}
	u, perr := url.Parse(s)
	if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, store.Invalid(fieldName(ctx), "must be an absolute http or https URL")
	}
	return v, nil
}
