package store_test

import (
	"context"
	"fmt"
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// TestReadsWithParameters: the reads every request makes send their values
// as parameters, so reading other objects runs the same statement, which
// PostgreSQL planned once (see store/params.go). With the values written
// into the text, each object read was a statement of its own.
func TestReadsWithParameters(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	// One connection: the prepared statements looked at below are the
	// reads' own (they are per connection).
	s.DB.DB.SetMaxOpenConns(1)

	alice, err := s.EnsureUser(ctx, "alice@example.com", "Alice")
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.CreateToken(ctx, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	var orgs, spaces []string
	for i := range 3 {
		org, err := s.CreateOrganization(ctx, alice.ID, fmt.Sprintf("Org %d", i), nil)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Docs", Visibility: store.VisibilityPrivate})
		if err != nil {
			t.Fatal(err)
		}
		orgs, spaces = append(orgs, org.ID), append(spaces, sp.ID)
	}
	for i := range 3 {
		if u, err := s.Authenticate(ctx, token); err != nil || u.ID != alice.ID {
			t.Fatalf("Authenticate = %v, %v; want alice", u, err)
		}
		if got, err := s.OrganizationsForUser(ctx, alice.ID, []string{orgs[i]}); err != nil || len(got) != 1 || got[0].ID != orgs[i] {
			t.Fatalf("OrganizationsForUser(%s) = %v, %v", orgs[i], got, err)
		}
		if got, err := s.SpacesForUser(ctx, alice.ID, []string{spaces[i]}); err != nil || len(got) != 1 || got[0].ID != spaces[i] || !got[0].ViewerMember {
			t.Fatalf("SpacesForUser(%s) = %v, %v", spaces[i], got, err)
		}
		if got, err := s.SpacesByID(ctx, []string{spaces[i]}); err != nil || len(got) != 1 || got[0].ID != spaces[i] {
			t.Fatalf("SpacesByID(%s) = %v, %v", spaces[i], got, err)
		}
	}
	// Several ids at once, unknown ones absent.
	if got, err := s.SpacesByID(ctx, append([]string{"nope"}, spaces...)); err != nil || len(got) != 3 {
		t.Fatalf("SpacesByID(all) = %d spaces, %v; want 3", len(got), err)
	}
	if got, err := s.OrganizationsForUser(ctx, "someone-else", orgs); err != nil || len(got) != 0 {
		t.Fatalf("OrganizationsForUser(stranger) = %v, %v; want none", got, err)
	}
	if _, err := s.Authenticate(ctx, store.TokenPrefix+"unknown"); store.ErrorCode(err) != store.CodeUnauthenticated {
		t.Fatalf("Authenticate(unknown) = %v, want UNAUTHENTICATED", err)
	}

	for _, c := range []struct {
		table string
		reads int
	}{{"api_tokens", 4}, {"organizations", 4}, {"spaces", 7}} {
		rows, err := s.DB.QueryContext(ctx, `SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
			WHERE statement LIKE '%$1%' AND (statement LIKE '%FROM "' || ? || '"%' OR statement LIKE '%FROM ' || ? || ' AS%')`, c.table, c.table)
		if err != nil {
			t.Fatal(err)
		}
		statements, runs := 0, int64(0)
		for rows.Next() {
			var text string
			var generic, custom int64
			if err := rows.Scan(&text, &generic, &custom); err != nil {
				t.Fatal(err)
			}
			statements++
			runs += generic
			if custom != 0 {
				t.Errorf("%s: %d custom plans, want the generic plan each time", text, custom)
			}
		}
		rows.Close()
		// spaces: SpacesForUser's and SpacesByID's.
		want := 1
		if c.table == "spaces" {
			want = 2
		}
		if statements != want || runs != int64(c.reads) {
			t.Errorf("reads of %s: %d statements run %d times; want %d run %d times", c.table, statements, runs, want, c.reads)
		}
	}
}
