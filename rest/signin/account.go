package signin

import (
	"context"
	"net/http"
	"strings"
	"time"

	"folio/domain"
	"folio/rest/session"
	"folio/store"
)

// accountPage is "signed in, now what": who you are, your organizations,
// personal API tokens, sessions, and the password form.
type accountPage struct {
	User          *store.User
	Organizations []orgRow
	// Invitations are the pending invitations to the user's address.
	Invitations []invitationRow
	Tokens      []tokenRow
	Sessions    []sessionRow
	// NewToken is a token just created: shown on this page once, never
	// again.
	NewToken, NewTokenName string
	// TokenError and PasswordError belong to their forms.
	TokenError, PasswordError string
	// TokenName, TokenExpires and TokenReadOnly fill the token form again.
	TokenName, TokenExpires string
	TokenReadOnly           bool
	// Tomorrow is the earliest expiry date a new token may have.
	Tomorrow string
	// HasPassword says whether the account has a password to change.
	HasPassword bool
}

type orgRow struct{ ID, Title, Role, App string }

type invitationRow struct{ ID, Organization, Role string }

type tokenRow struct {
	ID, Name, Created, Expires, LastUsed string
	ReadOnly, Expired                    bool
}

type sessionRow struct {
	ID, Method, Browser, Client, Created, LastSeen string
	Current                                        bool
}

// notices are the messages an action leaves for the page it leads to (by
// key: the page shows nothing the URL says beyond choosing one).
var notices = map[string]string{
	"token-revoked":   "The token was revoked: it no longer works.",
	"session-ended":   "The session was ended.",
	"sessions-ended":  "Every other session was ended.",
	"password":        "Your password was changed. Every other session was ended.",
	"joined":          "You joined the organization.",
	"declined":        "The invitation was declined.",
	"nothing-changed": "Nothing was changed.",
}

func (h *handler) accountPage(w http.ResponseWriter, r *http.Request) {
	u, sid := signedIn(r)
	if u == nil {
		http.Redirect(w, r, signInLink(AccountPath), http.StatusSeeOther)
		return
	}
	h.showAccount(w, r, u, sid, http.StatusOK, &accountPage{}, notices[r.URL.Query().Get("notice")])
}

// showAccount renders the account page with p's form state.
func (h *handler) showAccount(w http.ResponseWriter, r *http.Request, u *store.User, sid string, status int, p *accountPage, notice string) {
	ctx := r.Context()
	s := h.cfg.Store
	p.User, p.HasPassword = u, u.PasswordHash != ""
	p.Tomorrow = s.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
	orgs, err := s.ListUserOrganizations(ctx, u.ID, store.PageArgs{Limit: 100, Uncounted: true})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	for _, o := range orgs.Items {
		role := ""
		if o.ViewerRole != nil {
			role = string(*o.ViewerRole)
		}
		p.Organizations = append(p.Organizations, orgRow{ID: o.ID, Title: o.Title, Role: role, App: "/app/o/" + o.ID})
	}
	invs, err := s.UserInvitations(ctx, u, store.PageArgs{Limit: 100, Uncounted: true})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	for _, inv := range invs.Items {
		role := "guest"
		if inv.Role != nil {
			role = string(*inv.Role)
		}
		p.Invitations = append(p.Invitations, invitationRow{ID: inv.ID, Organization: inv.OrganizationTitle, Role: role})
	}
	tokens, err := s.PersonalTokens(ctx, u.ID, store.PageArgs{Limit: 100, Uncounted: true})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	for _, t := range tokens.Items {
		row := tokenRow{ID: t.ID, Name: t.Name, Created: formTime(t.CreatedAt), ReadOnly: t.ReadOnly, Expires: "never", LastUsed: "never"}
		if row.Name == "" {
			row.Name = "(from the command line)"
		}
		if t.ExpiresAt != nil {
			row.Expires, row.Expired = formTime(*t.ExpiresAt), !t.ExpiresAt.After(s.Now())
		}
		if t.LastUsedAt != nil {
			row.LastUsed = formTime(*t.LastUsedAt)
		}
		p.Tokens = append(p.Tokens, row)
	}
	sessions, err := s.Sessions(ctx, u.ID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	for _, ss := range sessions {
		p.Sessions = append(p.Sessions, sessionRow{ID: ss.ID, Method: methodName(ss.Method), Browser: browserName(ss.UserAgent),
			Client: ss.Client, Created: formTime(ss.CreatedAt), LastSeen: formTime(ss.LastSeenAt), Current: ss.ID == sid})
	}
	h.render(w, status, "account", &view{CSRF: h.cfg.Sessions.CSRFToken(sid), Notice: notice, Page: p})
}

func methodName(m string) string {
	switch m {
	case store.SignInPassword:
		return "Password"
	case store.SignInSAML:
		return "SAML single sign-on"
	case store.SignInOIDC:
		return "OpenID Connect"
	}
	return m
}

// browserName names a browser and system from a User-Agent, roughly, the
// way people know them; the whole string otherwise (cut short).
func browserName(ua string) string {
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"Firefox/", "Firefox"}, {"HeadlessChrome/", "Headless Chrome"},
		{"Chromium/", "Chromium"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"}, {"curl/", "curl"}, {"Go-http-client/", "Go program"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, o := range []struct{ token, name string }{
		{"Android", "Android"}, {"iPhone", "iOS"}, {"iPad", "iPadOS"}, {"Windows", "Windows"}, {"Mac OS X", "macOS"},
		{"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			system = o.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case ua == "":
		return "unknown browser"
	case len(ua) > 60:
		return ua[:60] + "…"
	}
	return ua
}

// createToken creates a personal API token and shows it, once.
func (h *handler) createToken(w http.ResponseWriter, r *http.Request) {
	u, sid := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	p := &accountPage{TokenName: strings.TrimSpace(r.PostFormValue("name")), TokenExpires: r.PostFormValue("expires"),
		TokenReadOnly: r.PostFormValue("read_only") != ""}
	spec := store.TokenSpec{Name: p.TokenName, ReadOnly: p.TokenReadOnly}
	switch {
	case p.TokenName == "":
		p.TokenError = "Name the token after what will use it, such as \"CI deploy\"."
	case len(p.TokenName) > 100:
		p.TokenError = "The name is too long (100 characters at most)."
	case p.TokenExpires != "":
		day, err := time.Parse(time.DateOnly, p.TokenExpires)
		if err != nil {
			p.TokenError = "The expiry date must be a date, such as " + h.cfg.Store.Now().AddDate(0, 1, 0).Format(time.DateOnly) + "."
			break
		}
		// The token works through the whole day it expires on (UTC).
		end := day.AddDate(0, 0, 1)
		spec.ExpiresAt = &end
	}
	if p.TokenError == "" {
		token, t, err := h.cfg.Store.CreatePersonalToken(r.Context(), u.ID, spec)
		if err != nil {
			msg, ok := userMessage(err)
			if !ok {
				h.fail(w, r, err)
				return
			}
			if domain.ErrorCode(err) == domain.CodeInvalid && spec.ExpiresAt != nil {
				msg = "The expiry date must be in the future."
			}
			p.TokenError = msg
		} else {
			h.showAccount(w, r, u, sid, http.StatusCreated, &accountPage{NewToken: token, NewTokenName: t.Name}, "")
			return
		}
	}
	h.showAccount(w, r, u, sid, http.StatusUnprocessableEntity, p, "")
}

// acceptInvitation joins the organization of a pending invitation to the
// user's address (an invitation mailed to an address with an account leads
// here, through sign-in).
func (h *handler) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	u, _ := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	ctx := r.Context()
	inv, err := h.cfg.Store.UserInvitation(ctx, u, r.PathValue("id"))
	if err == nil {
		err = h.cfg.Store.AcceptInvitation(ctx, inv.OrganizationID, inv.ID, u)
	}
	h.done(w, r, err, "joined")
}

func (h *handler) declineInvitation(w http.ResponseWriter, r *http.Request) {
	u, _ := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	h.done(w, r, h.cfg.Store.DeclineInvitation(r.Context(), r.PathValue("id"), u), "declined")
}

func (h *handler) revokeToken(w http.ResponseWriter, r *http.Request) {
	u, _ := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	err := h.cfg.Store.RevokePersonalToken(r.Context(), u.ID, r.PathValue("id"))
	h.done(w, r, err, "token-revoked")
}

// done leads back to the account page with a notice, or fails.
func (h *handler) done(w http.ResponseWriter, r *http.Request, err error, notice string) {
	if domain.ErrorCode(err) == domain.CodeNotFound {
		// Already revoked or ended (another tab, say): nothing to do.
		notice = "nothing-changed"
	} else if err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, AccountPath+"?notice="+notice, http.StatusSeeOther)
}

// endSession ends one of the user's sessions; ending this one signs out.
func (h *handler) endSession(w http.ResponseWriter, r *http.Request) {
	u, sid := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	id := r.PathValue("id")
	if id == sid {
		if err := h.cfg.Sessions.SignOut(w, r); err != nil {
			h.fail(w, r, err)
			return
		}
		http.Redirect(w, r, SignInPath, http.StatusSeeOther)
		return
	}
	h.done(w, r, h.cfg.Store.EndSession(r.Context(), u.ID, id), "session-ended")
}

func (h *handler) endOtherSessions(w http.ResponseWriter, r *http.Request) {
	u, sid := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	_, err := h.cfg.Store.EndSessions(r.Context(), u.ID, sid)
	h.done(w, r, err, "sessions-ended")
}

// changePassword checks the current password (throttled like a sign-in:
// a browser left signed in is no way to guess it) and sets the new one.
// Every session of the user ends, this one too, and the browser gets a
// new one: a session is rotated when what it proves changes.
func (h *handler) changePassword(w http.ResponseWriter, r *http.Request) {
	u, sid := h.csrfChecked(w, r)
	if u == nil {
		return
	}
	ctx := r.Context()
	p := &accountPage{}
	fail := func(msg string) {
		p.PasswordError = msg
		h.showAccount(w, r, u, sid, http.StatusUnprocessableEntity, p, "")
	}
	g, err := h.guess(ctx, u.Email, h.cfg.ClientAddr(r))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if g.refused() {
		h.tooManyGuesses(w, g)
		return
	}
	if _, ok, err := h.checkPassword(ctx, u.Email, r.PostFormValue("current")); err != nil {
		h.fail(w, r, err)
		return
	} else if !ok {
		fail("The current password is wrong.")
		return
	}
	g.succeeded(ctx)
	hash, problem, err := newPassword(r.PostFormValue("password"), r.PostFormValue("confirm"), u.Email, u.DisplayName, "Folio")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if problem != "" {
		fail(problem)
		return
	}
	method, err := h.sessionMethod(ctx, u.ID, sid)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.cfg.Store.ChangePassword(ctx, u.ID, hash); err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.cfg.Sessions.SignIn(w, r, u, method); err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, AccountPath+"?notice=password", http.StatusSeeOther)
}

// sessionMethod is how the session sid was signed in, for the session
// that replaces it.
func (h *handler) sessionMethod(ctx context.Context, userID, sid string) (session.Method, error) {
	ss, err := h.cfg.Store.Sessions(ctx, userID)
	if err != nil {
		return session.Method{}, err
	}
	for _, s := range ss {
		if s.ID == sid {
			m := session.Method{Kind: s.Method}
			if s.ProviderID != nil {
				m.ProviderID = *s.ProviderID
			}
			return m, nil
		}
	}
	return session.Method{Kind: store.SignInPassword}, nil
}
