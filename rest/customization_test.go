package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/reader"
	"folio/rest/resttest"
	"folio/store"
)

// customizedSettings is a PUT body setting what the reader shows.
func customizedSettings() map[string]any {
	ref := func(u string) map[string]any { return map[string]any{"kind": "url", "url": u} }
	return map[string]any{
		"title":   "Acme Handbook",
		"styling": map[string]any{"primaryColor": map[string]any{"light": "#D9480F", "dark": "#FF8787"}, "corners": "straight", "font": "Lato"},
		"header": map[string]any{
			"logo": map[string]any{"light": "https://cdn.example.com/logo.png", "dark": "https://cdn.example.com/logo-dark.png"},
			"links": []any{
				map[string]any{"title": "Status", "to": ref("https://status.example.com"), "links": []any{}},
				map[string]any{"title": "Sign up", "style": "button-primary", "to": ref("https://example.com/signup"), "links": []any{}},
			},
		},
		"footer": map[string]any{
			"logo":      map[string]any{"light": "https://cdn.example.com/foot.png", "dark": "https://cdn.example.com/foot-dark.png"},
			"copyright": "© 2026 Acme Inc.",
			"groups": []any{map[string]any{"title": "Company", "links": []any{
				map[string]any{"title": "About us", "to": ref("https://example.com/about")},
				map[string]any{"title": "Write to us", "to": ref("mailto:hello@example.com")}}}},
		},
		"favicon":              map[string]any{"emoji": "🚀"},
		"themes":               map[string]any{"default": "dark", "toggeable": false},
		"internationalization": map[string]any{"locale": "fr"},
		"pagination":           map[string]any{"enabled": false},
		"trademark":            map[string]any{"enabled": true},
	}
}

func TestSiteCustomization(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	editor := member(t, srv, org, "editor@example.com", rolePtr(domain.RoleEdit))
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	stranger := srv.User("stranger@example.com")
	strangerOrg := createOrg(t, stranger, "Other")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "spaces": []string{sp}}), "id")
	site := sitesPath(org) + "/" + id
	path := site + "/customization"

	// Defaults: GitBook's, with the site's title and no updatedAt.
	def := reader.Get(path).Expect(http.StatusOK).JSON()
	expectFields(t, def, map[string]string{"title": "Docs", "styling.primaryColor.light": "#346DDB", "styling.corners": "rounded",
		"themes.default": "system", "pagination.enabled": "true", "internationalization.locale": "en", "footer.groups": "[]"})
	if _, ok := def["updatedAt"]; ok {
		t.Errorf("updatedAt before any PUT: %v", def["updatedAt"])
	}

	// PUT replaces; GET reads back what was set over the defaults.
	put := alice.Put(path, customizedSettings()).Expect(http.StatusOK).JSON()
	got := alice.Get(path).Expect(http.StatusOK).JSON()
	for _, b := range []map[string]any{put, got} {
		expectFields(t, b, map[string]string{"title": "Acme Handbook", "styling.primaryColor.light": "#D9480F", "styling.corners": "straight",
			"styling.font": "Lato", "styling.depth": "subtle", "header.logo.dark": "https://cdn.example.com/logo-dark.png",
			"footer.copyright": "© 2026 Acme Inc.", "favicon.emoji": "🚀", "themes.default": "dark", "pagination.enabled": "false"})
		if resttest.Str(b, "updatedAt") == "" {
			t.Errorf("no updatedAt after PUT: %v", b)
		}
	}
	// A GET body can be sent back as is; unset settings revert to defaults.
	alice.Put(path, got).Expect(http.StatusOK)
	alice.Put(path, map[string]any{"title": "Docs again"}).Expect(http.StatusOK)
	expectFields(t, alice.Get(path).Expect(http.StatusOK).JSON(), map[string]string{"title": "Docs again", "styling.corners": "rounded", "pagination.enabled": "true"})

	// Validation: each refusal names the setting.
	bad := []struct {
		name string
		body any
		want string
	}{
		{"colour-400", map[string]any{"styling": map[string]any{"primaryColor": map[string]any{"light": "red", "dark": "#000"}}}, "styling: primaryColor: light: must be a hex colour"},
		{"url-400", map[string]any{"header": map[string]any{"logo": map[string]any{"light": "javascript:alert(1)", "dark": "https://x.example/a.png"}}}, "must be an absolute http or https URL"},
		{"enum-400", map[string]any{"styling": map[string]any{"corners": "wavy"}}, "corners: must be one of straight, rounded, circular"},
		{"length-400", map[string]any{"title": strings.Repeat("x", 129)}, "title: must be 2 to 128 characters long"},
		{"unknown-400", map[string]any{"colour": "#fff"}, `"colour" is not a customization setting`},
		{"required-400", map[string]any{"themes": map[string]any{"default": "dark"}}, "themes: needs toggeable"},
		{"link-kind-400", map[string]any{"footer": map[string]any{"groups": []any{map[string]any{"title": "G", "links": []any{map[string]any{"title": "x", "to": map[string]any{"kind": "ftp"}}}}}}}, "kind must be one of"},
		{"not-object-400", []any{1}, "must be a JSON object"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if msg := alice.Put(path, c.body).ExpectError(http.StatusBadRequest); !strings.Contains(msg, c.want) {
				t.Errorf("message %q lacks %q", msg, c.want)
			}
		})
	}
	expectFields(t, alice.Get(path).Expect(http.StatusOK).JSON(), map[string]string{"title": "Docs again"})

	// GraphQL: the same settings, the same checks.
	res := alice.GraphQL(`mutation($o: ID!, $s: ID!, $in: JSON!) { updateSiteCustomization(organizationId: $o, siteId: $s, input: $in) }`,
		map[string]any{"o": org, "s": id, "in": map[string]any{"styling": map[string]any{"corners": "circular"}}})
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"corners":"circular"`) {
		t.Errorf("updateSiteCustomization: %s %v", res.Data, res.Errors)
	}
	res = reader.GraphQL(`query($o: ID!, $s: ID!) { organization(id: $o) { site(id: $s) { customization } } }`, map[string]any{"o": org, "s": id})
	if !strings.Contains(string(res.Data), `"corners":"circular"`) {
		t.Errorf("customization: %s %v", res.Data, res.Errors)
	}
	res = alice.GraphQL(`mutation($o: ID!, $s: ID!, $in: JSON!) { updateSiteCustomization(organizationId: $o, siteId: $s, input: $in) }`,
		map[string]any{"o": org, "s": id, "in": map[string]any{"footer": map[string]any{"groups": []any{}, "copyright": strings.Repeat("c", 513)}}})
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "INVALID" || !strings.Contains(res.Errors[0].Message, "copyright: must be 0 to 512 characters long") {
		t.Errorf("invalid copyright: %v", res.Errors)
	}

	// Roles: editors and readers read, only admins write; other tenants see nothing.
	editor.Put(path, customizedSettings()).ExpectError(http.StatusForbidden)
	reader.Put(path, customizedSettings()).ExpectError(http.StatusForbidden)
	stranger.Get(path).ExpectError(http.StatusNotFound)
	stranger.Put(path, customizedSettings()).ExpectError(http.StatusNotFound)
	stranger.Get(sitesPath(strangerOrg) + "/" + id + "/customization").ExpectError(http.StatusNotFound)
}

func TestSiteSpaceCustomization(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	stranger := srv.User("stranger@example.com")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "spaces": []string{sp}}), "id")
	site := sitesPath(org) + "/" + id
	ssID := resttest.Str(items(alice.Get(site + "/site-spaces").Expect(http.StatusOK).JSON())[0], "id")
	path := site + "/site-spaces/" + ssID + "/customization"
	alice.Put(site+"/customization", map[string]any{"styling": map[string]any{"corners": "circular"}, "pagination": map[string]any{"enabled": false}}).Expect(http.StatusOK)

	// Without overrides: the site's settings.
	expectFields(t, reader.Get(path).Expect(http.StatusOK).JSON(), map[string]string{"hasOverrides": "false", "styling.corners": "circular", "title": "Docs"})
	alice.Delete(path).Expect(http.StatusNoContent)

	// Overrides: only what is given changes; null falls back to the site's.
	over := alice.Patch(path, map[string]any{"title": "Guide FR", "styling": map[string]any{"primaryColor": map[string]any{"light": "#0A0", "dark": "#0F0"}},
		"internationalization": map[string]any{"locale": "fr"}}).Expect(http.StatusOK).JSON()
	expectFields(t, over, map[string]string{"hasOverrides": "true", "title": "Guide FR", "styling.primaryColor.light": "#0A0",
		"styling.corners": "circular", "internationalization.locale": "fr", "pagination.enabled": "false"})
	over = alice.Patch(path, map[string]any{"title": nil, "styling": map[string]any{"corners": "straight"}}).Expect(http.StatusOK).JSON()
	expectFields(t, over, map[string]string{"title": "Docs", "styling.primaryColor.light": "#0A0", "styling.corners": "straight", "internationalization.locale": "fr"})
	// The site's own settings are untouched; the published view lists the site space's.
	expectFields(t, alice.Get(site+"/customization").Expect(http.StatusOK).JSON(), map[string]string{"styling.corners": "circular", "internationalization.locale": "en"})
	pub := alice.Get(site + "/published").Expect(http.StatusOK).JSON()
	expectFields(t, pub, map[string]string{"customizations.site.styling.corners": "circular",
		"customizations.siteSpaces." + ssID + ".styling.corners": "straight"})
	// A site space the visitor does not see is not named.
	alice.Patch(site+"/site-spaces/"+ssID, map[string]any{"condition": "visitor.claims.beta == true"}).Expect(http.StatusOK)
	if spaces := alice.Get(site + "/published").Expect(http.StatusOK).JSON()["customizations"].(map[string]any)["siteSpaces"].(map[string]any); len(spaces) != 0 {
		t.Errorf("hidden site space named: %v", spaces)
	}
	alice.Patch(site+"/site-spaces/"+ssID, map[string]any{"condition": nil}).Expect(http.StatusOK)

	if msg := alice.Patch(path, map[string]any{"styling": map[string]any{"primaryColor": map[string]any{"light": "#12345"}}}).ExpectError(http.StatusBadRequest); !strings.Contains(msg, "must be a hex colour") {
		t.Errorf("message %q", msg)
	}
	reader.Patch(path, map[string]any{"title": "No"}).ExpectError(http.StatusForbidden)
	reader.Delete(path).ExpectError(http.StatusForbidden)
	stranger.Get(path).ExpectError(http.StatusNotFound)
	stranger.Delete(path).ExpectError(http.StatusNotFound)
	alice.Get(site + "/site-spaces/nope/customization").ExpectError(http.StatusNotFound)

	// Delete removes every override: 205, then 204 when there are none.
	alice.Delete(path).Expect(http.StatusResetContent)
	expectFields(t, alice.Get(path).Expect(http.StatusOK).JSON(), map[string]string{"hasOverrides": "false", "styling.corners": "circular", "title": "Docs"})
	alice.Delete(path).Expect(http.StatusNoContent)
}

func TestReaderShowsCustomization(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	guide := spaceWithDocs(t, srv, org, "Guide", store.VisibilityPrivate, []readerDoc{
		{"intro", "", "# Introduction\n\n## Start\n\nWelcome.\n"}, {"setup", "", "# Setup\n\nText.\n"}})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "spaces": []string{guide.ID}}), "id")
	site := sitesPath(org) + "/" + id
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)
	b := newBrowser(t, srv)
	base := "/sites/" + id

	// Before: Folio's look, in English, with pagination; the page is cached.
	before := b.get(base).expect(t, http.StatusOK)
	before.has(t, `<html lang="en">`, `placeholder="Search…"`, `rel="next"`, "<h2>On this page</h2>", "theme-346ddb-346ddb-rounded-Inter.css")
	before.hasNot(t, "data-theme=", "Published with Folio")
	if b.get(base).expect(t, http.StatusOK).Header.Get("X-Folio-Cache") != "hit" {
		t.Fatal("the page was not cached")
	}

	settings := customizedSettings()
	// Images are shown only from this server: a logo elsewhere is left out.
	settings["header"].(map[string]any)["logo"] = map[string]any{"light": resttest.PublicURL + "/files/logo.png", "dark": resttest.PublicURL + "/files/logo-dark.png"}
	alice.Put(site+"/customization", settings).Expect(http.StatusOK)

	after := b.get(base).expect(t, http.StatusOK)
	if after.Header.Get("X-Folio-Cache") != "miss" {
		t.Error("the page cached before the change was served")
	}
	after.has(t, `<html lang="fr" data-theme="dark">`, "<title>Introduction · Acme Handbook</title>",
		`<img class="logo logo-light" src="/files/logo.png" alt="Acme Handbook"><img class="logo logo-dark" src="/files/logo-dark.png" alt="Acme Handbook">`,
		`<link rel="icon" href="/_folio/reader/emoji-1f680.svg" type="image/svg+xml">`,
		"/_folio/reader/theme-d9480f-ff8787-straight-Lato.css",
		`<a href="https://status.example.com" rel="noopener noreferrer">Status</a>`,
		`<a href="https://example.com/signup" class="button primary" rel="noopener noreferrer">Sign up</a>`,
		"<h2>Company</h2>", `<a href="https://example.com/about" rel="noopener noreferrer">About us</a>`, `href="mailto:hello@example.com"`,
		"© 2026 Acme Inc. · Publié avec Folio", `placeholder="Rechercher…"`, "<h2>Sur cette page</h2>")
	// The footer logo is elsewhere: not shown. Pagination is off.
	after.hasNot(t, "cdn.example.com", `rel="next"`, "Search…")
	if csp := after.Header.Get("Content-Security-Policy"); csp != reader.ContentSecurityPolicy {
		t.Errorf("CSP = %q", csp)
	}

	// The stylesheet and the favicon come from this server.
	css := b.get("/_folio/reader/theme-d9480f-ff8787-straight-Lato.css").expect(t, http.StatusOK)
	css.has(t, ":root { --primary: #d9480f; --on-primary: #111; }", ":root[data-theme=dark] { --primary: #ff8787; --on-primary: #111; }", "border-radius: 0 !important", `font-family: "Lato"`)
	b.get("/_folio/reader/emoji-1f680.svg").expect(t, http.StatusOK).has(t, "🚀")
	b.get("/_folio/reader/emoji-3c.svg").expect(t, http.StatusNotFound)

	// A site space's overrides: its pages speak German, follow the system's theme.
	ssID := resttest.Str(items(alice.Get(site + "/site-spaces").Expect(http.StatusOK).JSON())[0], "id")
	alice.Patch(site+"/site-spaces/"+ssID+"/customization", map[string]any{"internationalization": map[string]any{"locale": "de"},
		"themes": map[string]any{"default": "system", "toggeable": true}}).Expect(http.StatusOK)
	de := b.get(base).expect(t, http.StatusOK)
	de.has(t, `<html lang="de">`, `placeholder="Suchen…"`, "<h2>Auf dieser Seite</h2>", "Acme Handbook")
	b.get(base+"/~search?q=welcome").expect(t, http.StatusOK).has(t, "Ergebnisse für")
	alice.Delete(site + "/site-spaces/" + ssID + "/customization").Expect(http.StatusResetContent)
	b.get(base).expect(t, http.StatusOK).has(t, `<html lang="fr" data-theme="dark">`)

	// Japanese and Spanish words.
	for locale, word := range map[string]string{"ja": "このページの内容", "es": "En esta página"} {
		alice.Put(site+"/customization", map[string]any{"internationalization": map[string]any{"locale": locale}}).Expect(http.StatusOK)
		b.get(base).expect(t, http.StatusOK).has(t, `<html lang="`+locale+`">`, word)
	}
}
