package rest_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"folio/domain"
	"folio/rest/resttest"
)

func TestShareLinksAndPublishedView(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	stranger := srv.User("stranger@example.com")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "share-link", "spaces": []string{sp}}), "id")
	site := sitesPath(org) + "/" + id

	// Not published: admins only.
	body := alice.Get(site + "/published").Expect(http.StatusOK).JSON()
	expectFields(t, body, map[string]string{"object": "published-content-site", "site.id": id, "structure.type": "siteSpaces",
		"customizations.site.title": "Docs", "customizations.site.internationalization.locale": "en"})
	if got := field(toMaps(body["structure"].(map[string]any)["structure"]), "space.id"); !slices.Equal(got, []string{sp}) {
		t.Errorf("structure = %v", got)
	}
	reader.Get(site + "/published").ExpectError(http.StatusForbidden)
	stranger.Get(site + "/published").ExpectError(http.StatusNotFound)
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)

	// Share links: the key is made by the server and shown to admins in urls.published.
	link := alice.Post(site+"/share-links", map[string]any{"name": "Partners"}).Expect(http.StatusCreated).JSON()
	expectFields(t, link, map[string]string{"object": "share-link", "name": "Partners", "active": "true"})
	published := resttest.Str(link, "urls.published")
	key := published[strings.Index(published, "?share=")+len("?share="):]
	if !strings.HasPrefix(published, "http://folio.test/sites/"+id+"?share=") || len(key) < 24 {
		t.Fatalf("urls.published = %q", published)
	}
	if got := resttest.Str(items(alice.Get(site + "/share-links").Expect(http.StatusOK).JSON())[0], "urls.published"); got != published {
		t.Errorf("listed key differs: %q", got)
	}
	linkPath := site + "/share-links/" + resttest.Str(link, "id")

	cases := []struct {
		name   string
		c      *resttest.Client
		query  string
		status int
	}{
		{"stranger-with-key-200", stranger, "?shareKey=" + url.QueryEscape(key), http.StatusOK},
		{"reader-with-key-200", reader, "?shareKey=" + url.QueryEscape(key), http.StatusOK},
		{"stranger-without-key-404", stranger, "", http.StatusNotFound},
		{"stranger-wrong-key-404", stranger, "?shareKey=nope", http.StatusNotFound},
		{"reader-without-key-403", reader, "", http.StatusForbidden},
		{"admin-without-key-200", alice, "", http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.c.In(t).Get(site + "/published" + c.query).Expect(c.status) })
	}
	// Inactive and deleted links' keys are refused (to an outsider, as an
	// unknown site).
	expectFields(t, alice.Patch(linkPath, map[string]any{"active": false, "name": "Old"}).Expect(http.StatusOK).JSON(), map[string]string{"active": "false", "name": "Old"})
	stranger.Get(site + "/published?shareKey=" + url.QueryEscape(key)).ExpectError(http.StatusNotFound)
	alice.Patch(linkPath, map[string]any{"active": true}).Expect(http.StatusOK)
	stranger.Get(site + "/published?shareKey=" + url.QueryEscape(key)).Expect(http.StatusOK)
	alice.Delete(linkPath).Expect(http.StatusResetContent)
	stranger.Get(site + "/published?shareKey=" + url.QueryEscape(key)).ExpectError(http.StatusNotFound)
	alice.Patch(linkPath, map[string]any{"active": true}).ExpectError(http.StatusNotFound)

	// Unpublished again: readers are refused.
	alice.Post(site+"/unpublish", nil).Expect(http.StatusOK)
	reader.Get(site + "/published").ExpectError(http.StatusForbidden)
}

// sign makes a visitor JWT.
func sign(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVisitorAuthAndConditions(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	a := createSpaceID(t, alice, org, map[string]any{"title": "Public part"})
	b := createSpaceID(t, alice, org, map[string]any{"title": "Beta part"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "visitor-auth"}), "id")
	site := sitesPath(org) + "/" + id
	s1 := resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": a, "title": "Main"}).Expect(http.StatusCreated).JSON(), "id")
	s2 := resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": b, "title": "Beta"}).Expect(http.StatusCreated).JSON(), "id")
	alice.Patch(site+"/sections/"+s2, map[string]any{"condition": "visitor.claims.beta == true"}).Expect(http.StatusOK)
	extra := alice.Post(site+"/site-spaces", map[string]any{"spaceId": b, "sectionId": s1}).Expect(http.StatusCreated).JSON()
	alice.Patch(site+"/site-spaces/"+resttest.Str(extra, "id"), map[string]any{"condition": `"admins" in visitor.claims.groups`}).Expect(http.StatusOK)
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)

	secret := []byte(strings.Repeat("s", 40))
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKIXPublicKey(&rsaKey.PublicKey)
	pubPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))

	// The key is set by an admin; a short secret, a bad PEM, an unknown algorithm are 400.
	stranger.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).ExpectError(http.StatusNotFound)
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": "short"}).ExpectError(http.StatusBadRequest)
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "RS256", "key": "not pem"}).ExpectError(http.StatusBadRequest)
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "none", "key": string(secret)}).ExpectError(http.StatusBadRequest)
	stranger.Get(site + "/published?jwt_token=" + sign(t, jwt.SigningMethodHS256, secret, jwt.MapClaims{})).ExpectError(http.StatusNotFound)
	expectFields(t, alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK).JSON(),
		map[string]string{"algorithm": "HS256"})

	view := func(c *resttest.Client, token string, status int) map[string]any {
		t.Helper()
		r := c.Get(site + "/published?jwt_token=" + url.QueryEscape(token))
		if status != http.StatusOK {
			r.ExpectError(status)
			return nil
		}
		return r.Expect(http.StatusOK).JSON()
	}
	visible := func(body map[string]any) []string {
		var out []string
		for _, sec := range toMaps(body["structure"].(map[string]any)["structure"]) {
			for _, ss := range toMaps(sec["siteSpaces"]) {
				out = append(out, resttest.Str(sec, "path")+"/"+resttest.Str(ss, "path"))
			}
		}
		return out
	}
	plain := sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"sub": "v1"}))
	if got := visible(view(stranger, plain, http.StatusOK)); !slices.Equal(got, []string{"main/public-part"}) {
		t.Errorf("plain visitor sees %v", got)
	}
	rich := sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"beta": true, "groups": []string{"admins"}}))
	if got := visible(view(stranger, rich, http.StatusOK)); !slices.Equal(got, []string{"main/public-part", "main/beta-part", "beta/beta-part"}) {
		t.Errorf("beta admin visitor sees %v", got)
	}
	// Refused tokens: to an outsider, an unknown site.
	view(stranger, "", http.StatusNotFound)
	view(stranger, sign(t, jwt.SigningMethodHS256, []byte(strings.Repeat("x", 40)), jwt.MapClaims{}), http.StatusNotFound)
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"beta": true}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	view(stranger, none, http.StatusNotFound)
	view(stranger, sign(t, jwt.SigningMethodRS256, rsaKey, jwt.MapClaims{}), http.StatusNotFound)
	view(stranger, sign(t, jwt.SigningMethodHS256, secret, jwt.MapClaims{"exp": 1}), http.StatusNotFound)

	// RS256: tokens signed with the private key pass; an HS256 token whose
	// secret is the public key (algorithm confusion) is refused.
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "RS256", "key": pubPEM}).Expect(http.StatusOK)
	view(stranger, sign(t, jwt.SigningMethodRS256, rsaKey, fresh(jwt.MapClaims{"beta": true})), http.StatusOK)
	view(stranger, sign(t, jwt.SigningMethodHS256, []byte(pubPEM), fresh(jwt.MapClaims{"beta": true})), http.StatusNotFound)
	view(stranger, plain, http.StatusNotFound)
}

func TestAdaptiveSchema(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")

	def := reader.Get(site + "/adaptive-schema").Expect(http.StatusOK).JSON()
	expectFields(t, def, map[string]string{"object": "site-adaptive-schema", "jsonSchema.type": "object"})
	schema := map[string]any{
		"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
		"properties": map[string]any{
			"beta":     map[string]any{"type": "boolean", "description": "Beta tester"},
			"unsigned": map[string]any{"type": "object", "description": "Unsigned claims of the site visitor.", "properties": map[string]any{}, "additionalProperties": false},
		},
		"additionalProperties": false,
	}
	got := alice.Put(site+"/adaptive-schema", map[string]any{"jsonSchema": schema}).Expect(http.StatusOK).JSON()
	expectFields(t, got, map[string]string{"jsonSchema.properties.beta.type": "boolean"})
	expectFields(t, reader.Get(site+"/adaptive-schema").Expect(http.StatusOK).JSON(), map[string]string{"jsonSchema.properties.beta.type": "boolean"})

	for name, bad := range map[string]any{
		"not-object-type-400": map[string]any{"type": "array"},
		"no-type-400":         map[string]any{"properties": map[string]any{}},
		"other-draft-400":     map[string]any{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"},
		"invalid-keyword-400": map[string]any{"type": "object", "properties": map[string]any{"beta": map[string]any{"type": "boolish"}}},
		"not-a-schema-400":    "text",
	} {
		t.Run(name, func(t *testing.T) {
			msg := alice.In(t).Put(site+"/adaptive-schema", map[string]any{"jsonSchema": bad}).ExpectError(http.StatusBadRequest)
			if !startsWith(msg, "jsonSchema") {
				t.Errorf("message %q", msg)
			}
		})
	}
}
