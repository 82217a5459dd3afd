package rest_test

import (
	"net/http"
	"slices"
	"testing"

	"folio/rest/resttest"
)

func TestSiteMovesAndGroups(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")
	var sec []string
	for _, title := range []string{"One", "Two", "Three", "Four"} {
		sec = append(sec, resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": sp, "title": title}).Expect(http.StatusCreated).JSON(), "id"))
	}
	order := func() []string { return ids(alice.Get(site + "/sections").Expect(http.StatusOK).JSON()) }
	ptr := func(id string) map[string]any { return map[string]any{"type": "site-section", "siteSection": id} }
	move := func(id string, pos map[string]any) *resttest.Response {
		return alice.Post(site+"/sections/"+id+"/move", map[string]any{"position": pos})
	}

	move(sec[3], map[string]any{"before": ptr(sec[0])}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{sec[3], sec[0], sec[1], sec[2]}) {
		t.Fatalf("after move before = %v", got)
	}
	move(sec[0], map[string]any{"after": ptr(sec[2])}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{sec[3], sec[1], sec[2], sec[0]}) {
		t.Fatalf("after move after = %v", got)
	}
	move(sec[3], map[string]any{"after": ptr(sec[1]), "before": ptr(sec[2])}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{sec[1], sec[3], sec[2], sec[0]}) {
		t.Fatalf("after move between = %v", got)
	}
	move(sec[3], map[string]any{"after": ptr(sec[1]), "before": ptr(sec[0])}).ExpectError(http.StatusBadRequest)
	move(sec[3], map[string]any{"before": ptr(sec[3])}).ExpectError(http.StatusBadRequest)
	move(sec[3], map[string]any{"before": map[string]any{"type": "site-space", "siteSection": sec[0]}}).ExpectError(http.StatusBadRequest)
	move(sec[3], map[string]any{"before": ptr("nope")}).ExpectError(http.StatusBadRequest)
	// Order is now 1 3 2 0 (by index). A group with sections 2 and 0.
	g := alice.Post(site+"/section-groups", map[string]any{"title": "Advanced", "icon": "gear", "sections": []string{sec[2], sec[0]}}).Expect(http.StatusCreated).JSON()
	gid := resttest.Str(g, "id")
	expectFields(t, g, map[string]string{"object": "site-section-group", "title": "Advanced", "icon": "gear"})
	if got := field(toMaps(g["sections"]), "id"); !slices.Equal(got, []string{sec[2], sec[0]}) {
		t.Fatalf("group sections = %v", got)
	}
	if got := field(toMaps(g["sections"]), "sectionGroup"); !slices.Equal(got, []string{gid, gid}) {
		t.Errorf("sectionGroup = %v", got)
	}
	// Move the group first, then a root section into the group (after a member).
	alice.Post(site+"/section-groups/"+gid+"/move", map[string]any{"position": map[string]any{"before": map[string]any{"type": "site-section", "id": sec[1]}}}).Expect(http.StatusOK)
	if got := order(); !slices.Equal(got, []string{sec[2], sec[0], sec[1], sec[3]}) {
		t.Fatalf("after group move = %v", got)
	}
	move(sec[3], map[string]any{"after": ptr(sec[2])}).Expect(http.StatusOK)
	groups := items(alice.Get(site + "/section-groups").Expect(http.StatusOK).JSON())
	if got := field(toMaps(groups[0]["sections"]), "id"); !slices.Equal(got, []string{sec[2], sec[3], sec[0]}) {
		t.Fatalf("group after move in = %v", got)
	}
	// Moving out of the group leaves the group consistent.
	move(sec[3], map[string]any{"after": ptr(sec[1])}).Expect(http.StatusOK)
	groups = items(alice.Get(site + "/section-groups").Expect(http.StatusOK).JSON())
	if got := field(toMaps(groups[0]["sections"]), "id"); !slices.Equal(got, []string{sec[2], sec[0]}) {
		t.Fatalf("group after move out = %v", got)
	}
	if got := order(); !slices.Equal(got, []string{sec[2], sec[0], sec[1], sec[3]}) {
		t.Fatalf("order after move out = %v", got)
	}
	// Remove and add through the group endpoints; patch; delete keeps sections.
	alice.Delete(site + "/section-groups/" + gid + "/sections/" + sec[2]).Expect(http.StatusResetContent)
	alice.Delete(site + "/section-groups/" + gid + "/sections/" + sec[1]).ExpectError(http.StatusNotFound)
	if got := order(); !slices.Equal(got, []string{sec[0], sec[2], sec[1], sec[3]}) {
		t.Fatalf("order after remove = %v", got)
	}
	alice.Post(site+"/section-groups/"+gid+"/sections", map[string]any{"sectionId": sec[1]}).Expect(http.StatusCreated)
	p := alice.Patch(site+"/section-groups/"+gid, map[string]any{"title": "Deep", "icon": nil}).Expect(http.StatusOK).JSON()
	if _, ok := p["icon"]; ok || resttest.Str(p, "title") != "Deep" {
		t.Errorf("group patch = %v", p)
	}
	alice.Delete(site + "/section-groups/" + gid).Expect(http.StatusResetContent)
	if got := order(); !slices.Equal(got, []string{sec[0], sec[1], sec[2], sec[3]}) {
		t.Fatalf("order after group delete = %v", got)
	}
	if n := resttest.Str(alice.Get(site+"/section-groups").Expect(http.StatusOK).JSON(), "count"); n != "0" {
		t.Errorf("groups left: %s", n)
	}

	// Section patch: condition unchanged when omitted, removed by null; icon, description.
	s := sec[0]
	alice.Patch(site+"/sections/"+s, map[string]any{"condition": "visitor.claims.beta == true", "icon": "book", "description": "Start"}).Expect(http.StatusOK)
	got := alice.Patch(site+"/sections/"+s, map[string]any{"title": "Renamed"}).Expect(http.StatusOK).JSON()
	expectFields(t, got, map[string]string{"condition": "visitor.claims.beta == true", "icon": "book", "description": "Start", "title": "Renamed"})
	got = alice.Patch(site+"/sections/"+s, map[string]any{"condition": nil, "icon": nil}).Expect(http.StatusOK).JSON()
	if _, ok := got["condition"]; ok || resttest.Str(got, "description") != "Start" {
		t.Errorf("after null: %v", got)
	}
	for name, cond := range map[string]any{"syntax-400": "visitor.claims.beta ==", "not-bool-400": `"text"`, "unknown-name-400": "beta == true", "empty-400": ""} {
		t.Run(name, func(t *testing.T) {
			msg := alice.In(t).Patch(site+"/sections/"+s, map[string]any{"condition": cond}).ExpectError(http.StatusBadRequest)
			if !startsWith(msg, "condition") {
				t.Errorf("message %q", msg)
			}
		})
	}

	// Site spaces keep the exact order asked, also across sections.
	b := createSpaceID(t, alice, org, map[string]any{"title": "B"})
	c := createSpaceID(t, alice, org, map[string]any{"title": "C"})
	first := ids(map[string]any{"items": toAny(toMaps(items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON())[1]["siteSpaces"]))})[0]
	ssB := resttest.Str(alice.Post(site+"/site-spaces", map[string]any{"spaceId": b, "sectionId": sec[1]}).Expect(http.StatusCreated).JSON(), "id")
	ssC := resttest.Str(alice.Post(site+"/site-spaces", map[string]any{"spaceId": c, "sectionId": sec[1]}).Expect(http.StatusCreated).JSON(), "id")
	inSection := func(i int) []string {
		return field(toMaps(items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON())[i]["siteSpaces"]), "id")
	}
	sptr := func(id string) map[string]any { return map[string]any{"type": "site-space", "siteSpace": id} }
	alice.Post(site+"/site-spaces/"+ssC+"/move", map[string]any{"position": map[string]any{"before": sptr(first)}}).Expect(http.StatusOK)
	if got := inSection(1); !slices.Equal(got, []string{ssC, first, ssB}) {
		t.Fatalf("site spaces after move = %v", got)
	}
	// The default moves to another section: the next one takes its place.
	moved := alice.Post(site+"/site-spaces/"+first+"/move", map[string]any{"position": map[string]any{"after": sptr(inSection(2)[0])}}).Expect(http.StatusOK).JSON()
	expectFields(t, moved, map[string]string{"section": sec[2], "default": "false"})
	if got := field(toMaps(items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON())[1]["siteSpaces"]), "default"); !slices.Equal(got, []string{"false", "true"}) {
		t.Errorf("defaults in the section left = %v", got)
	}
}

func toAny(ms []map[string]any) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}
