package graph

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"folio/graph/generated"
	"folio/graph/gqlruntime"
	"folio/graph/model"
	"folio/store"
)

// spaceRoot answers Query.space with a space made by the test, so that
// the generated code meets values the store never answers (a zero time,
// text to charge) through Folio's own executor set-up: its field
// middleware (the page-tree cache in front of the result budget), limits
// and error presenter.
type spaceRoot struct {
	*Resolver
	space *model.Space
}

func (r spaceRoot) Query() generated.QueryResolver {
	return spaceQuery{&queryResolver{r.Resolver}, r.space}
}

type spaceQuery struct {
	*queryResolver
	space *model.Space
}

func (q spaceQuery) Space(context.Context, string, *string) (*model.Space, error) {
	return q.space, nil
}

// TestPlainFieldsAnswerAsResolveField: an operation answers the same
// bytes, errors and nulls with plain fields answered in place
// (gqlruntime.Plain*) as with every field through ResolveField and the
// field middleware, on values that take each of a plain field's ways:
// short text, text the budget charges (and overdraws), text to escape,
// nulls, a zero time where the schema forbids null (an error on the
// field's path) and one where it allows it,
// numbers, fields read by a method, and plain object fields.
func TestPlainFieldsAnswerAsResolveField(t *testing.T) {
	const fields = `id title emoji visibility createdAt updatedAt deletedAt editMode organization parent revisionId comments changeRequests changeRequestsOpen`
	// urls and permissions are plain object fields (gqlruntime.PlainObjectContext).
	query := `query { a: space(id: "s") { ` + fields + ` } b: space(id: "s") { title urls { location app published } } c: space(id: "s") { id deletedAt parent permissions { view admin } } }`
	now := time.Date(2026, 11, 28, 12, 30, 5, 123456789, time.FixedZone("", 3600))
	var zero time.Time
	parent := "parent-space"
	base := store.Space{
		ID: "space-1", OrganizationID: "org-1", Title: "Docs", Emoji: "📘", Visibility: store.VisibilityPrivate,
		EditMode: store.EditLive, RevisionID: "rev-1", Comments: 3, ChangeRequests: 250, ChangeRequestsOpen: -1,
		CreatedAt: now, UpdatedAt: now.Add(time.Hour),
	}
	cases := []struct {
		name  string
		edit  func(s *store.Space)
		check func(t *testing.T, body string) // what the answer must show, besides being the same
	}{
		{"short text, numbers, times", func(*store.Space) {}, func(t *testing.T, body string) {
			if !strings.Contains(body, `"title":"Docs","emoji":"📘"`) || !strings.Contains(body, `"comments":3,"changeRequests":250,"changeRequestsOpen":-1`) ||
				!strings.Contains(body, `"createdAt":"2026-11-28T12:30:05.123456789+01:00"`) || !strings.Contains(body, `"deletedAt":null`) {
				t.Errorf("answer %s", body)
			}
		}},
		{"text to escape", func(s *store.Space) { s.Title = "a \"quoted\" \\ title\n\twith\x01 controls"; s.Emoji = "\xff" }, func(t *testing.T, body string) {
			if !strings.Contains(body, `"title":"a \"quoted\" \\ title\n\twith\u0001 controls"`) {
				t.Errorf("answer %s", body)
			}
		}},
		{"text the budget charges, over it", func(s *store.Space) { s.Title = strings.Repeat("T", 300) }, func(t *testing.T, body string) {
			if !strings.Contains(body, CodeResultTooLarge) {
				t.Errorf("two titles of 300 bytes against 500 not refused: %s", body)
			}
		}},
		{"text the budget charges, within it", func(s *store.Space) { s.Title = strings.Repeat("T", 100) }, func(t *testing.T, body string) {
			if strings.Contains(body, `"errors"`) {
				t.Errorf("two titles of 100 bytes against 500 refused: %s", body)
			}
		}},
		{"a parent and a deletion", func(s *store.Space) { s.ParentID = &parent; d := now; s.DeletedAt = &d }, func(t *testing.T, body string) {
			if !strings.Contains(body, `"parent":"parent-space"`) || !strings.Contains(body, `"deletedAt":"2026-11-28T12:30:05.123456789+01:00"`) {
				t.Errorf("answer %s", body)
			}
		}},
		{"a zero deletion time, null", func(s *store.Space) { s.DeletedAt = &zero }, func(t *testing.T, body string) {
			if !strings.Contains(body, `"deletedAt":null`) {
				t.Errorf("answer %s", body)
			}
		}},
		// The marshaller's null for a DateTime! is an internal error (the
		// store never answers one), reported on the field's path.
		{"a zero creation time, where null is refused", func(s *store.Space) { s.CreatedAt = zero }, func(t *testing.T, body string) {
			if !strings.Contains(body, `"path":["a","createdAt"]`) || !strings.Contains(body, `"INTERNAL"`) {
				t.Errorf("no error on the field: %s", body)
			}
		}},
	}
	defer gqlruntime.SetPlainFields(true)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := base
			c.edit(&s)
			space := model.NewSpace("https://folio.test", &s, model.Access{})
			var answers [2]string
			for i, on := range []bool{false, true} {
				gqlruntime.SetPlainFields(on)
				r := &Resolver{Limits: Limits{MaxResultBytes: 500}}
				es := generated.NewExecutableSchema(generated.Config{Resolvers: spaceRoot{r, &space}, Directives: Directives()})
				r.trees = newTreeCache(es)
				e := NewExecutor(r, es)
				ctx := graphql.StartOperationTrace(WithViewer(context.Background(), &store.User{ID: "viewer"}))
				oc, errs := e.CreateOperationContext(ctx, &graphql.RawParams{Query: query})
				if errs != nil {
					t.Fatal(errs)
				}
				h, ctx := e.DispatchOperation(ctx, oc)
				body, err := json.Marshal(h(ctx))
				if err != nil {
					t.Fatal(err)
				}
				answers[i] = string(body)
			}
			if answers[0] != answers[1] {
				t.Fatalf("through ResolveField:\n%s\nplain fields in place:\n%s", answers[0], answers[1])
			}
			c.check(t, answers[1])
		})
	}
}
