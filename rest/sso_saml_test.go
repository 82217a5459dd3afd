package rest_test

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/beevik/etree"
	"github.com/crewjam/saml"

	"folio/rest/resttest"
)

// samlFixture is an organization with a team, whose SAML provider trusts
// a test IdP that knows alice.
type samlFixture struct {
	srv   *resttest.Server
	admin *resttest.Client
	org   string
	team  string
	idp   *testIdP
	sp    *samlSP
}

func newSAMLFixture(t *testing.T, extra map[string]any, opts ...resttest.Option) *samlFixture {
	t.Helper()
	f := &samlFixture{srv: resttest.New(t, opts...)}
	f.admin = f.srv.User("admin@example.com")
	f.org = createOrg(t, f.admin, "Acme")
	f.team = resttest.Str(f.admin.Put("/v1/orgs/"+f.org+"/teams", map[string]any{"title": "Staff"}).Expect(http.StatusCreated).JSON(), "id")
	f.idp = newTestIdP(t)
	f.idp.AddUser("alice", "alice@acme.example", "Alice", "Liddell")
	body := map[string]any{"defaultRole": "edit", "defaultTeam": f.team}
	for k, v := range extra {
		body[k] = v
	}
	f.sp = newSAMLProvider(t, f.srv, f.admin, f.org, f.idp, body)
	return f
}

// expectMember checks the membership SAML sign-in gave the user: role
// ("" for a guest), sso, and whether they are in the default team.
func (f *samlFixture) expectMember(t *testing.T, userID, role string, inTeam bool) {
	t.Helper()
	m := f.admin.Get("/v1/orgs/" + f.org + "/members/" + userID).Expect(http.StatusOK).JSON()
	if got := resttest.Str(m, "role"); got != role || resttest.Str(m, "sso") != "true" {
		t.Errorf("member = %v, want role %q and sso", m, role)
	}
	var teams struct {
		Items []struct{ Team struct{ ID string } }
	}
	f.admin.Get("/v1/orgs/" + f.org + "/members/" + userID + "/teams").Expect(http.StatusOK).Decode(&teams)
	if got := len(teams.Items) == 1 && teams.Items[0].Team.ID == f.team; got != inTeam {
		t.Errorf("in the default team: %v, want %v (%+v)", got, inTeam, teams)
	}
}

func (f *samlFixture) userID(t *testing.T, email string) string {
	t.Helper()
	u, err := f.srv.Store.UserByEmail(t.Context(), email)
	if err != nil {
		t.Fatalf("%s: %v", email, err)
	}
	return u.ID
}

// TestSAMLSignInSPInitiated: a person starts at the provider's start URL,
// logs in at the IdP, and its response signs them in: the first time as
// a new member with the provider's default role and team, marked SSO,
// landing where next said; the session works on the API.
func TestSAMLSignInSPInitiated(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	loc, _ := b.Start(f.sp, "/v1/user?x=1")
	acs, form := b.LogIn(loc, "alice")
	if acs != f.sp.ACS {
		t.Fatalf("the IdP posts to %s, want %s", acs, f.sp.ACS)
	}
	resp, body := b.Post(acs, form)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/v1/user?x=1" {
		t.Fatalf("ACS: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	cookie := sessionCookie(resp)
	if got := viewerEmail(t, f.srv, cookie); got != "alice@acme.example" {
		t.Fatalf("the session signs in %q", got)
	}
	id := f.userID(t, "alice@acme.example")
	f.expectMember(t, id, "edit", true)
	u := f.admin.Get("/v1/users/" + id).Expect(http.StatusOK).JSON()
	if resttest.Str(u, "displayName") != "Alice Liddell" {
		t.Errorf("user = %v", u)
	}

	// Again, without next: the member keeps what they have (an admin
	// made them a reader and took them out of the team meanwhile), and
	// lands on /account.
	f.admin.Patch("/v1/orgs/"+f.org+"/members/"+id, map[string]any{"role": "read"}).Expect(http.StatusOK)
	f.admin.Delete("/v1/orgs/" + f.org + "/teams/" + f.team + "/members/" + id).Expect(http.StatusNoContent)
	loc, _ = b.Start(f.sp, "")
	acs, form = b.LogIn(loc, "alice") // the IdP remembers alice: no form this time
	resp, body = b.Post(acs, form)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/account" || sessionCookie(resp) == "" {
		t.Fatalf("second sign-in: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	f.expectMember(t, id, "read", false)
}

// TestSAMLSignInIdPInitiated: with idpInitiated on, the IdP's own portal
// signs a person in (a new member, as a guest when the provider has no
// default role), landing at the RelayState when it is a path here.
func TestSAMLSignInIdPInitiated(t *testing.T) {
	f := newSAMLFixture(t, map[string]any{"idpInitiated": true, "defaultRole": nil, "defaultTeam": nil})
	f.idp.Shortcut("folio", f.sp.EntityID, "/v1/user")
	b := newSAMLBrowser(t, f.srv)
	acs, form := b.IdPInitiated(f.idp, "folio", "alice")
	resp, body := b.Post(acs, form)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/v1/user" {
		t.Fatalf("ACS: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	if got := viewerEmail(t, f.srv, sessionCookie(resp)); got != "alice@acme.example" {
		t.Fatalf("the session signs in %q", got)
	}
	f.expectMember(t, f.userID(t, "alice@acme.example"), "", false)

	// A RelayState that leads elsewhere is not followed.
	for _, relay := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"} {
		form := samlForm(t, f.idp.Craft(f.sp, "", "alice@acme.example", time.Now(), nil), relay)
		resp, body := b.Post(f.sp.ACS, form)
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/account" {
			t.Errorf("RelayState %q: %d %v %s", relay, resp.StatusCode, resp.Header, body)
		}
	}

	// Turned off, the same portal is refused.
	p := f.admin.Patch("/v1/orgs/"+f.org+"/saml/"+f.sp.ID, map[string]any{"idpInitiated": false}).Expect(http.StatusOK).JSON()
	if resttest.Str(p, "idpInitiated") != "false" {
		t.Fatalf("patched = %v", p)
	}
	acs, form = b.IdPInitiated(f.idp, "folio", "alice")
	if resp, body := b.Post(acs, form); resp.StatusCode != http.StatusForbidden || sessionCookie(resp) != "" {
		t.Errorf("after idpInitiated false: %d %s", resp.StatusCode, body)
	}
}

// TestSAMLExistingAccounts: in an organization with sso on, an existing
// member keeps their role (and is marked SSO); an account that exists but is not a member is refused:
// the organization's IdP vouches for its members and new people only.
func TestSAMLExistingAccounts(t *testing.T) {
	f := newSAMLFixture(t, map[string]any{"idpInitiated": true})
	// Members of an organization with sso on sign in through its IdP.
	f.admin.Patch("/v1/orgs/"+f.org, map[string]any{"sso": true}).Expect(http.StatusOK)
	member := f.srv.User("bob@acme.example")
	addMember(t, f.admin, f.org, member, "admin")
	outsider := f.srv.User("carol@elsewhere.example")
	createOrg(t, outsider, "Elsewhere")
	b := newSAMLBrowser(t, f.srv)

	resp, body := b.Post(f.sp.ACS, samlForm(t, f.idp.Craft(f.sp, "", "BOB@acme.example", time.Now(), nil), ""))
	if resp.StatusCode != http.StatusSeeOther || viewerEmail(t, f.srv, sessionCookie(resp)) != "bob@acme.example" {
		t.Fatalf("member: %d %s", resp.StatusCode, body)
	}
	f.expectMember(t, member.UserID, "admin", false)

	resp, body = b.Post(f.sp.ACS, samlForm(t, f.idp.Craft(f.sp, "", "carol@elsewhere.example", time.Now(), nil), ""))
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "already exists on this server and is not a member") || sessionCookie(resp) != "" {
		t.Fatalf("outsider: %d %s", resp.StatusCode, body)
	}
	f.admin.Get("/v1/orgs/" + f.org + "/members/" + outsider.UserID).ExpectError(http.StatusNotFound)
}

// TestSAMLMetadata: the provider's entity id answers its SP metadata; an
// unknown provider, or one under another organization's path, is 404.
func TestSAMLMetadata(t *testing.T) {
	f := newSAMLFixture(t, nil)
	d := f.sp.Metadata
	if d.EntityID != f.sp.EntityID || len(d.SPSSODescriptors) != 1 {
		t.Fatalf("metadata = %+v", d)
	}
	sp := d.SPSSODescriptors[0]
	acs := sp.AssertionConsumerServices
	if len(acs) != 1 || acs[0].Location != f.sp.ACS || acs[0].Binding != saml.HTTPPostBinding {
		t.Errorf("ACS = %+v", acs)
	}
	if len(sp.NameIDFormats) != 1 || sp.NameIDFormats[0] != saml.EmailAddressNameIDFormat || sp.WantAssertionsSigned == nil || !*sp.WantAssertionsSigned {
		t.Errorf("SP = %+v", sp)
	}
	other := f.srv.User("other@example.com")
	otherOrg := createOrg(t, other, "Other")
	pending := resttest.Str(f.admin.Post("/v1/orgs/"+f.org+"/saml", map[string]any{"label": "Later"}).Expect(http.StatusCreated).JSON(), "id")
	b := newSAMLBrowser(t, f.srv)
	for _, path := range []string{"/sso/saml/" + f.org + "/nope", "/sso/saml/" + otherOrg + "/" + f.sp.ID, "/sso/saml/" + otherOrg + "/" + f.sp.ID + "/start"} {
		if resp, body := b.do("GET", f.srv.URL+path, nil); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "no such sign-in provider") {
			t.Errorf("%s: %d %s", path, resp.StatusCode, body)
		}
	}
	// A provider not set up yet has metadata (the IdP needs it first) but
	// cannot start a sign-in.
	if resp, body := b.do("GET", f.srv.URL+"/sso/saml/"+f.org+"/"+pending, nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, "/acs") {
		t.Errorf("pending metadata: %d %s", resp.StatusCode, body)
	}
	if resp, body := b.do("GET", f.srv.URL+"/sso/saml/"+f.org+"/"+pending+"/start", nil); resp.StatusCode != http.StatusConflict || !strings.Contains(body, "not set up yet") {
		t.Errorf("pending start: %d %s", resp.StatusCode, body)
	}
}

// The refusals: each writes nothing (no session, no account, no member).

func TestSAMLRefusesUnsignedAssertion(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	_, id := b.Start(f.sp, "")
	doc := f.idp.Craft(f.sp, id, "mallory@acme.example", time.Now(), nil)
	for _, sig := range doc.FindElements("//Signature") {
		sig.Parent().RemoveChild(sig)
	}
	resp, body := b.Post(f.sp.ACS, samlForm(t, doc, ""))
	expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "not signed by the certificate", "mallory@acme.example")

	// The forgery did not use the request up: the IdP's genuine answer to
	// it still signs alice in.
	resp, body = b.Post(f.sp.ACS, samlForm(t, f.idp.Craft(f.sp, id, "alice@acme.example", time.Now(), nil), ""))
	if resp.StatusCode != http.StatusSeeOther || sessionCookie(resp) == "" {
		t.Errorf("genuine answer after a forgery: %d %s", resp.StatusCode, body)
	}
}

func TestSAMLRefusesAnotherKey(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	_, id := b.Start(f.sp, "")
	key, cert := samlKeyPair(t, "Test IdP")
	resp, body := b.Post(f.sp.ACS, samlForm(t, f.idp.CraftWithKey(key, cert, f.sp, id, "mallory@acme.example"), ""))
	expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "not signed by the certificate", "mallory@acme.example")
}

// TestSAMLRefusesSignatureWrapping: a genuine signed assertion (alice's)
// next to, or inside, a forged unsigned one (mallory's): the forged one is
// never read.
func TestSAMLRefusesSignatureWrapping(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	// forge returns a genuine response for a new request, its signed
	// assertion, and a copy of the assertion made mallory's, unsigned.
	forge := func(t *testing.T) (*etree.Document, *etree.Element, *etree.Element) {
		_, id := b.Start(f.sp, "")
		doc := f.idp.Craft(f.sp, id, "alice@acme.example", time.Now(), nil)
		signed := doc.Root().SelectElement("Assertion")
		evil := signed.Copy()
		evil.RemoveChild(evil.SelectElement("Signature"))
		evil.CreateAttr("ID", "id-forged")
		for _, el := range append(evil.FindElements(".//NameID"), evil.FindElements(".//AttributeValue")...) {
			if el.Text() == "alice@acme.example" {
				el.SetText("mallory@acme.example")
			}
		}
		return doc, signed, evil
	}
	unsignResponse := func(doc *etree.Document) { doc.Root().RemoveChild(doc.Root().SelectElement("Signature")) }
	cases := map[string]func(t *testing.T) *etree.Document{
		// The forged assertion first, the signed one after it, in a
		// response whose own signature is dropped.
		"beside": func(t *testing.T) *etree.Document {
			doc, signed, evil := forge(t)
			unsignResponse(doc)
			doc.Root().InsertChildAt(signed.Index(), evil)
			return doc
		},
		// The same in a response that keeps its signature.
		"beside, response signed": func(t *testing.T) *etree.Document {
			doc, signed, evil := forge(t)
			doc.Root().InsertChildAt(signed.Index(), evil)
			return doc
		},
		// The signed assertion moved inside the forged one, which takes
		// its id and signature: the signature references the forged one.
		"moved inside": func(t *testing.T) *etree.Document {
			doc, signed, evil := forge(t)
			unsignResponse(doc)
			doc.Root().RemoveChild(signed)
			evil.CreateAttr("ID", signed.SelectAttrValue("ID", ""))
			evil.InsertChildAt(evil.SelectElement("Subject").Index(), signed.SelectElement("Signature").Copy())
			advice := evil.CreateElement("saml:Advice")
			advice.AddChild(signed)
			doc.Root().AddChild(evil)
			return doc
		},
		// The signed assertion hidden in an extension of the response,
		// the forged one in its place.
		"moved to extensions": func(t *testing.T) *etree.Document {
			doc, signed, evil := forge(t)
			unsignResponse(doc)
			doc.Root().InsertChildAt(signed.Index(), evil)
			doc.Root().RemoveChild(signed)
			ext := etree.NewElement("samlp:Extensions")
			ext.AddChild(signed)
			doc.Root().InsertChildAt(doc.Root().SelectElement("Status").Index(), ext)
			return doc
		},
	}
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			resp, body := b.Post(f.sp.ACS, samlForm(t, build(t), ""))
			if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusBadRequest {
				t.Errorf("status %d", resp.StatusCode)
			}
			expectNoSignIn(t, f.srv, resp, body, resp.StatusCode, "Sign-in refused", "mallory@acme.example")
			expectNoSignIn(t, f.srv, resp, body, resp.StatusCode, "Sign-in refused", "alice@acme.example")
		})
	}
}

func TestSAMLRefusesWrongAudience(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	_, id := b.Start(f.sp, "")
	doc := f.idp.Craft(f.sp, id, "mallory@acme.example", time.Now(), func(a *saml.Assertion) {
		a.Conditions.AudienceRestrictions[0].Audience.Value = "https://other-app.example/saml"
	})
	resp, body := b.Post(f.sp.ACS, samlForm(t, doc, ""))
	expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "made for another service", "mallory@acme.example")
}

// TestSAMLRefusesOutsideTimeWindow: a response made by an IdP whose clock
// is 10 minutes behind (expired) or ahead (not yet valid), and one whose
// conditions ended although it was just issued.
func TestSAMLRefusesOutsideTimeWindow(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	for name, craft := range map[string]func(id string) *etree.Document{
		"expired": func(id string) *etree.Document {
			return f.idp.Craft(f.sp, id, "mallory@acme.example", time.Now().Add(-10*time.Minute), nil)
		},
		"not yet valid": func(id string) *etree.Document {
			return f.idp.Craft(f.sp, id, "mallory@acme.example", time.Now().Add(10*time.Minute), nil)
		},
		"conditions ended": func(id string) *etree.Document {
			return f.idp.Craft(f.sp, id, "mallory@acme.example", time.Now(), func(a *saml.Assertion) {
				a.Conditions.NotOnOrAfter = time.Now().Add(-time.Hour)
			})
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, id := b.Start(f.sp, "")
			resp, body := b.Post(f.sp.ACS, samlForm(t, craft(id), ""))
			expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "outside its time window", "mallory@acme.example")
		})
	}
}

// TestSAMLRefusesReplay: a response used once is refused the second time,
// whether it answered a request (used up) or was unsolicited (the
// assertion id is remembered).
func TestSAMLRefusesReplay(t *testing.T) {
	f := newSAMLFixture(t, map[string]any{"idpInitiated": true})
	f.idp.Shortcut("folio", f.sp.EntityID, "")
	b := newSAMLBrowser(t, f.srv)
	loc, _ := b.Start(f.sp, "")
	acs, form := b.LogIn(loc, "alice")
	if resp, body := b.Post(acs, form); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("first use: %d %s", resp.StatusCode, body)
	}
	resp, body := b.Post(acs, form)
	expectReplayRefused(t, f, resp, body, "answers no sign-in started here")

	acs, form = b.IdPInitiated(f.idp, "folio", "alice")
	if resp, body := b.Post(acs, form); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("first use: %d %s", resp.StatusCode, body)
	}
	resp, body = b.Post(acs, form)
	expectReplayRefused(t, f, resp, body, "used already")
}

func expectReplayRefused(t *testing.T, f *samlFixture, resp *http.Response, body, phrase string) {
	t.Helper()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, phrase) || sessionCookie(resp) != "" {
		t.Errorf("replay: %d %s", resp.StatusCode, body)
	}
	if n := resttest.Str(f.admin.Get("/v1/orgs/"+f.org+"/members").Expect(http.StatusOK).JSON(), "count"); n != "2" {
		t.Errorf("members: %s", n)
	}
}

// TestSAMLRefusesUnknownRequest: a response to a request never made, even
// by a provider that accepts unsolicited ones; the refusal is logged at
// warn with its reason.
func TestSAMLRefusesUnknownRequest(t *testing.T) {
	var log syncBuffer
	f := newSAMLFixture(t, map[string]any{"idpInitiated": true},
		resttest.WithLogger(slog.New(slog.NewJSONHandler(&log, &slog.HandlerOptions{Level: slog.LevelWarn}))))
	b := newSAMLBrowser(t, f.srv)
	resp, body := b.Post(f.sp.ACS, samlForm(t, f.idp.Craft(f.sp, "id-never-made", "mallory@acme.example", time.Now(), nil), ""))
	expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "answers no sign-in started here", "mallory@acme.example")
	line := log.String()
	for _, want := range []string{`"level":"WARN"`, `"msg":"SAML sign-in refused"`, `"reason":"InResponseTo id-never-made is no pending request of this provider"`,
		`"provider_id":"` + f.sp.ID + `"`} {
		if !strings.Contains(line, want) {
			t.Errorf("log has no %s:\n%s", want, line)
		}
	}
}

// TestSAMLRefusesAnotherOrganizationsResponse: a response made for one
// organization's provider, posted to another organization's provider
// that trusts the same IdP.
func TestSAMLRefusesAnotherOrganizationsResponse(t *testing.T) {
	f := newSAMLFixture(t, nil)
	otherAdmin := f.srv.User("admin@other.example")
	otherOrg := createOrg(t, otherAdmin, "Other")
	other := newSAMLProvider(t, f.srv, otherAdmin, otherOrg, f.idp, map[string]any{"idpInitiated": true, "defaultRole": "admin"})
	b := newSAMLBrowser(t, f.srv)

	t.Run("answering our request", func(t *testing.T) {
		_, id := b.Start(f.sp, "")
		resp, body := b.Post(other.ACS, samlForm(t, f.idp.Craft(f.sp, id, "mallory@acme.example", time.Now(), nil), ""))
		expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "answers no sign-in started here", "mallory@acme.example")
	})
	t.Run("unsolicited", func(t *testing.T) {
		resp, body := b.Post(other.ACS, samlForm(t, f.idp.Craft(f.sp, "", "mallory@acme.example", time.Now(), nil), ""))
		expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "made for another service", "mallory@acme.example")
	})
}

func TestSAMLRefusesIdPInitiatedWhenNotAllowed(t *testing.T) {
	f := newSAMLFixture(t, nil)
	f.idp.Shortcut("folio", f.sp.EntityID, "")
	b := newSAMLBrowser(t, f.srv)
	acs, form := b.IdPInitiated(f.idp, "folio", "alice")
	resp, body := b.Post(acs, form)
	expectNoSignIn(t, f.srv, resp, body, http.StatusForbidden, "accepts only sign-ins started here", "alice@acme.example")
}

func TestSAMLRefusesMalformedResponse(t *testing.T) {
	f := newSAMLFixture(t, nil)
	b := newSAMLBrowser(t, f.srv)
	for name, form := range map[string]map[string][]string{
		"missing":    {},
		"not base64": {"SAMLResponse": {"%%%"}},
		"not XML":    {"SAMLResponse": {"PGE+"}},
		"artifact":   {"SAMLart": {"AAQAA"}},
	} {
		resp, body := b.Post(f.sp.ACS, form)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "could not be read") || sessionCookie(resp) != "" {
			t.Errorf("%s: %d %s", name, resp.StatusCode, body)
		}
	}
}
