package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// TestStatementsWithParameters: the statements every request runs (the
// token, the rate limit's count) and the reads by ids send their values as
// parameters, so reading other objects runs the same statement, which
// PostgreSQL planned once (see store/params.go). With the values written
// into the text, each object read was a statement of its own.
func TestStatementsWithParameters(t *testing.T) {
	s := pgtest.New(t)
	if s.Pooler() {
		t.Skip("behind PgBouncer nothing is prepared by name (TestPgBouncer checks that none is)")
	}
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
		if u, _, err := s.Authenticate(ctx, token); err != nil || u.ID != alice.ID {
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
	if _, _, err := s.Authenticate(ctx, store.TokenPrefix+"unknown"); domain.ErrorCode(err) != domain.CodeUnauthenticated {
		t.Fatalf("Authenticate(unknown) = %v, want UNAUTHENTICATED", err)
	}

	// Nested lists: a batch of parents is one statement whatever the
	// parents, with one id column; two columns write their values in.
	for i := range 3 {
		team, err := s.CreateTeam(ctx, orgs[i], "Writers", []string{alice.ID})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := store.TeamMembers.FirstPages(ctx, s, []string{team.ID}, 10)
		if err != nil || len(rows) != 1 || rows[0].UserID != alice.ID {
			t.Fatalf("TeamMembers.FirstPages = %v, %v; want alice", rows, err)
		}
		if n, err := store.TeamMembers.Counts(ctx, s, []string{team.ID}); err != nil || n[team.ID] != 1 {
			t.Fatalf("TeamMembers.Counts = %v, %v; want 1", n, err)
		}
		key := store.MemberKey{OrganizationID: orgs[i], UserID: alice.ID}
		if n, err := store.MemberTeams.Counts(ctx, s, []store.MemberKey{key}); err != nil || n[key] != 1 {
			t.Fatalf("MemberTeams.Counts = %v, %v; want 1", n, err)
		}
	}

	// The rate limit's count, for three callers.
	for i := range 3 {
		if w, err := s.HitRateLimit(ctx, fmt.Sprintf("token:%d", i), time.Minute, 2); err != nil || w.Count != 2 {
			t.Fatalf("HitRateLimit = %+v, %v; want a count of 2", w, err)
		}
	}

	for _, c := range []struct {
		name       string
		like       string
		statements int
		runs       int64
	}{
		{"the token", `%FROM api_tokens AS t%= $1%`, 1, 4},
		{"organizations", `%FROM "organizations"%= ANY($%`, 1, 4},
		{"spaces (SpacesForUser, SpacesByID)", `%FROM "spaces"%= ANY($%`, 2, 7},
		{"team members (first pages, counts)", `%FROM "team_members" AS "tm"%tm.team_id = ANY($1%`, 2, 6},
		{"the rate limit's count", `INSERT INTO rate_limits%$1%`, 1, 3},
	} {
		statements, runs := preparedStatements(t, s, c.like)
		if statements != c.statements || runs != c.runs {
			t.Errorf("reads of %s: %d statements run %d times; want %d run %d times", c.name, statements, runs, c.statements, c.runs)
		}
	}
	if statements, _ := preparedStatements(t, s, `%FROM "team_members" AS "tm"%(tm.organization_id, tm.user_id) IN%`); statements != 3 {
		t.Errorf("MemberTeams.Counts of 3 members: %d statements, want 3 (its tuples are written in)", statements)
	}
}

// preparedStatements counts the statements with parameters prepared on s's
// connection whose text is like pattern, and how often they ran; each must
// have run with its generic plan.
func preparedStatements(t *testing.T, s *store.Store, pattern string) (statements int, runs int64) {
	t.Helper()
	rows, err := s.DB.QueryContext(context.Background(), `SELECT statement, generic_plans, custom_plans
		FROM pg_prepared_statements WHERE statement LIKE ? AND statement NOT LIKE '%pg_prepared_statements%'`, pattern)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
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
	return statements, runs
}

// TestReadAfterLargerRead: a read by ids that follows a larger run of the
// same read (which starts it with the larger run's room) answers its own
// rows only, each once.
func TestReadAfterLargerRead(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	alice, err := s.EnsureUser(ctx, "alice@example.com", "Alice")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, alice.ID, "Acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 300 {
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("Space ", i), Visibility: store.VisibilityPrivate})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, sp.ID)
	}
	read := func(ids []string) map[string]int {
		got, err := s.SpacesByID(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, sp := range got {
			seen[sp.ID]++
		}
		if len(got) != len(seen) {
			t.Errorf("SpacesByID(%d ids): %d rows for %d spaces", len(ids), len(got), len(seen))
		}
		return seen
	}
	for _, n := range []int{300, 2, 300, 1} {
		seen := read(ids[:n])
		if len(seen) != n {
			t.Errorf("SpacesByID(%d ids) = %d spaces", n, len(seen))
		}
		for _, id := range ids[:n] {
			if seen[id] != 1 {
				t.Errorf("SpacesByID(%d ids): space %s read %d times", n, id, seen[id])
			}
		}
	}
}
