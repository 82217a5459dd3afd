package store_test

import (
	"context"
	"fmt"
	"testing"

	"folio/store"
)

// writerOrg is an organization of one user, who writes in it.
func writerOrg(tb testing.TB, s *store.Store, email, title string) (*store.User, *store.Organization) {
	tb.Helper()
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, email, "")
	if err != nil {
		tb.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, title, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return u, org
}

// editTarget is a page in a change request of its own.
type editTarget struct{ cr, page string }

// ownEditTargets gives each of n concurrent writers a page of its own to
// update, in a change request of its own (titled "edits 0", "edits 1", ...),
// so that their writes share the organization and the space but no row
// of content: what they wait on is then the store's locking and not each
// other's page.
func ownEditTargets(tb testing.TB, s *store.Store, sp *store.Space, userID string, n int, markdown string) []editTarget {
	tb.Helper()
	ctx := context.Background()
	var targets []editTarget
	for i := range n {
		cr, err := s.CreateChangeRequest(ctx, sp, userID, fmt.Sprint("edits ", i))
		if err != nil {
			tb.Fatal(err)
		}
		md := markdown
		res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, []store.PageChange{{Operation: store.OpInsertPage, Markdown: &md}})
		if err != nil {
			tb.Fatal(err)
		}
		targets = append(targets, editTarget{cr.ID, res.Changes[0].Page})
	}
	return targets
}
