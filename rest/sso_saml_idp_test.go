package rest_test

import (
	"bytes"
	"compress/flate"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"encoding/xml"
	"io"
	"log"
	"math/big"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/beevik/etree"
	"github.com/crewjam/saml"
	"github.com/crewjam/saml/samlidp"
	"golang.org/x/net/html"

	"folio/domain"
	"folio/rest/resttest"
	"folio/rest/session"
)

// testIdP is a SAML identity provider in the test process: crewjam/saml's
// samlidp (login form, SSO endpoint, IdP-initiated shortcuts) on httptest.
type testIdP struct {
	t    *testing.T
	srv  *samlidp.Server
	URL  string
	key  *rsa.PrivateKey
	cert *x509.Certificate
}

func newTestIdP(t *testing.T) *testIdP {
	t.Helper()
	idp := &testIdP{t: t}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { idp.srv.ServeHTTP(w, r) }))
	t.Cleanup(ts.Close)
	idp.URL = ts.URL
	idp.key, idp.cert = samlKeyPair(t, "Test IdP")
	u, _ := url.Parse(ts.URL)
	srv, err := samlidp.New(samlidp.Options{URL: *u, Key: idp.key, Certificate: idp.cert, Store: &samlidp.MemoryStore{},
		Logger: log.New(testWriter{t}, "IdP: ", 0)})
	if err != nil {
		t.Fatal(err)
	}
	idp.srv = srv
	return idp
}

// samlKeyPair makes an RSA key and a self-signed certificate for it.
func samlKeyPair(t *testing.T, name string) (*rsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(365 * 24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert
}

func (i *testIdP) EntityID() string { return i.URL + "/metadata" }
func (i *testIdP) SSOURL() string   { return i.URL + "/sso" }
func (i *testIdP) CertPEM() string {
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: i.cert.Raw}))
}

// admin calls the IdP's admin API (users, services, shortcuts).
func (i *testIdP) admin(method, path string, body []byte) {
	i.t.Helper()
	req, _ := http.NewRequest(method, i.URL+path, bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		i.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(resp.Body)
		i.t.Fatalf("IdP %s %s: %d %s", method, path, resp.StatusCode, b)
	}
}

// AddUser creates a person at the IdP (password "secret").
func (i *testIdP) AddUser(name, email, given, surname string) {
	i.t.Helper()
	i.admin("PUT", "/users/"+name, []byte(`{"name":"`+name+`","password":"secret","email":"`+email+
		`","given_name":"`+given+`","surname":"`+surname+`"}`))
}

// Shortcut names an IdP-initiated sign-in to a service provider: GET
// /login/<name> posts a response to it, with relayState.
func (i *testIdP) Shortcut(name, spEntityID, relayState string) {
	i.t.Helper()
	i.admin("PUT", "/shortcuts/"+name, []byte(`{"service_provider":"`+spEntityID+`","relay_state":"`+relayState+`"}`))
}

// samlSP is a Folio SAML provider as a test sees it.
type samlSP struct {
	Org, ID                 string
	EntityID, ACS, StartURL string
	Metadata                *saml.EntityDescriptor
}

// path turns one of the provider's public URLs into a path on the test
// server (the public URL is http://folio.test).
func (sp *samlSP) path(u string) string { return strings.TrimPrefix(u, "http://folio.test") }

// newSAMLProvider creates, through the REST API, a provider of org trusting
// idp (its entity id, SSO URL and certificate) with the extra fields, and
// registers our metadata (fetched from the provider's entity id) with the
// IdP.
func newSAMLProvider(t *testing.T, srv *resttest.Server, admin *resttest.Client, org string, idp *testIdP, extra map[string]any) *samlSP {
	t.Helper()
	body := map[string]any{"label": "Test IdP", "entityID": idp.EntityID(), "ssoURL": idp.SSOURL(), "certificate": idp.CertPEM()}
	for k, v := range extra {
		body[k] = v
	}
	p := admin.Post("/v1/orgs/"+org+"/saml", body).Expect(http.StatusCreated).JSON()
	sp := &samlSP{Org: org, ID: resttest.Str(p, "id"), EntityID: resttest.Str(p, "service.entityID"),
		ACS: resttest.Str(p, "service.acsURL"), StartURL: resttest.Str(p, "service.startURL")}
	if resttest.Str(p, "status") != "active" {
		t.Fatalf("provider not active: %v", p)
	}
	resp, err := http.Get(srv.URL + sp.path(sp.EntityID))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/samlmetadata+xml" {
		t.Fatalf("metadata: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), raw)
	}
	sp.Metadata = new(saml.EntityDescriptor)
	if err := xml.Unmarshal(raw, sp.Metadata); err != nil {
		t.Fatalf("metadata: %v", err)
	}
	idp.admin("PUT", "/services/"+sp.ID, raw)
	return sp
}

// samlBrowser is a browser without JavaScript: it follows the SAML dance
// by hand (its cookie jar holds the IdP's session).
type samlBrowser struct {
	t      *testing.T
	srv    *resttest.Server
	client *http.Client
}

func newSAMLBrowser(t *testing.T, srv *resttest.Server) *samlBrowser {
	jar, _ := cookiejar.New(nil)
	return &samlBrowser{t: t, srv: srv, client: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// do sends a request, reading the whole answer; Folio's public URL is
// the test server.
func (b *samlBrowser) do(method, u string, form url.Values) (*http.Response, string) {
	b.t.Helper()
	u = strings.Replace(u, "http://folio.test", b.srv.URL, 1)
	var req *http.Request
	if form != nil {
		req, _ = http.NewRequest(method, u, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req, _ = http.NewRequest(method, u, nil)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// Start begins an SP-initiated sign-in at the provider's start URL (with
// next, if any) and returns the IdP address it was sent to and the id of
// the AuthnRequest.
func (b *samlBrowser) Start(sp *samlSP, next string) (string, string) {
	b.t.Helper()
	u := sp.StartURL
	if next != "" {
		u += "?next=" + url.QueryEscape(next)
	}
	resp, body := b.do("GET", u, nil)
	if resp.StatusCode != http.StatusFound {
		b.t.Fatalf("start: %d %s", resp.StatusCode, body)
	}
	loc := resp.Header.Get("Location")
	to, _ := url.Parse(loc)
	compressed, err := base64.StdEncoding.DecodeString(to.Query().Get("SAMLRequest"))
	if err != nil {
		b.t.Fatalf("SAMLRequest: %v", err)
	}
	raw, _ := io.ReadAll(flate.NewReader(bytes.NewReader(compressed)))
	var req saml.AuthnRequest
	if err := xml.Unmarshal(raw, &req); err != nil {
		b.t.Fatalf("AuthnRequest: %v\n%s", err, raw)
	}
	if req.AssertionConsumerServiceURL != sp.ACS || req.Issuer.Value != sp.EntityID || req.Destination != loc[:strings.Index(loc, "?")] {
		b.t.Fatalf("AuthnRequest: %s", raw)
	}
	return loc, req.ID
}

// LogIn answers the IdP's login form at loc (a GET of the IdP that shows
// it, unless the IdP remembers its user) as user, and returns the auto-posted form the IdP answers with: the
// SAML response for Folio's ACS.
func (b *samlBrowser) LogIn(loc, user string) (string, url.Values) {
	b.t.Helper()
	resp, body := b.do("GET", loc, nil)
	action, fields := htmlForm(b.t, body)
	if resp.StatusCode == http.StatusOK && fields.Has("SAMLResponse") {
		return action, fields // the IdP remembers whoever logged in
	}
	if resp.StatusCode != http.StatusOK || !fields.Has("password") {
		b.t.Fatalf("IdP login form: %d %s", resp.StatusCode, body)
	}
	fields.Set("user", user)
	fields.Set("password", "secret")
	resp, body = b.do("POST", action, fields)
	if resp.StatusCode != http.StatusOK {
		b.t.Fatalf("IdP login: %d %s", resp.StatusCode, body)
	}
	return b.responseForm(body)
}

// IdPInitiated signs in at the IdP as user, then opens the shortcut that
// sends Folio an unsolicited response, and returns that response's form.
func (b *samlBrowser) IdPInitiated(idp *testIdP, shortcut, user string) (string, url.Values) {
	b.t.Helper()
	resp, body := b.do("POST", idp.URL+"/login", url.Values{"user": {user}, "password": {"secret"}})
	if resp.StatusCode != http.StatusOK {
		b.t.Fatalf("IdP login: %d %s", resp.StatusCode, body)
	}
	resp, body = b.do("GET", idp.URL+"/login/"+shortcut, nil)
	if resp.StatusCode != http.StatusOK {
		b.t.Fatalf("IdP-initiated: %d %s", resp.StatusCode, body)
	}
	return b.responseForm(body)
}

func (b *samlBrowser) responseForm(body string) (string, url.Values) {
	b.t.Helper()
	action, fields := htmlForm(b.t, body)
	if !fields.Has("SAMLResponse") {
		b.t.Fatalf("no SAML response in %s", body)
	}
	return action, fields
}

// Post posts a SAML response form to Folio, as the IdP's page would.
func (b *samlBrowser) Post(acs string, fields url.Values) (*http.Response, string) {
	b.t.Helper()
	return b.do("POST", acs, fields)
}

// htmlForm reads the first form of a page: its action and fields.
func htmlForm(t *testing.T, page string) (string, url.Values) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	action, fields := "", url.Values{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attr := func(k string) string {
				for _, a := range n.Attr {
					if a.Key == k {
						return a.Val
					}
				}
				return ""
			}
			switch n.Data {
			case "form":
				if action == "" {
					action = attr("action")
				}
			case "input":
				if name := attr("name"); name != "" {
					fields.Set(name, attr("value"))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return action, fields
}

// Craft makes a response of the IdP for sp programmatically, as the IdP
// would for requestID ("" for an unsolicited one) and the person with
// email, at the IdP's time now; edit, if set, changes the assertion
// before it is signed. The response and its assertion are signed.
func (i *testIdP) Craft(sp *samlSP, requestID, email string, now time.Time, edit func(*saml.Assertion)) *etree.Document {
	i.t.Helper()
	return craftSAML(i.t, &i.srv.IDP, sp, requestID, email, now, edit)
}

// CraftWithKey is Craft signed with another key (and certificate), the
// issuer being the same.
func (i *testIdP) CraftWithKey(key *rsa.PrivateKey, cert *x509.Certificate, sp *samlSP, requestID, email string) *etree.Document {
	i.t.Helper()
	other := &saml.IdentityProvider{Key: key, Certificate: cert, MetadataURL: i.srv.IDP.MetadataURL, SSOURL: i.srv.IDP.SSOURL}
	return craftSAML(i.t, other, sp, requestID, email, time.Now(), nil)
}

func craftSAML(t *testing.T, idp *saml.IdentityProvider, sp *samlSP, requestID, email string, now time.Time, edit func(*saml.Assertion)) *etree.Document {
	t.Helper()
	desc := &sp.Metadata.SPSSODescriptors[0]
	req := &saml.IdpAuthnRequest{IDP: idp, HTTPRequest: httptest.NewRequest("GET", "/sso", nil), Now: now,
		Request: saml.AuthnRequest{ID: requestID}, ServiceProviderMetadata: sp.Metadata, SPSSODescriptor: desc,
		ACSEndpoint: &desc.AssertionConsumerServices[0]}
	s := &saml.Session{ID: "s-" + domain.RandomString(8), CreateTime: now, ExpireTime: now.Add(time.Hour), Index: "1",
		NameID: email, NameIDFormat: string(saml.EmailAddressNameIDFormat), UserEmail: email, UserGivenName: "Mallory", UserSurname: "Example"}
	if err := (saml.DefaultAssertionMaker{}).MakeAssertion(req, s); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(req.Assertion)
	}
	if err := req.MakeResponse(); err != nil {
		t.Fatal(err)
	}
	doc := etree.NewDocument()
	doc.SetRoot(req.ResponseEl)
	return doc
}

// samlForm is the ACS form of a crafted response.
func samlForm(t *testing.T, doc *etree.Document, relayState string) url.Values {
	t.Helper()
	raw, err := doc.WriteToBytes()
	if err != nil {
		t.Fatal(err)
	}
	f := url.Values{"SAMLResponse": {base64.StdEncoding.EncodeToString(raw)}}
	if relayState != "" {
		f.Set("RelayState", relayState)
	}
	return f
}

// sessionCookie is the session cookie a response sets, "" for none.
func sessionCookie(resp *http.Response) string {
	for _, c := range resp.Cookies() {
		if c.Name == session.CookieName && c.Value != "" && c.MaxAge >= 0 {
			return c.Value
		}
	}
	return ""
}

// viewerEmail is the e-mail address of whom a session cookie signs in
// (GET /v1/user), "" when it signs no one in.
func viewerEmail(t *testing.T, srv *resttest.Server, cookie string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+"/v1/user", nil)
	req.AddCookie(&http.Cookie{Name: session.CookieName, Value: cookie})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return ""
	}
	var v struct{ Email string }
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v.Email
}

// expectNoSignIn checks that a refused response (status, a phrase of its
// page) set no session and created no account for email.
func expectNoSignIn(t *testing.T, srv *resttest.Server, resp *http.Response, body string, status int, phrase, email string) {
	t.Helper()
	if resp.StatusCode != status || !strings.Contains(body, phrase) {
		t.Errorf("got %d, want %d with %q:\n%s", resp.StatusCode, status, phrase, body)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("refusal is not one of the server's pages: %v", resp.Header)
	}
	if c := sessionCookie(resp); c != "" {
		t.Errorf("a refused response set a session cookie")
	}
	if u, err := srv.Store.UserByEmail(context.Background(), email); err == nil {
		t.Errorf("a refused response created the account %s (%s)", email, u.ID)
	} else if domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatal(err)
	}
}
