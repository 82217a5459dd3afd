package signin

import (
	"net/http"
	"net/url"
	"strings"

	"folio/domain"
	"folio/store"
)

// invitationPage is the page behind an invitation's link.
type invitationPage struct {
	Organization string
	// Accept: the invited user is signed in (a button accepts).
	Accept bool
	// SignIn: the invited address has an account; its owner signs in
	// first (SignInLink leads back here).
	SignIn     bool
	SignInLink string
	// Other is the address of another signed-in user.
	Other string
	// Closed: no new account may be made here (FOLIO_SIGNUP=off).
	Closed bool
}

// invitationPage shows the organization the link invites to, and the
// way to join it: accept (signed in as the invited address), sign in
// first (the address has an account), or create the account.
func (h *handler) invitationPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	h.showInvitation(w, r, token, http.StatusOK, &view{})
}

func (h *handler) showInvitation(w http.ResponseWriter, r *http.Request, token string, status int, v *view) {
	ctx := r.Context()
	l, inv, err := h.cfg.Store.InvitationLink(ctx, token)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, SignInPath, "Go to sign-in")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	p := invitationPage{Organization: inv.OrganizationTitle}
	v.Email, v.Token = l.Email, token
	if u, sid := signedIn(r); u != nil {
		if strings.EqualFold(u.Email, l.Email) {
			p.Accept, v.CSRF = true, h.cfg.Sessions.CSRFToken(sid)
		} else {
			p.Other, v.CSRF = u.Email, h.cfg.Sessions.CSRFToken(sid)
		}
	} else {
		// Whoever holds the link was sent it at this address: telling
		// them the address has an account tells them nothing new.
		_, err := h.cfg.Store.UserByEmail(ctx, l.Email)
		switch {
		case err == nil:
			p.SignIn, p.SignInLink = true, signInLink(InvitationPath+"?token="+url.QueryEscape(token))
		case domain.ErrorCode(err) == domain.CodeNotFound:
			p.Closed = h.cfg.Signup == SignupOff
		default:
			h.fail(w, r, err)
			return
		}
	}
	v.Page = p
	h.render(w, status, "invitation", v)
}

// invitation joins the organization: the signed-in invitee accepts, or a
// new account is made for the invited address (it is a member at once).
func (h *handler) invitation(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token := r.PostFormValue("token")
	if u, _ := signedIn(r); u != nil {
		if u, _ = h.csrfChecked(w, r); u == nil {
			return
		}
		_, err := h.cfg.Store.AcceptInvitationLink(ctx, token, u)
		if domain.ErrorCode(err) == domain.CodeNotFound {
			h.linkInvalid(w, AccountPath, "Go to your account")
			return
		}
		if err != nil {
			h.fail(w, r, err)
			return
		}
		http.Redirect(w, r, AccountPath+"?notice=joined", http.StatusSeeOther)
		return
	}
	if !h.sameSite(w, r) {
		return
	}
	l, _, err := h.cfg.Store.InvitationLink(ctx, token)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, SignInPath, "Go to sign-in")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if h.cfg.Signup == SignupOff {
		h.showInvitation(w, r, token, http.StatusForbidden, &view{})
		return
	}
	name := strings.TrimSpace(r.PostFormValue("name"))
	v := &view{Name: name}
	if len(name) > 200 {
		v.Error = "The name is too long (200 characters at most)."
		h.showInvitation(w, r, token, http.StatusUnprocessableEntity, v)
		return
	}
	hash, problem, err := newPassword(r.PostFormValue("password"), r.PostFormValue("confirm"), l.Email, name, "Folio")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if problem != "" {
		v.Error = problem
		h.showInvitation(w, r, token, http.StatusUnprocessableEntity, v)
		return
	}
	u, _, err := h.cfg.Store.SignUpByInvitation(ctx, token, store.NewAccount{Name: name, PasswordHash: hash})
	switch {
	case err == nil:
	case domain.ErrorCode(err) == domain.CodeNotFound:
		h.linkInvalid(w, SignInPath, "Go to sign-in")
		return
	case domain.ErrorCode(err) == domain.CodeConflict:
		h.hasAccount(w, l.Email, InvitationPath+"?token="+url.QueryEscape(token))
		return
	default:
		h.fail(w, r, err)
		return
	}
	h.startSession(w, r, u, AccountPath)
}
