package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// TestDirectScanAsBun: the reads that pgx scans directly (rowscan.go)
// answer what bun's scan answers, NULLs and values alike, for every kind of
// row they read: spaces in and out of collections, with and without a
// default level, emoji or parent; site spaces with and without a condition;
// sections in and out of groups; sites, users, teams, collections and
// revisions; organizations with their default content (jsonb); the token
// read (bytea); and the nested lists' first pages.
func TestDirectScanAsBun(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	alice, err := s.EnsureUser(ctx, "alice@example.com", "Alice")
	must(err)
	org, err := s.CreateOrganization(ctx, alice.ID, "Acme", nil)
	must(err)
	_, err = s.UpdateOrganization(ctx, org.ID, store.OrganizationPatch{SetDefaultContent: true,
		DefaultContent: json.RawMessage(`{"type": "space", "space": "x", "note": "é"}`)})
	must(err)
	token, err := s.CreateToken(ctx, alice.ID)
	must(err)
	col, err := s.CreateCollection(ctx, org.ID, store.NewCollection{Title: "Guides"})
	must(err)
	edit := domain.RoleEdit
	_, err = s.UpdateCollection(ctx, col.ID, store.CollectionPatch{SetDefaultLevel: true, DefaultLevel: &edit})
	must(err)
	inCol, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "In a collection", Visibility: store.VisibilityPrivate, ParentID: &col.ID})
	must(err)
	plain, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Plain", Emoji: "1f600", Visibility: store.VisibilityPublic})
	must(err)
	read := domain.RoleRead
	_, err = s.UpdateSpace(ctx, plain.ID, store.SpacePatch{SetDefaultLevel: true, DefaultLevel: &read})
	must(err)
	gone, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Gone", Visibility: store.VisibilityPrivate})
	must(err)
	must(s.DeleteSpace(ctx, gone.ID))
	team, err := s.CreateTeam(ctx, org.ID, "Writers", []string{alice.ID})
	must(err)

	site, err := s.CreateSite(ctx, org.ID, store.NewSite{Type: "basic", Title: "Docs", Visibility: store.VisibilityPublic})
	must(err)
	sec1, err := s.AddSiteSection(ctx, site, plain.ID, "One")
	must(err)
	sec2, err := s.AddSiteSection(ctx, site, inCol.ID, "Two")
	must(err)
	_, err = s.AddSiteSection(ctx, site, plain.ID, "Three")
	must(err)
	_, err = s.AddSiteSectionGroup(ctx, site, "Group", nil, []string{sec1.ID, sec2.ID})
	must(err)
	_, err = s.SetAdaptiveSchema(ctx, site, json.RawMessage(`{"type": "object", "properties": {}}`))
	must(err)
	ss, err := s.AddSiteSpace(ctx, site, inCol.ID, &sec1.ID)
	must(err)
	cond := `visitor.claims.plan == "pro"`
	_, err = s.UpdateSiteSpace(ctx, site, ss, store.SiteSpacePatch{SetCondition: true, Condition: &cond})
	must(err)

	spaces := []string{inCol.ID, plain.ID, gone.ID, "unknown"}
	reads := map[string]func() (any, error){
		"SpacesByID":        func() (any, error) { return s.SpacesByID(ctx, spaces) },
		"SpacesForUser":     func() (any, error) { return s.SpacesForUser(ctx, alice.ID, spaces) },
		"SectionSiteSpaces": func() (any, error) { return s.SectionSiteSpaces(ctx, []string{site.ID}) },
		"GroupedSections":   func() (any, error) { return s.GroupedSections(ctx, []string{site.ID}) },
		"SitesByID":         func() (any, error) { return s.SitesByID(ctx, []string{site.ID}) },
		"UsersByID":         func() (any, error) { return s.UsersByID(ctx, []string{alice.ID}) },
		"Authenticate": func() (any, error) {
			u, _, err := s.Authenticate(ctx, token) // the hash read must match for any user to come back
			if err != nil {
				return nil, err
			}
			return []store.User{*u}, nil
		},
		"OrganizationsForUser": func() (any, error) { return s.OrganizationsForUser(ctx, alice.ID, []string{org.ID}) },
		"TeamsByID":            func() (any, error) { return s.TeamsByID(ctx, []string{team.ID}) },
		"CollectionsByID":      func() (any, error) { return s.CollectionsByID(ctx, []string{col.ID}) },
		"RevisionsByID":        func() (any, error) { return s.RevisionsByID(ctx, []string{inCol.RevisionID, plain.RevisionID}) },
		"SiteSpaces first pages": func() (any, error) {
			return store.SiteSpaces.FirstPages(ctx, s, []string{site.ID}, 10)
		},
		"SiteSections first pages": func() (any, error) {
			return store.SiteSections.FirstPages(ctx, s, []string{site.ID}, 10)
		},
	}
	for name, read := range reads {
		store.ScanWithBun(false)
		direct, err := read()
		must(err)
		store.ScanWithBun(true)
		viaBun, err := read()
		store.ScanWithBun(false)
		must(err)
		if reflect.ValueOf(direct).Len() == 0 {
			t.Errorf("%s: no rows", name)
		}
		if !reflect.DeepEqual(direct, viaBun) {
			t.Errorf("%s:\ndirect: %+v\nbun:    %+v", name, direct, viaBun)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[store.SiteSpace](), reflect.TypeFor[store.Space](), reflect.TypeFor[store.SpaceAccess](),
		reflect.TypeFor[store.SiteSection](), reflect.TypeFor[store.User](), reflect.TypeFor[store.Site](), reflect.TypeFor[store.OrganizationAccess]()} {
		if !s.ScannedDirectly(typ) {
			t.Errorf("%s rows are not scanned directly", typ)
		}
	}
}
