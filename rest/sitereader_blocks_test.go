package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"folio/rest/resttest"
	"folio/store"
)

// blocksPage is a page with every block the reader cannot show as plain
// HTML: embeds, adaptive content, reusable content, an integration's block.
func blocksPage(frameOrigin string) string {
	return "# Blocks\n\nFor everyone.\n\n" +
		"{% embed url=\"" + frameOrigin + "/player?v=1\" %}\nOur player\n{% endembed %}\n\n" +
		"{% embed url=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" %}\n\n" +
		"{% embed url=\"https://unlisted.example.org/x\" %}\n\n" +
		"{% if visitor.claims.unsigned.beta %}\n## Beta corner\n\nBeta secret.\n{% endif %}\n\n" +
		"{% if !visitor.claims.unsigned.beta %}\nJoin the beta.\n{% endif %}\n\n" +
		"{% if visitor.claims.plan == \"pro\" %}\nPro secret.\n{% endif %}\n\n" +
		"{% include \"../.gitbook/includes/environments.md\" %}\n\n" +
		"{% @github-files/code-block url=\"https://github.com/a/b/blob/main/x.go\" %}\n\n" +
		"{% code title=\"install.sh\" overflow=\"wrap\" %}\n```bash\n" +
		"curl -fsSL https://folio.example.com/install.sh | sh -s -- --prefix /usr/local --with-embedded-database --listen 127.0.0.1:8080\n" +
		"```\n{% endcode %}\n"
}

// blocksSite publishes a public site of one site space holding blocksPage,
// with a visitor key and an adaptive schema admitting an unsigned beta
// claim; it returns the site's id and its API path.
func blocksSite(t *testing.T, srv *resttest.Server, alice *resttest.Client, org, frameOrigin string) (string, string) {
	t.Helper()
	sp := spaceWithDocs(t, srv, org, "Blocks", store.VisibilityPrivate, []readerDoc{{"blocks", "", blocksPage(frameOrigin)}})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Blocks", "visibility": "public"}), "id")
	site := sitesPath(org) + "/" + id
	alice.Post(site+"/site-spaces", map[string]any{"spaceId": sp.ID}).Expect(http.StatusCreated)
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": strings.Repeat("k", 40)}).Expect(http.StatusOK)
	alice.Put(site+"/adaptive-schema", map[string]any{"jsonSchema": map[string]any{
		"type": "object", "additionalProperties": false,
		"properties": map[string]any{
			"plan": map[string]any{"type": "string", "description": "The visitor's plan"},
			"unsigned": map[string]any{"type": "object", "description": "Unsigned claims of the site visitor.", "additionalProperties": false,
				"properties": map[string]any{"beta": map[string]any{"type": "boolean", "description": "Beta programme"}}},
		},
	}}).Expect(http.StatusOK)
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)
	return id, site
}

// frameSrc is the frame-src directive of a page's CSP.
func frameSrc(p webPage) string {
	m := regexp.MustCompile(`(?:^|; )frame-src ([^;]*)`).FindStringSubmatch(p.Header.Get("Content-Security-Policy"))
	if m == nil {
		return ""
	}
	return m[1]
}

// TestReaderEmbeds: a site frames the embeds of the origins its
// customization's embeds.allowedOrigins lists (Folio's extension, in REST
// and GraphQL), sandboxed, and its pages' CSP frame-src lists exactly
// those origins; every other embed is a link. Rendering fetches nothing:
// the framed origin gets no request from the server. Bad origins are
// refused with the setting named.
func TestReaderEmbeds(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	var hits atomic.Int64
	player := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer player.Close()
	id, site := blocksSite(t, srv, alice, org, player.URL)
	page := "/sites/" + id + "/blocks"
	b := newBrowser(t, srv)

	// By default nothing is framed, and the CSP allows no frame.
	p := b.get(page).expect(t, http.StatusOK)
	p.hasNot(t, "<iframe")
	p.has(t, `<p class="embed"><a href="`+player.URL+`/player?v=1" rel="nofollow">`, `<p class="embed"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"`)
	if got := frameSrc(p); got != "'none'" {
		t.Errorf("default frame-src %q", got)
	}
	got := alice.Get(site + "/customization").Expect(http.StatusOK).JSON()
	if e, _ := got["embeds"].(map[string]any); e == nil || fmt.Sprint(e["allowedOrigins"]) != "[]" {
		t.Errorf("default embeds: %v", got["embeds"])
	}

	// Bad origins are refused, naming the setting.
	for _, bad := range []any{"https://www.youtube.com/embed", "https://*.example.com", "javascript:alert(1)", "https://a.example.com 'unsafe-inline'", "example.com", 7} {
		msg := alice.Put(site+"/customization", map[string]any{"embeds": map[string]any{"allowedOrigins": []any{bad}}}).ExpectError(http.StatusBadRequest)
		if !strings.Contains(msg, "embeds: allowedOrigins: [0]: must be an origin") {
			t.Errorf("%v: %q", bad, msg)
		}
	}
	many := make([]any, 51)
	for i := range many {
		many[i] = fmt.Sprintf("https://a%d.example.com", i)
	}
	alice.Put(site+"/customization", map[string]any{"embeds": map[string]any{"allowedOrigins": many}}).ExpectError(http.StatusBadRequest)
	alice.Put(site+"/customization", map[string]any{"embeds": map[string]any{}}).ExpectError(http.StatusBadRequest)

	// REST sets it (with an origin given loosely: case, default port, a
	// slash), GraphQL reads it back.
	alice.Put(site+"/customization", map[string]any{"embeds": map[string]any{"allowedOrigins": []any{
		player.URL + "/", "HTTPS://www.youtube-nocookie.com:443", "https://player.vimeo.com"}}}).Expect(http.StatusOK)
	r := alice.GraphQL(`query($org: ID!, $id: ID!) { organization(id: $org) { site(id: $id) { customization } } }`, map[string]any{"org": org, "id": id})
	if len(r.Errors) > 0 || !strings.Contains(string(r.Data), `"embeds":{"allowedOrigins":["`+player.URL+`/","HTTPS://www.youtube-nocookie.com:443","https://player.vimeo.com"]}`) {
		t.Errorf("GraphQL customization: %s %v", r.Data, r.Errors)
	}

	p = b.get(page).expect(t, http.StatusOK)
	if got, want := frameSrc(p), player.URL+" https://player.vimeo.com https://www.youtube-nocookie.com"; got != want {
		t.Errorf("frame-src %q, want %q", got, want)
	}
	const sandbox = `sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"`
	p.has(t,
		`<iframe src="`+player.URL+`/player?v=1" title="Our player" `+sandbox,
		`<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube embed" `+sandbox,
		// An origin no setting lists stays a link.
		`<p class="embed"><a href="https://unlisted.example.org/x" rel="nofollow">`)
	if n := strings.Count(p.Body, "<iframe"); n != 2 {
		t.Errorf("%d frames, want 2", n)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("rendering made %d requests to the embedded origin", n)
	}
	// A site space's override of the setting is its pages' policy.
	ss := items(alice.Get(site + "/site-spaces").Expect(http.StatusOK).JSON())[0]
	alice.Patch(site+"/site-spaces/"+resttest.Str(ss, "id")+"/customization", map[string]any{"embeds": map[string]any{"allowedOrigins": []any{"https://player.vimeo.com"}}}).Expect(http.StatusOK)
	p = b.get(page).expect(t, http.StatusOK)
	if got := frameSrc(p); got != "https://player.vimeo.com" || strings.Contains(p.Body, "<iframe") {
		t.Errorf("after the override: frame-src %q, %d frames", got, strings.Count(p.Body, "<iframe"))
	}
}

// TestReaderAdaptiveContent: a page's {% if %} blocks show to the readers
// whose claims make them hold (unsigned claims the adaptive schema admits,
// a visitor token's claims), and to no one else: not to a reader without
// claims, and never from a page cached for other claims, in either order
// (the rendered-page cache and its ETags are keyed by the claims; the view
// cache keeps only the view of readers without any). Reusable content and
// integrations' blocks are notices.
func TestReaderAdaptiveContent(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, _ := blocksSite(t, srv, alice, org, "https://frames.example.com")
	page := "/sites/" + id + "/blocks"
	secret := []byte(strings.Repeat("k", 40))

	anon := newBrowser(t, srv)
	first := anon.get(page).expect(t, http.StatusOK)
	first.has(t, "For everyone.",
		`<div class="hint hint-info notice" role="note"><p>Reusable content “environments” is not shown here: this site has no reusable content.</p></div>`,
		`This block of the “github-files” integration (code-block) is not shown here: this site runs no integrations. <a href="https://github.com/a/b/blob/main/x.go"`)
	first.has(t, "Join the beta.")
	first.hasNot(t, "Beta", "Pro secret", "{%")

	beta := newBrowser(t, srv)
	beta.get(page+"?visitor.beta=true").expect(t, http.StatusSeeOther)
	bp := beta.get(page).expect(t, http.StatusOK)
	bp.has(t, `<h2 id="beta-corner">`, "Beta secret.", `href="#beta-corner"`)
	bp.hasNot(t, "Pro secret", "Join the beta")
	if cc := bp.Header.Get("Cache-Control"); cc != "private, no-cache" {
		t.Errorf("a page shown for claims: Cache-Control %q", cc)
	}
	if bp.Header.Get("ETag") == first.Header.Get("ETag") {
		t.Errorf("the beta page has the anonymous page's ETag")
	}

	pro := newBrowser(t, srv)
	token := sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"plan": "pro"}))
	pro.get(page+"?jwt_token="+token).expect(t, http.StatusSeeOther)
	pp := pro.get(page).expect(t, http.StatusOK)
	pp.has(t, "Pro secret.", "Join the beta.")
	pp.hasNot(t, "Beta")

	// Readers without claims still get their own page, from the cache.
	again := newBrowser(t, srv).get(page).expect(t, http.StatusOK)
	again.hasNot(t, "Beta", "Pro secret")
	if again.Header.Get("X-Folio-Cache") != "hit" || again.Body != first.Body {
		t.Errorf("anonymous page again: cache %q, same body %v", again.Header.Get("X-Folio-Cache"), again.Body == first.Body)
	}
	// Another reader's ETag is no 304 for them.
	newBrowser(t, srv).get(page, "If-None-Match", bp.Header.Get("ETag")).expect(t, http.StatusOK).hasNot(t, "Beta")
	// A second beta reader shares the beta page; its 304 is theirs.
	beta2 := newBrowser(t, srv)
	beta2.get(page + "?visitor.beta=true")
	b2 := beta2.get(page).expect(t, http.StatusOK)
	if b2.Header.Get("X-Folio-Cache") != "hit" || !strings.Contains(b2.Body, "Beta secret.") {
		t.Errorf("second beta reader: cache %q", b2.Header.Get("X-Folio-Cache"))
	}
	beta2.get(page, "If-None-Match", bp.Header.Get("ETag")).expect(t, http.StatusNotModified)

	// Claims the schema refuses show nothing conditional.
	other := newBrowser(t, srv)
	other.get(page + "?visitor.beta=yes")
	other.get(page).expect(t, http.StatusOK).hasNot(t, "Beta")

	// The reverse order on a fresh page: claims first, then no claims.
	id2, _ := blocksSite(t, srv, alice, org, "https://frames.example.com")
	page2 := "/sites/" + id2 + "/blocks"
	beta3 := newBrowser(t, srv)
	beta3.get(page2 + "?visitor.beta=true")
	beta3.get(page2).expect(t, http.StatusOK).has(t, "Beta secret.")
	newBrowser(t, srv).get(page2).expect(t, http.StatusOK).hasNot(t, "Beta")

	// The view's claims, as the reader reads them: the caller's own.
	q := `query($id: ID!, $t: String, $u: JSON) { publishedSiteById(id: $id) { view(visitorToken: $t, unsignedClaims: $u) { visitorClaims } } }`
	for _, c := range []struct {
		vars map[string]any
		want string
	}{
		{map[string]any{"id": id}, `null`},
		{map[string]any{"id": id, "u": map[string]any{"beta": true}}, `{"unsigned":{"beta":true}}`},
		{map[string]any{"id": id, "u": map[string]any{"beta": "yes"}}, `null`},
	} {
		r := alice.GraphQL(q, c.vars)
		var out struct {
			PublishedSiteByID struct {
				View struct{ VisitorClaims json.RawMessage }
			}
		}
		if err := json.Unmarshal(r.Data, &out); err != nil || len(r.Errors) > 0 || string(out.PublishedSiteByID.View.VisitorClaims) != c.want {
			t.Errorf("visitorClaims with %v: %s %v", c.vars, r.Data, r.Errors)
		}
	}
	r := alice.GraphQL(q, map[string]any{"id": id, "t": token})
	if !strings.Contains(string(r.Data), `"plan":"pro"`) {
		t.Errorf("visitorClaims with a token: %s %v", r.Data, r.Errors)
	}
}
