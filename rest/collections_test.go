package rest_test

import (
	"net/http"
	"slices"
	"sync"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

func spacePtr(id string) map[string]any { return map[string]any{"type": "space", "space": id} }

func TestCollectionLifecycle(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")

	r := alice.Post("/v1/orgs/"+org+"/collections", map[string]any{"title": "Docs", "description": "All docs"}).Expect(http.StatusCreated)
	col := r.JSON()
	id := resttest.Str(col, "id")
	if r.Header.Get("Location") != "http://folio.test/v1/collections/"+id {
		t.Errorf("Location = %q", r.Header.Get("Location"))
	}
	expectFields(t, col, map[string]string{"object": "collection", "title": "Docs", "description": "All docs", "organization": org,
		"urls.location": "http://folio.test/v1/collections/" + id, "permissions.admin": "true", "permissions.create": "true"})
	if v, ok := col["defaultLevel"]; !ok || v != nil {
		t.Errorf("defaultLevel must be present and null: %v", col)
	}
	child := createCollection(t, alice, org, map[string]any{"title": "API", "parent": id})
	expectFields(t, alice.Get("/v1/collections/"+child).Expect(http.StatusOK).JSON(), map[string]string{"parent": id, "title": "API"})

	got := alice.Patch("/v1/collections/"+id, map[string]any{"title": "Manuals", "description": nil, "defaultLevel": "edit"}).Expect(http.StatusOK).JSON()
	expectFields(t, got, map[string]string{"title": "Manuals", "description": "", "defaultLevel": "edit"})

	nested := alice.Get("/v1/orgs/" + org + "/collections").Expect(http.StatusOK).JSON()
	if !slices.Equal(ids(nested), []string{id, child}) {
		t.Errorf("nested list = %v", ids(nested))
	}
	top := alice.Get("/v1/orgs/" + org + "/collections?nested=false").Expect(http.StatusOK).JSON()
	if !slices.Equal(ids(top), []string{id}) {
		t.Errorf("top-level list = %v", ids(top))
	}

	// Delete: the collection and its sub-collections go; their spaces are
	// deleted (restorable, back at the top level).
	inTop := createSpaceID(t, alice, org, map[string]any{"parent": id})
	inChild := createSpaceID(t, alice, org, map[string]any{"parent": child, "visibility": "public"})
	outside := createSpaceID(t, alice, org, map[string]any{})
	alice.Delete("/v1/collections/" + id).Expect(http.StatusResetContent)
	alice.Get("/v1/collections/" + id).ExpectError(http.StatusNotFound)
	alice.Get("/v1/collections/" + child).ExpectError(http.StatusNotFound)
	alice.Get("/v1/spaces/" + inTop).ExpectError(http.StatusNotFound)
	alice.Get("/v1/spaces/" + inChild).ExpectError(http.StatusNotFound)
	alice.Get("/v1/spaces/" + outside).Expect(http.StatusOK)
	restored := alice.Post("/v1/spaces/"+inTop+"/restore", nil).Expect(http.StatusOK).JSON()
	if resttest.Str(restored, "parent") != "" || resttest.Str(restored, "visibility") != "private" {
		t.Errorf("restored space = %v, want top level and private", restored)
	}
	expectFields(t, alice.Post("/v1/spaces/"+inChild+"/restore", nil).Expect(http.StatusOK).JSON(), map[string]string{"visibility": "public"})
	if n := resttest.Str(alice.Get("/v1/orgs/"+org+"/collections").JSON(), "count"); n != "0" {
		t.Errorf("collections left: %s", n)
	}
}

func TestPermissions(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	col := createCollection(t, alice, org, map[string]any{"title": "Docs"})
	sp := createSpaceID(t, alice, org, map[string]any{"parent": col})
	root := createSpaceID(t, alice, org, map[string]any{})

	users := map[string]*resttest.Client{"admin": alice}
	for _, r := range []domain.Role{domain.RoleRead, domain.RoleComment, domain.RoleEdit, domain.RoleCreate} {
		users[string(r)] = member(t, srv, org, string(r)+"@example.com", rolePtr(r))
	}
	guest := member(t, srv, org, "guest@example.com", nil)
	want := map[string]map[string]string{
		"read":    {"view": "true", "comment": "false", "edit": "false", "admin": "false", "review": "false"},
		"comment": {"view": "true", "comment": "true", "edit": "false", "admin": "false"},
		"edit":    {"view": "true", "comment": "true", "edit": "true", "merge": "true", "review": "true", "admin": "false"},
		"create":  {"edit": "true", "admin": "false"},
		"admin":   {"edit": "true", "admin": "true", "viewInviteLinks": "true"},
	}
	for name, perms := range want {
		body := users[name].Get("/v1/spaces/" + sp).Expect(http.StatusOK).JSON()
		for k, v := range perms {
			if got := resttest.Str(body, "permissions."+k); got != v {
				t.Errorf("%s: permissions.%s = %s, want %s", name, k, got, v)
			}
		}
	}
	expectFields(t, users["create"].Get("/v1/collections/"+col).Expect(http.StatusOK).JSON(),
		map[string]string{"permissions.create": "true", "permissions.admin": "false"})

	// Every write checks the effective role.
	for _, name := range []string{"read", "comment", "edit", "create"} {
		c := users[name].In(t)
		c.Patch("/v1/spaces/"+sp, map[string]any{"title": "x"}).ExpectError(http.StatusForbidden)
		c.Delete("/v1/spaces/" + sp).ExpectError(http.StatusForbidden)
		c.Post("/v1/spaces/"+sp+"/move", map[string]any{"parent": nil}).ExpectError(http.StatusForbidden)
		c.Patch("/v1/collections/"+col, map[string]any{"title": "x"}).ExpectError(http.StatusForbidden)
		c.Delete("/v1/collections/" + col).ExpectError(http.StatusForbidden)
		c.Post("/v1/collections/"+col+"/move", map[string]any{"parent": nil}).ExpectError(http.StatusForbidden)
		c.Post("/v1/orgs/"+org+"/custom-fields", map[string]any{"name": "x", "type": "text"}).ExpectError(http.StatusForbidden)
	}
	for _, name := range []string{"read", "comment", "edit"} {
		users[name].Post("/v1/orgs/"+org+"/spaces", map[string]any{}).ExpectError(http.StatusForbidden)
		users[name].Post("/v1/orgs/"+org+"/collections", map[string]any{}).ExpectError(http.StatusForbidden)
	}
	users["create"].Post("/v1/orgs/"+org+"/spaces", map[string]any{"parent": col}).Expect(http.StatusCreated)
	users["create"].Post("/v1/spaces/"+sp+"/duplicate", nil).Expect(http.StatusCreated)

	// A guest sees nothing until a default level opens content to them.
	guest.Get("/v1/spaces/" + sp).ExpectError(http.StatusNotFound)
	guest.Get("/v1/collections/" + col).ExpectError(http.StatusNotFound)
	if n := resttest.Str(guest.Get("/v1/orgs/"+org+"/spaces").Expect(http.StatusOK).JSON(), "count"); n != "0" {
		t.Errorf("guest lists %s spaces", n)
	}
	// The collection's level flows to its spaces...
	alice.Patch("/v1/collections/"+col, map[string]any{"defaultLevel": "edit"}).Expect(http.StatusOK)
	expectFields(t, guest.Get("/v1/spaces/"+sp).Expect(http.StatusOK).JSON(), map[string]string{"permissions.edit": "true", "permissions.admin": "false"})
	expectFields(t, users["read"].Get("/v1/spaces/"+sp).Expect(http.StatusOK).JSON(), map[string]string{"permissions.edit": "true"})
	guest.Get("/v1/spaces/" + root).ExpectError(http.StatusNotFound)
	guest.Post("/v1/orgs/"+org+"/spaces", map[string]any{"parent": col}).ExpectError(http.StatusForbidden)
	// ...unless the space sets its own; the organization role still counts (highest wins).
	alice.Patch("/v1/spaces/"+sp, map[string]any{"defaultLevel": "read"}).Expect(http.StatusOK)
	expectFields(t, guest.Get("/v1/spaces/"+sp).Expect(http.StatusOK).JSON(), map[string]string{"permissions.view": "true", "permissions.edit": "false"})
	expectFields(t, users["comment"].Get("/v1/spaces/"+sp).Expect(http.StatusOK).JSON(), map[string]string{"permissions.comment": "true", "permissions.edit": "false"})
	// A nested collection inherits from its parent.
	sub := createCollection(t, alice, org, map[string]any{"parent": col})
	inSub := createSpaceID(t, alice, org, map[string]any{"parent": sub})
	expectFields(t, guest.Get("/v1/spaces/"+inSub).Expect(http.StatusOK).JSON(), map[string]string{"permissions.edit": "true"})
	alice.Patch("/v1/collections/"+col, map[string]any{"defaultLevel": "admin"}).Expect(http.StatusOK)
	guest.Patch("/v1/spaces/"+inSub, map[string]any{"title": "Mine"}).Expect(http.StatusOK)
	if n := resttest.Str(guest.Get("/v1/orgs/"+org+"/spaces").JSON(), "count"); n != "4" {
		t.Errorf("guest lists %s spaces, want the 4 in the collections", n)
	}

	// Outsiders get 404 on everything.
	outsider := srv.User("mallory@example.com")
	outsider.Get("/v1/spaces/" + sp).ExpectError(http.StatusNotFound)
	outsider.Get("/v1/collections/" + col).ExpectError(http.StatusNotFound)
	outsider.Delete("/v1/spaces/" + sp).ExpectError(http.StatusNotFound)
	srv.Anonymous().Get("/v1/spaces/" + sp).ExpectError(http.StatusUnauthorized)
}

func TestMoves(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	col := createCollection(t, alice, org, map[string]any{"title": "Docs"})
	var s []string
	for range 4 {
		s = append(s, createSpaceID(t, alice, org, map[string]any{"parent": col}))
	}
	order := func() []string {
		return ids(alice.Get("/v1/collections/" + col + "/spaces").Expect(http.StatusOK).JSON())
	}
	positions := func() map[string]string {
		out := map[string]string{}
		rows, err := srv.Store.SpacesByID(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			out[r.ID] = r.Position
		}
		return out
	}
	before := positions()
	// To the start.
	alice.Post("/v1/spaces/"+s[3]+"/move", map[string]any{"position": map[string]any{"before": spacePtr(s[0])}}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{s[3], s[0], s[1], s[2]}) {
		t.Fatalf("start: %v, from %v, positions %v", got, s, positions())
	}
	after := positions()
	for _, id := range s[:3] {
		if before[id] != after[id] {
			t.Errorf("sibling %s was rewritten", id)
		}
	}
	// Into the middle.
	alice.Post("/v1/spaces/"+s[2]+"/move", map[string]any{"position": map[string]any{"after": spacePtr(s[3])}}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{s[3], s[2], s[0], s[1]}) {
		t.Fatalf("middle: %v", got)
	}
	// Between two adjacent siblings.
	alice.Post("/v1/spaces/"+s[1]+"/move", map[string]any{"position": map[string]any{"after": spacePtr(s[3]), "before": spacePtr(s[2])}}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{s[3], s[1], s[2], s[0]}) {
		t.Fatalf("between: %v", got)
	}
	msg := alice.Post("/v1/spaces/"+s[1]+"/move", map[string]any{"position": map[string]any{"after": spacePtr(s[3]), "before": spacePtr(s[0])}}).ExpectError(http.StatusBadRequest)
	if msg == "" {
		t.Error("non-adjacent pair accepted")
	}
	// To the end (no position).
	alice.Post("/v1/spaces/"+s[3]+"/move", map[string]any{"parent": col}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{s[1], s[2], s[0], s[3]}) {
		t.Fatalf("end: %v", got)
	}
	// Out of the collection: in-collection becomes private at the top level.
	moved := alice.Post("/v1/spaces/"+s[0]+"/move", map[string]any{"parent": nil}).Expect(http.StatusOK).JSON()
	if resttest.Str(moved, "parent") != "" || resttest.Str(moved, "visibility") != "private" {
		t.Errorf("moved out = %v", moved)
	}
	if got := order(); !slices.Equal(got, []string{s[1], s[2], s[3]}) {
		t.Fatalf("after leaving: %v", got)
	}
	// A pointer in another parent is refused.
	alice.Post("/v1/spaces/"+s[1]+"/move", map[string]any{"parent": nil, "position": map[string]any{"before": spacePtr(s[2])}}).ExpectError(http.StatusBadRequest)

	// Collections: nested moves, and no cycles.
	a := createCollection(t, alice, org, map[string]any{"title": "A"})
	b := createCollection(t, alice, org, map[string]any{"title": "B", "parent": a})
	c := createCollection(t, alice, org, map[string]any{"title": "C", "parent": b})
	for _, target := range []string{a, b, c} {
		alice.Post("/v1/collections/"+a+"/move", map[string]any{"parent": target}).ExpectError(http.StatusBadRequest)
	}
	got := alice.Post("/v1/collections/"+c+"/move", map[string]any{"parent": col}).Expect(http.StatusOK).JSON()
	expectFields(t, got, map[string]string{"parent": col})
	alice.Post("/v1/collections/"+a+"/move", map[string]any{"parent": c}).Expect(http.StatusOK)
	// A collection placed among spaces: before the first space of col.
	alice.Post("/v1/collections/"+a+"/move", map[string]any{"position": map[string]any{"before": spacePtr(s[1])}}).Expect(http.StatusOK)
	expectFields(t, alice.Get("/v1/collections/"+a).JSON(), map[string]string{"parent": col})
	res := alice.GraphQL(`query($id: ID!) { collection(id: $id) { collections { items { id } count } } }`, map[string]any{"id": col})
	if want := `{"collection":{"collections":{"items":[{"id":"` + a + `"},{"id":"` + c + `"}],"count":2}}}`; string(res.Data) != want {
		t.Errorf("children of col = %s, want %s (%v)", res.Data, want, res.Errors)
	}
}

func TestConcurrentMoves(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	col := createCollection(t, alice, org, map[string]any{})
	var s []string
	for range 8 {
		s = append(s, createSpaceID(t, alice, org, map[string]any{"parent": col}))
	}
	var wg sync.WaitGroup
	statuses := make(chan int, 64)
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mover, anchor := s[i%8], s[(i*3+1)%8]
			if mover == anchor {
				anchor = s[(i+1)%8]
			}
			key := "before"
			if i%2 == 0 {
				key = "after"
			}
			statuses <- alice.In(t).Post("/v1/spaces/"+mover+"/move", map[string]any{"position": map[string]any{key: spacePtr(anchor)}}).Status
		}()
	}
	wg.Wait()
	close(statuses)
	for st := range statuses {
		if st != http.StatusOK {
			t.Errorf("concurrent move answered %d", st)
		}
	}
	got := ids(alice.Get("/v1/collections/" + col + "/spaces").Expect(http.StatusOK).JSON())
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	want := slices.Clone(s)
	slices.Sort(want)
	if !slices.Equal(sorted, want) {
		t.Fatalf("spaces lost or duplicated: %v", got)
	}
	rows, _ := srv.Store.SpacesByID(t.Context(), s)
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r.Position] {
			t.Errorf("duplicate position %q", r.Position)
		}
		seen[r.Position] = true
	}
}

func TestTransfer(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	src := createOrg(t, alice, "Acme")
	dst := createOrg(t, alice, "Beta")
	bob := srv.User("bob@example.com")
	foreign := createOrg(t, bob, "Bob's")
	editorElsewhere := createOrg(t, bob, "Shared")
	if _, err := srv.Store.AddMember(t.Context(), srv.Store.DB, editorElsewhere, alice.UserID, rolePtr(domain.RoleEdit)); err != nil {
		t.Fatal(err)
	}
	col := createCollection(t, alice, src, map[string]any{"title": "Docs"})
	createCollection(t, alice, src, map[string]any{"parent": col})
	sp := createSpaceID(t, alice, src, map[string]any{"parent": col, "title": "Guide"})
	loose := createSpaceID(t, alice, src, map[string]any{"title": "Loose"})
	target := createCollection(t, alice, dst, map[string]any{"title": "Inbox"})

	alice.Post("/v1/spaces/"+loose+"/transfer", map[string]any{"organization": foreign}).ExpectError(http.StatusBadRequest)
	alice.Post("/v1/spaces/"+loose+"/transfer", map[string]any{"organization": editorElsewhere}).ExpectError(http.StatusForbidden)
	alice.Post("/v1/spaces/"+loose+"/transfer", map[string]any{}).ExpectError(http.StatusBadRequest)
	reader := member(t, srv, src, "reader@example.com", rolePtr(domain.RoleRead))
	reader.Post("/v1/spaces/"+loose+"/transfer", map[string]any{"organization": dst}).ExpectError(http.StatusForbidden)
	alice.Post("/v1/spaces/"+loose+"/transfer", map[string]any{"organization": dst, "collection": col}).ExpectError(http.StatusBadRequest)

	moved := alice.Post("/v1/spaces/"+loose+"/transfer", map[string]any{"organization": dst, "collection": target}).Expect(http.StatusOK).JSON()
	expectFields(t, moved, map[string]string{"organization": dst, "parent": target, "title": "Loose"})
	reader.Get("/v1/spaces/" + loose).ExpectError(http.StatusNotFound)

	got := alice.Post("/v1/collections/"+col+"/transfer", map[string]any{"organization": dst}).Expect(http.StatusOK).JSON()
	expectFields(t, got, map[string]string{"organization": dst, "parent": ""})
	expectFields(t, alice.Get("/v1/spaces/"+sp).Expect(http.StatusOK).JSON(), map[string]string{"organization": dst, "parent": col})
	if n := resttest.Str(alice.Get("/v1/orgs/"+src+"/collections").JSON(), "count"); n != "0" {
		t.Errorf("source still has %s collections", n)
	}
	if n := resttest.Str(alice.Get("/v1/orgs/"+dst+"/collections").JSON(), "count"); n != "3" {
		t.Errorf("target has %s collections, want 3", n)
	}
	alice.Post("/v1/collections/"+col+"/transfer", map[string]any{"organization": editorElsewhere}).ExpectError(http.StatusForbidden)
}
