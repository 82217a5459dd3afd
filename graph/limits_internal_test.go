package graph

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2"

	"folio/domain"
	"folio/store"
)

// The operation and input limits at the unit level: each passes at its
// bound and refuses one past it, the first broken is the one reported, and
// the cost measured is kept for the result budget. limits_test.go runs the
// same through the server.

func TestOperationLimitBounds(t *testing.T) {
	schema := Schema(&Resolver{}).Schema()
	l := operationLimits{Limits{MaxComplexity: 10, MaxDepth: 3, MaxAliases: 2}.withDefaults()}
	cases := []struct {
		name, query string
		code, msg   string // "" passes
	}{
		{"complexity-at-the-bound-passes", `{ organizations(limit: 5) { items { id } } }`, "", ""},
		{"complexity-past-the-bound-refused", `{ organizations(limit: 6) { items { id } } }`, CodeTooComplex, "complexity is 12; the limit is 10"},
		{"depth-at-the-bound-passes", `{ organizations(limit: 1) { items { id } } }`, "", ""},
		{"depth-past-the-bound-refused", `{ organizations(limit: 1) { items { urls { app } } } }`, CodeTooDeep, "nests fields 4 deep; the limit is 3"},
		{"aliases-at-the-bound-pass", `{ a: apiInformation { version } b: apiInformation { version } }`, "", ""},
		{"aliases-past-the-bound-refused", `{ a: apiInformation { version } b: apiInformation { version } c: apiInformation { version } }`, CodeTooManyAliases, "uses 3 aliases; the limit is 2"},
		// When several limits are broken the page size is reported first
		// (the complexity it brings is its consequence), then depth,
		// aliases and complexity.
		{"page-over-the-max-reported-before-complexity", `{ organizations(limit: 1001) { items { id } } }`, "INVALID", "limit: must be at most 1000"},
		{"page-over-the-max-reported-before-depth", `{ organizations(limit: 1001) { items { urls { app } } } }`, "INVALID", "limit: must be at most 1000"},
		{"depth-reported-before-aliases-and-complexity", `{ a: organizations(limit: 9) { items { urls { app } } } b: apiInformation { version } c: apiInformation { version } }`, CodeTooDeep, "deep"},
		{"aliases-reported-before-complexity", `{ a: organizations(limit: 9) { items { id } } b: apiInformation { version } c: apiInformation { version } }`, CodeTooManyAliases, "aliases"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, errs := gqlparser.LoadQuery(schema, c.query)
			if errs != nil {
				t.Fatal(errs)
			}
			oc := &graphql.OperationContext{Operation: doc.Operations[0]}
			err := l.MutateOperationContext(context.Background(), oc)
			if c.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
			} else if err == nil || err.Extensions["code"] != c.code || !strings.Contains(err.Message, c.msg) {
				t.Fatalf("%v, want %s mentioning %q", err, c.code, c.msg)
			}
			// Refused or not, the cost is kept: the budget of an operation
			// that runs starts from it.
			if got, want := staticCost(oc), Measure(doc.Operations[0], nil); got != want {
				t.Errorf("kept cost %+v, want %+v", got, want)
			}
		})
	}
}

func TestLimitsWithDefaults(t *testing.T) {
	cases := []struct {
		name string
		in   Limits
		want Limits
	}{
		{"unset-takes-every-default", Limits{}, DefaultLimits},
		{"negative-takes-the-default", Limits{MaxDepth: -1, MaxResultBytes: -5}, DefaultLimits},
		{"set-limits-kept-others-defaulted", Limits{MaxComplexity: 7, MaxTokens: 9},
			Limits{MaxComplexity: 7, MaxDepth: DefaultLimits.MaxDepth, MaxAliases: DefaultLimits.MaxAliases, MaxTokens: 9,
				MaxResultObjects: DefaultLimits.MaxResultObjects, MaxResultBytes: DefaultLimits.MaxResultBytes}},
		{"every-limit-set-kept", Limits{1, 2, 3, 4, 5, 6}, Limits{1, 2, 3, 4, 5, 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.in.withDefaults(); got != c.want {
				t.Errorf("%+v, want %+v", got, c.want)
			}
		})
	}
}

func TestSaturatingArithmetic(t *testing.T) {
	cases := []struct {
		name string
		got  int
		want int
	}{
		{"sum-below-the-cap", saturatingAdd(2, 3), 5},
		{"sum-at-the-cap", saturatingAdd(math.MaxInt32-1, 1), math.MaxInt32},
		{"sum-past-the-cap-saturates", saturatingAdd(math.MaxInt32, 1), math.MaxInt32},
		{"product-below-the-cap", saturatingMul(1000, 1000), 1_000_000},
		{"product-past-the-cap-saturates", saturatingMul(1<<20, 1<<20), math.MaxInt32},
		{"product-by-zero", saturatingMul(math.MaxInt32, 0), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("%d, want %d", c.got, c.want)
			}
		})
	}
}

// TestRefusedBeforeExecution runs the checks an operation meets before any
// resolver, through the executor REST uses, without a database: the token
// limit (the document's tokens, its end included), validation, the cost
// limits and introspection.
func TestRefusedBeforeExecution(t *testing.T) {
	const q = `{ apiInformation { version } }` // 5 tokens and the end
	cases := []struct {
		name   string
		limits Limits
		query  string
		viewer bool
		code   string // "" passes
	}{
		{"tokens-at-the-bound-pass", Limits{MaxTokens: 6}, q, false, ""},
		{"tokens-past-the-bound-refused-unparsed", Limits{MaxTokens: 5}, q, false, "GRAPHQL_PARSE_FAILED"},
		{"unknown-field-refused-by-validation", Limits{}, `{ apiInformation { nope } }`, false, "GRAPHQL_VALIDATION_FAILED"},
		{"too-deep-refused", Limits{MaxDepth: 1}, q, false, CodeTooDeep},
		{"too-complex-refused", Limits{MaxComplexity: 10}, `{ organizations(limit: 6) { items { id } } }`, true, CodeTooComplex},
		{"anonymous-introspection-refused", Limits{}, `{ __schema { queryType { name } } }`, false, "UNAUTHENTICATED"},
		{"viewer-introspection-passes", Limits{}, `{ __schema { queryType { name } } }`, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Resolver{Limits: c.limits}
			e := NewExecutor(r, Schema(r))
			ctx := graphql.StartOperationTrace(context.Background())
			if c.viewer {
				ctx = WithViewer(ctx, &store.User{ID: "viewer"})
			}
			_, errs := e.CreateOperationContext(ctx, &graphql.RawParams{Query: c.query})
			if c.code == "" {
				if errs != nil {
					t.Fatalf("refused: %v", errs)
				}
				return
			}
			if len(errs) == 0 || errs[0].Extensions["code"] != c.code {
				t.Fatalf("errors %v, want %s", errs, c.code)
			}
		})
	}
}

// TestInputRules: the schema's input directives (@length, @range,
// @pattern, @url) on the values they check, named in the error by the
// argument or input field.
func TestInputRules(t *testing.T) {
	ctx := graphql.WithPathContext(context.Background(), graphql.NewPathWithField("title"))
	n := func(i int) *int { return &i }
	str := func(s string) *string { return &s }
	msg := "must be a slug"
	rules := map[string]func(v any) (any, error){
		"length 1..5": func(v any) (any, error) {
			return lengthRule(ctx, nil, func(context.Context) (any, error) { return v, nil }, n(1), n(5))
		},
		"range 0..1000": func(v any) (any, error) {
			return rangeRule(ctx, nil, func(context.Context) (any, error) { return v, nil }, n(0), n(1000))
		},
		"pattern slug": func(v any) (any, error) {
			return patternRule(ctx, nil, func(context.Context) (any, error) { return v, nil }, `^[a-z]+$`, nil)
		},
		"pattern slug with message": func(v any) (any, error) {
			return patternRule(ctx, nil, func(context.Context) (any, error) { return v, nil }, `^[a-z]+$`, &msg)
		},
		"url": func(v any) (any, error) {
			return urlRule(ctx, nil, func(context.Context) (any, error) { return v, nil })
		},
	}
	cases := []struct {
		name, rule string
		value      any
		err        string // "" passes
	}{
		{"five-characters-pass", "length 1..5", "héllo", ""}, // characters, not bytes
		{"six-characters-refused", "length 1..5", "héllo!", "title: must have at most 5 characters"},
		{"empty-refused", "length 1..5", "", "title: must have at least 1 characters"},
		{"pointer-checked", "length 1..5", str("toolong"), "title: must have at most 5 characters"},
		{"absent-pointer-passes", "length 1..5", (*string)(nil), ""},
		{"omitted-passes", "length 1..5", graphql.Omittable[*string]{}, ""},
		{"null-passes", "length 1..5", graphql.OmittableOf[*string](nil), ""},
		{"omittable-checked", "length 1..5", graphql.OmittableOf(str("toolong")), "title: must have at most 5 characters"},
		{"five-items-pass", "length 1..5", []string{"a", "b", "c", "d", "e"}, ""},
		{"six-items-refused", "length 1..5", []string{"a", "b", "c", "d", "e", "f"}, "title: must have at most 5 items"},
		{"omittable-list-checked", "length 1..5", graphql.OmittableOf([]string{}), "title: must have at least 1 items"},
		{"bound-passes", "range 0..1000", 1000, ""},
		{"past-the-bound-refused", "range 0..1000", 1001, "title: must be at most 1000"},
		{"below-the-bound-refused", "range 0..1000", n(-1), "title: must be at least 0"},
		{"matching-passes", "pattern slug", "abc", ""},
		{"not-matching-refused-with-the-pattern", "pattern slug", "Abc", "title: must match the pattern ^[a-z]+$"},
		{"not-matching-refused-with-the-message", "pattern slug with message", "a b", "title: must be a slug"},
		{"https-passes", "url", "https://docs.example/a?b=1", ""},
		{"http-passes", "url", "http://localhost:8080", ""},
		{"other-scheme-refused", "url", "ftp://files.example/x", "title: must be an absolute http or https URL"},
		{"relative-refused", "url", "/just/a/path", "title: must be an absolute http or https URL"},
		{"no-host-refused", "url", "https:///x", "title: must be an absolute http or https URL"},
		{"unparsable-refused", "url", "http://[::1", "title: must be an absolute http or https URL"},
	}
	for _, c := range cases {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			v, err := rules[c.rule](c.value)
			if c.err == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !reflect.DeepEqual(v, c.value) {
					t.Errorf("value %#v came out as %#v", c.value, v)
				}
				return
			}
			if domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessage(err) != c.err || v != nil {
				t.Fatalf("%v, %v; want INVALID %q", v, err, c.err)
			}
		})
	}
	t.Run("resolver-error-passed-through", func(t *testing.T) {
		boom := domain.Errorf(domain.CodeConflict, "boom")
		_, err := lengthRule(ctx, nil, func(context.Context) (any, error) { return "x", boom }, n(5), nil)
		if err != boom {
			t.Fatalf("%v", err)
		}
	})
}
