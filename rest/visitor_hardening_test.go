package rest_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"folio/domain"
	"folio/rest/resttest"
)

// fresh adds an exp an hour from now to a visitor token's claims, the
// lifetime an ordinary visitor token has.
func fresh(claims jwt.MapClaims) jwt.MapClaims {
	out := jwt.MapClaims{"exp": time.Now().Add(time.Hour).Unix()}
	for k, v := range claims {
		out[k] = v
	}
	return out
}

// publicPEM is the PEM form of an RSA key's public half.
func publicPEM(t *testing.T, k *rsa.PrivateKey) string {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// signWithHeader makes a visitor JWT with extra protected header fields.
func signWithHeader(t *testing.T, method jwt.SigningMethod, key any, header map[string]any, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, claims)
	for k, v := range header {
		tok.Header[k] = v
	}
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// No JSON Schema compiler loads anything: a $ref that leaves the adaptive
// schema is the same 400 whatever it points at (a readable file, a missing
// one, a directory, a URL, a relative name), and nothing is read or fetched.
func TestAdaptiveSchemaExternalRefRefused(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")

	refused := regexp.MustCompile(`^jsonSchema: external \$ref "[^"]+" is not allowed$`)
	withRef := func(ref string) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"$ref": ref}}}
	}
	cases := map[string]map[string]any{
		"file-400":           withRef("file:///etc/hostname"),
		"missing-file-400":   withRef("file:///nonexistent/folio-missing.json"),
		"directory-400":      withRef("file:///etc/"),
		"http-400":           withRef("http://127.0.0.1:1/x"),
		"https-400":          withRef("https://example.com/schema.json"),
		"relative-400":       withRef("other.json"),
		"relative-up-400":    withRef("../../etc/hostname"),
		"definitions-400":    {"type": "object", "definitions": map[string]any{"d": map[string]any{"$ref": "file:///etc/hostname"}}, "properties": map[string]any{"x": map[string]any{"$ref": "#/definitions/d"}}},
		"id-base-file-400":   {"$id": "file:///etc/", "type": "object", "properties": map[string]any{"x": map[string]any{"$ref": "hostname"}}},
		"id-base-http-400":   {"$id": "http://127.0.0.1:1/", "type": "object", "properties": map[string]any{"x": map[string]any{"$ref": "x.json"}}},
		"ref-with-pointer":   withRef("file:///etc/hostname#/a"),
		"unknown-scheme-400": withRef("ftp://127.0.0.1:1/x"),
	}
	for name, schema := range cases {
		t.Run(name, func(t *testing.T) {
			msg := alice.In(t).Put(site+"/adaptive-schema", map[string]any{"jsonSchema": schema}).ExpectError(http.StatusBadRequest)
			if !refused.MatchString(msg) {
				t.Errorf("message %q, want the external $ref refusal", msg)
			}
		})
	}
	// The message names the target as resolved, nothing read from it.
	for ref, target := range map[string]string{
		"file:///etc/hostname": "file:///etc/hostname", "file:///etc/": "file:///etc/",
		"http://127.0.0.1:1/x": "http://127.0.0.1:1/x", "other.json": "other.json",
	} {
		msg := alice.Put(site+"/adaptive-schema", map[string]any{"jsonSchema": withRef(ref)}).ExpectError(http.StatusBadRequest)
		if want := `jsonSchema: external $ref "` + target + `" is not allowed`; msg != want {
			t.Errorf("$ref %q: message %q, want %q", ref, msg, want)
		}
	}

	// References inside the document keep working. (They go through
	// GraphQL: GitBook's REST schema of an adaptive schema has no $ref.)
	const mutation = `mutation($org: ID!, $site: ID!, $input: UpdateSiteAdaptiveSchemaInput!) {
		updateSiteAdaptiveSchema(organizationId: $org, siteId: $site, input: $input) { jsonSchema } }`
	siteID := site[strings.LastIndex(site, "/")+1:]
	for name, schema := range map[string]map[string]any{
		"definitions-ok": {
			"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
			"definitions": map[string]any{"flag": map[string]any{"type": "boolean"}},
			"properties":  map[string]any{"beta": map[string]any{"$ref": "#/definitions/flag"}},
		},
		"defs-ok": {
			"type":       "object",
			"$defs":      map[string]any{"flag": map[string]any{"type": "boolean"}},
			"properties": map[string]any{"beta": map[string]any{"$ref": "#/$defs/flag"}},
		},
		"root-ok": {"type": "object", "properties": map[string]any{"self": map[string]any{"$ref": "#"}}},
	} {
		t.Run(name, func(t *testing.T) {
			res := alice.In(t).GraphQL(mutation, map[string]any{"org": org, "site": siteID, "input": map[string]any{"jsonSchema": schema}})
			if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"$ref":"#`) {
				t.Errorf("errors %v, data %s", res.Errors, res.Data)
			}
		})
	}
	res := alice.GraphQL(mutation, map[string]any{"org": org, "site": siteID, "input": map[string]any{"jsonSchema": withRef("file:///etc/hostname")}})
	if len(res.Errors) != 1 || res.Errors[0].Message != `jsonSchema: external $ref "file:///etc/hostname" is not allowed` {
		t.Errorf("GraphQL: errors %v", res.Errors)
	}
	// An internal reference to nothing is an invalid schema, not an external one.
	msg := alice.Put(site+"/adaptive-schema", map[string]any{"jsonSchema": withRef("#/definitions/missing")}).ExpectError(http.StatusBadRequest)
	if !startsWith(msg, "jsonSchema: ") || refused.MatchString(msg) {
		t.Errorf("missing internal ref: message %q", msg)
	}
}

// An unpublished site is 404 to everyone outside its organization, with a
// visitor token (valid, invalid or malformed), with a share key (active or
// not) or with neither: the same answer as a site that does not exist.
func TestUnpublishedSiteHiddenFromOutsiders(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	stranger := srv.User("stranger@example.com")
	secret := []byte(strings.Repeat("s", 40))
	valid := sign(t, jwt.SigningMethodHS256, secret, fresh(nil))
	other := sign(t, jwt.SigningMethodHS256, []byte(strings.Repeat("x", 40)), fresh(nil))

	unknown := sitesPath(org) + "/site_doesnotexist"
	want := stranger.Get(unknown + "/published").ExpectError(http.StatusNotFound)

	for _, vis := range []string{"visitor-auth", "share-link", "public"} {
		t.Run(vis, func(t *testing.T) {
			alice, reader, stranger := alice.In(t), reader.In(t), stranger.In(t)
			site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs " + vis, "visibility": vis}), "id")
			alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK)
			link := resttest.Str(alice.Post(site+"/share-links", map[string]any{"name": "Partners"}).Expect(http.StatusCreated).JSON(), "urls.published")
			key := link[strings.Index(link, "?share=")+len("?share="):]

			for _, q := range []string{
				"",
				"?jwt_token=x.y.z",
				"?jwt_token=" + url.QueryEscape(valid),
				"?jwt_token=" + url.QueryEscape(other),
				"?shareKey=nope",
				"?shareKey=" + url.QueryEscape(key),
				"?shareKey=" + url.QueryEscape(key) + "&jwt_token=" + url.QueryEscape(valid),
			} {
				if got := stranger.Get(site + "/published" + q).ExpectError(http.StatusNotFound); got != want {
					t.Errorf("stranger %q: message %q, unknown site says %q", q, got, want)
				}
				if got := stranger.Get(unknown + "/published" + q).ExpectError(http.StatusNotFound); got != want {
					t.Errorf("stranger %q on unknown site: message %q", q, got)
				}
			}
			// Members keep their answers: readers learn it is unpublished,
			// admins read it, and their token is still checked.
			reader.Get(site + "/published").ExpectError(http.StatusForbidden)
			reader.Get(site + "/published?jwt_token=x.y.z").ExpectError(http.StatusForbidden)
			alice.Get(site + "/published").Expect(http.StatusOK)
			alice.Get(site + "/published?jwt_token=" + url.QueryEscape(valid)).Expect(http.StatusOK)
			alice.Get(site + "/published?jwt_token=x.y.z").ExpectError(http.StatusForbidden)

			// Once published, a bad token is refused with 403 on a public
			// site; on the others the stranger still meets an unknown site.
			alice.Post(site+"/publish", nil).Expect(http.StatusOK)
			if vis == "public" {
				stranger.Get(site + "/published?jwt_token=x.y.z").ExpectError(http.StatusForbidden)
			} else if got := stranger.Get(site + "/published?jwt_token=x.y.z").ExpectError(http.StatusNotFound); got != want {
				t.Errorf("published, bad token: %q", got)
			}
		})
	}
}

// Visitor JWTs must expire within MaxVisitorTokenLifetime (24 h), may not be
// issued more than 60 s in the future, must name the site's audience when it
// has one, and may carry no crit header.
func TestVisitorTokenClaimsChecked(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	// A member without a role on the site: refused tokens get their reason
	// (an outsider meets an unknown site, TestUnpublishedSiteHiddenFromOutsiders).
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "visitor-auth", "spaces": []string{sp}}), "id")
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)
	secret := []byte(strings.Repeat("s", 40))
	key := alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK).JSON()
	if key["audience"] != nil {
		t.Errorf("audience without one set: %v", key["audience"])
	}

	now := srv.Store.Now()
	at := func(d time.Duration) int64 { return now.Add(d).Unix() }
	hs := func(claims jwt.MapClaims) string { return sign(t, jwt.SigningMethodHS256, secret, claims) }
	check := func(t *testing.T, token string, status int) {
		t.Helper()
		r := reader.In(t).Get(site + "/published?jwt_token=" + url.QueryEscape(token))
		if status == http.StatusOK {
			r.Expect(http.StatusOK)
			return
		}
		if msg := r.ExpectError(status); msg != "the visitor token is not valid for this site" {
			t.Errorf("message %q", msg)
		}
	}
	type tc struct {
		name   string
		token  string
		status int
	}
	run := func(cases []tc) {
		t.Helper()
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { check(t, c.token, c.status) })
		}
	}
	run([]tc{
		{"valid-200", hs(jwt.MapClaims{"sub": "v1", "exp": at(time.Hour)}), http.StatusOK},
		{"valid-iat-200", hs(jwt.MapClaims{"iat": at(0), "exp": at(time.Hour)}), http.StatusOK},
		{"full-lifetime-200", hs(jwt.MapClaims{"iat": at(-time.Hour), "exp": at(23 * time.Hour)}), http.StatusOK},
		{"iat-within-skew-200", hs(jwt.MapClaims{"iat": at(30 * time.Second), "exp": at(time.Hour)}), http.StatusOK},
		{"no-exp-403", hs(jwt.MapClaims{"sub": "v1"}), http.StatusForbidden},
		{"no-exp-with-iat-403", hs(jwt.MapClaims{"iat": at(0)}), http.StatusForbidden},
		{"expired-403", hs(jwt.MapClaims{"exp": at(-2 * time.Minute)}), http.StatusForbidden},
		{"exp-not-a-number-403", hs(jwt.MapClaims{"exp": "tomorrow"}), http.StatusForbidden},
		{"too-long-from-iat-403", hs(jwt.MapClaims{"iat": at(0), "exp": at(25 * time.Hour)}), http.StatusForbidden},
		{"too-long-from-now-403", hs(jwt.MapClaims{"exp": at(25 * time.Hour)}), http.StatusForbidden},
		{"years-403", hs(jwt.MapClaims{"exp": at(10 * 365 * 24 * time.Hour)}), http.StatusForbidden},
		{"iat-future-403", hs(jwt.MapClaims{"iat": at(10 * time.Minute), "exp": at(time.Hour)}), http.StatusForbidden},
		{"nbf-future-403", hs(jwt.MapClaims{"nbf": at(10 * time.Minute), "exp": at(time.Hour)}), http.StatusForbidden},
		{"crit-403", signWithHeader(t, jwt.SigningMethodHS256, secret, map[string]any{"crit": []string{"exp"}}, jwt.MapClaims{"exp": at(time.Hour)}), http.StatusForbidden},
		{"crit-unknown-403", signWithHeader(t, jwt.SigningMethodHS256, secret, map[string]any{"crit": []string{"x-folio"}, "x-folio": true}, jwt.MapClaims{"exp": at(time.Hour)}), http.StatusForbidden},
		{"crit-empty-403", signWithHeader(t, jwt.SigningMethodHS256, secret, map[string]any{"crit": []string{}}, jwt.MapClaims{"exp": at(time.Hour)}), http.StatusForbidden},
		// Without an audience set, aud is not checked.
		{"any-aud-without-audience-200", hs(jwt.MapClaims{"aud": "elsewhere", "exp": at(time.Hour)}), http.StatusOK},
	})

	// An audience is set with the key; tokens must name it in aud.
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret), "audience": ""}).ExpectError(http.StatusBadRequest)
	expectFields(t, alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret), "audience": "docs.acme.test"}).Expect(http.StatusOK).JSON(),
		map[string]string{"algorithm": "HS256", "audience": "docs.acme.test"})
	run([]tc{
		{"aud-200", hs(jwt.MapClaims{"aud": "docs.acme.test", "exp": at(time.Hour)}), http.StatusOK},
		{"aud-list-200", hs(jwt.MapClaims{"aud": []string{"elsewhere", "docs.acme.test"}, "exp": at(time.Hour)}), http.StatusOK},
		{"no-aud-403", hs(jwt.MapClaims{"exp": at(time.Hour)}), http.StatusForbidden},
		{"foreign-aud-403", hs(jwt.MapClaims{"aud": "elsewhere", "exp": at(time.Hour)}), http.StatusForbidden},
		{"foreign-aud-list-403", hs(jwt.MapClaims{"aud": []string{"elsewhere", "docs.acme.test.evil"}, "exp": at(time.Hour)}), http.StatusForbidden},
	})

	// Setting the key again without an audience removes it.
	key = alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK).JSON()
	if key["audience"] != nil {
		t.Errorf("audience after replacing the key: %v", key["audience"])
	}
	check(t, hs(jwt.MapClaims{"aud": "elsewhere", "exp": at(time.Hour)}), http.StatusOK)

	// The same rules hold for RS256 keys.
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "RS256", "key": publicPEM(t, rsaKey), "audience": "docs.acme.test"}).Expect(http.StatusOK)
	rs := func(claims jwt.MapClaims) string { return sign(t, jwt.SigningMethodRS256, rsaKey, claims) }
	run([]tc{
		{"rs256-200", rs(jwt.MapClaims{"aud": "docs.acme.test", "exp": at(time.Hour)}), http.StatusOK},
		{"rs256-no-exp-403", rs(jwt.MapClaims{"aud": "docs.acme.test"}), http.StatusForbidden},
		{"rs256-foreign-aud-403", rs(jwt.MapClaims{"aud": "elsewhere", "exp": at(time.Hour)}), http.StatusForbidden},
		{"rs256-iat-future-403", rs(jwt.MapClaims{"aud": "docs.acme.test", "iat": at(time.Hour), "exp": at(2 * time.Hour)}), http.StatusForbidden},
		{"rs256-crit-403", signWithHeader(t, jwt.SigningMethodRS256, rsaKey, map[string]any{"crit": []string{"b64"}, "b64": true}, jwt.MapClaims{"aud": "docs.acme.test", "exp": at(time.Hour)}), http.StatusForbidden},
	})
}

// Token times are read on the server's clock (a stranger whose token
// expired meets an unknown site).
func TestVisitorTokenServerClock(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "visitor-auth"}), "id")
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)
	secret := []byte(strings.Repeat("s", 40))
	alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK)

	token := sign(t, jwt.SigningMethodHS256, secret, jwt.MapClaims{"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()})
	stranger.Get(site + "/published?jwt_token=" + url.QueryEscape(token)).Expect(http.StatusOK)
	later := time.Now().Add(2 * time.Hour)
	srv.Store.SetClock(func() time.Time { return later })
	stranger.Get(site + "/published?jwt_token=" + url.QueryEscape(token)).ExpectError(http.StatusNotFound)
}
