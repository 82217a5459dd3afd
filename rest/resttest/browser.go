package resttest

import (
	"context"
	"net/http"

	"folio/rest/session"
	"folio/store"
)

// Origin is the origin of the test server's public URL: the only one a
// write signed in by cookie may come from.
const Origin = "http://folio.test"

// Browser is a client signed in by a session cookie instead of a token, as
// the app's own pages are: every request carries the session and CSRF
// cookies, and the CSRF token and this site's Origin (the headers a write
// needs; a read ignores them).
type Browser struct {
	*Client
	// SessionID is the session's id; Secret the cookie's value.
	SessionID, Secret string
	// CSRF is the session's CSRF token (the folio_csrf cookie).
	CSRF string
}

// Browser signs the user with this e-mail in (made when missing) with a
// new session, as a sign-in page would (store.CreateSession), without an
// API token.
func (s *Server) Browser(email string) *Browser {
	s.t.Helper()
	ctx := context.Background()
	u, err := s.Store.EnsureUser(ctx, email, "")
	if err != nil {
		s.t.Fatalf("user: %v", err)
	}
	secret, sess, err := s.Store.CreateSession(ctx, store.NewSession{UserID: u.ID, Method: store.SignInPassword,
		UserAgent: "resttest browser", Client: "127.0.0.1", MaxAge: session.DefaultMax})
	if err != nil {
		s.t.Fatalf("session: %v", err)
	}
	csrf := session.New(session.Config{Store: s.Store, PublicURL: Origin}).CSRFToken(sess.ID)
	h := http.Header{}
	h.Set("Cookie", session.CookieName+"="+secret+"; "+session.CSRFCookieName+"="+csrf)
	h.Set(session.CSRFHeader, csrf)
	h.Set("Origin", Origin)
	return &Browser{Client: &Client{srv: s, t: s.t, UserID: u.ID, Email: u.Email, Header: h},
		SessionID: sess.ID, Secret: secret, CSRF: csrf}
}

// WithHeader returns a copy of the client whose headers change sets
// (change may delete or replace any).
func (c *Client) WithHeader(change func(http.Header)) *Client {
	cp := *c
	cp.Header = c.Header.Clone()
	if cp.Header == nil {
		cp.Header = http.Header{}
	}
	change(cp.Header)
	return &cp
}
