package signin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"folio/domain"
	"folio/internal/logs"
	"folio/internal/password"
	"folio/store"
)

// Mail a form sends to one address is throttled (per address, counted
// in the database): a form cannot be made into a way to flood someone's
// mailbox. Past the limit the page answers the same, and nothing is sent.
const (
	mailWindow     = time.Hour
	mailPerAddress = 5
)

// newPassword checks a new password and its confirmation, and hashes it:
// a message for the person when it may not be used.
func newPassword(pw, again string, context ...string) (hash, problem string, err error) {
	if pw != again {
		return "", "The two passwords differ.", nil
	}
	if err := password.Check(pw, context...); err != nil {
		s := err.Error()
		return "", strings.ToUpper(s[:1]) + s[1:] + ".", nil
	}
	hash, err = password.Hash(pw)
	return hash, "", err
}

// signUpPage is the sign-up form's state.
type signUpPage struct {
	// First: no account exists; this one will be the server's admin.
	First bool
	// Invite: only invited addresses may sign up.
	Invite bool
}

// signUpState says which sign-up this server offers: the first account
// (at once), by mail, or none (closed says why).
func (h *handler) signUpState(ctx context.Context) (first, open bool, err error) {
	has, err := h.cfg.Store.HasUsers(ctx)
	if err != nil {
		return false, false, err
	}
	if !has {
		return true, true, nil
	}
	return false, h.cfg.Signup != SignupOff && h.cfg.MailEnabled, nil
}

// closed is the sign-up page of a server that takes no sign-ups.
func (h *handler) closed(w http.ResponseWriter, status int) {
	text := "Accounts on this server are created by its administrators. Ask one to invite you, or to create your account (folio user create)."
	if h.cfg.Signup != SignupOff && !h.cfg.MailEnabled {
		text = "This server sends no mail, so it cannot confirm a new address. Ask an administrator to create your account (folio user create)."
	}
	h.message(w, status, message{Title: "Sign-up is closed", Text: text, Link: SignInPath, LinkText: "Go to sign-in"})
}

func (h *handler) signUpPage(w http.ResponseWriter, r *http.Request) {
	first, open, err := h.signUpState(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if !open {
		h.closed(w, http.StatusOK)
		return
	}
	h.render(w, http.StatusOK, "signup", &view{Page: signUpPage{First: first, Invite: h.cfg.Signup == SignupInvite}})
}

// signUp creates the first account at once; any other sign-up sends a
// mail to the address (a confirmation link, or a reminder that it has an
// account, as the mail worker finds) and answers the same page whoever
// the address belongs to.
func (h *handler) signUp(w http.ResponseWriter, r *http.Request) {
	if !h.sameSite(w, r) {
		return
	}
	ctx := r.Context()
	first, open, err := h.signUpState(ctx)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if !open {
		h.closed(w, http.StatusForbidden)
		return
	}
	email, name := strings.TrimSpace(r.PostFormValue("email")), strings.TrimSpace(r.PostFormValue("name"))
	v := &view{Email: email, Name: name, Page: signUpPage{First: first, Invite: h.cfg.Signup == SignupInvite}}
	if !emailOK(email) {
		v.Error = "Enter your e-mail address, such as ada@example.com."
		h.render(w, http.StatusUnprocessableEntity, "signup", v)
		return
	}
	if !first {
		h.mailOnce(ctx, "signup", store.Mail{Template: store.MailSignup, To: email, Data: map[string]string{"signup": h.cfg.Signup}})
		h.render(w, http.StatusOK, "signup-sent", &view{Email: email})
		return
	}
	hash, ok := h.accountForm(w, r, v, "signup", email)
	if !ok {
		return
	}
	u, err := h.cfg.Store.CreateFirstAccount(ctx, store.NewAccount{Email: email, Name: name, PasswordHash: hash})
	if domain.ErrorCode(err) == domain.CodeConflict {
		// Someone else was first a moment ago: this is an ordinary
		// sign-up now.
		h.signUpPage(w, r)
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.startSession(w, r, u, AccountPath)
}

// mailOnce queues a mail unless the address had mailPerAddress mails of
// this kind within the hour. Failures are logged: the page says the same.
func (h *handler) mailOnce(ctx context.Context, kind string, m store.Mail) {
	sum := sha256.Sum256([]byte(strings.ToLower(m.To)))
	win, err := h.cfg.Store.HitRateLimit(ctx, "mail:"+kind+":"+hex.EncodeToString(sum[:]), mailWindow, 1)
	if err == nil && win.Count > mailPerAddress {
		return
	}
	if err == nil {
		err = h.cfg.Store.SendMail(ctx, m)
	}
	if err != nil {
		logs.From(ctx).LogAttrs(ctx, slog.LevelError, "queue mail", slog.String("template", m.Template),
			slog.String("error", err.Error()))
	}
}

// linkInvalid answers a one-time link that does not work.
func (h *handler) linkInvalid(w http.ResponseWriter, again, againText string) {
	h.message(w, http.StatusNotFound, message{Title: "This link does not work",
		Text: "It may have expired, or been used already. Links sent by mail work once.", Link: again, LinkText: againText})
}

// confirmPage is the form behind a sign-up link: name and password.
func (h *handler) confirmPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	if h.cfg.Signup == SignupOff {
		h.closed(w, http.StatusForbidden)
		return
	}
	l, err := h.cfg.Store.PeekAuthLink(r.Context(), store.LinkSignup, token)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, SignUpPath, "Sign up again")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, http.StatusOK, "signup-confirm", &view{Email: l.Email, Token: token})
}

// confirm creates the account of a sign-up link and signs it in.
func (h *handler) confirm(w http.ResponseWriter, r *http.Request) {
	if !h.sameSite(w, r) {
		return
	}
	ctx := r.Context()
	token, name := r.PostFormValue("token"), strings.TrimSpace(r.PostFormValue("name"))
	if h.cfg.Signup == SignupOff {
		h.closed(w, http.StatusForbidden)
		return
	}
	l, err := h.cfg.Store.PeekAuthLink(ctx, store.LinkSignup, token)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, SignUpPath, "Sign up again")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if h.cfg.Signup == SignupInvite {
		// The mail worker sends no link to an address nobody invited;
		// this holds even if the invitation was revoked since.
		invited, err := h.cfg.Store.InvitedAddress(ctx, l.Email)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		if !invited {
			h.closed(w, http.StatusForbidden)
			return
		}
	}
	v := &view{Email: l.Email, Name: name, Token: token}
	hash, ok := h.accountForm(w, r, v, "signup-confirm", l.Email)
	if !ok {
		return
	}
	u, err := h.cfg.Store.SignUpWithLink(ctx, token, store.NewAccount{Name: name, PasswordHash: hash})
	switch {
	case err == nil:
	case domain.ErrorCode(err) == domain.CodeNotFound:
		h.linkInvalid(w, SignUpPath, "Sign up again")
		return
	case domain.ErrorCode(err) == domain.CodeConflict:
		h.hasAccount(w, l.Email, AccountPath)
		return
	default:
		h.fail(w, r, err)
		return
	}
	h.startSession(w, r, u, AccountPath)
}

// accountForm checks the name and new password of a form that creates an
// account, and hashes the password: "" (and the form shown again with
// why) when they may not be used.
func (h *handler) accountForm(w http.ResponseWriter, r *http.Request, v *view, tpl, email string) (string, bool) {
	if len(v.Name) > 200 {
		v.Error = "The name is too long (200 characters at most)."
		h.render(w, http.StatusUnprocessableEntity, tpl, v)
		return "", false
	}
	hash, problem, err := newPassword(r.PostFormValue("password"), r.PostFormValue("confirm"), email, v.Name, "Folio")
	if err != nil {
		h.fail(w, r, err)
		return "", false
	}
	if problem != "" {
		v.Error = problem
		h.render(w, http.StatusUnprocessableEntity, tpl, v)
		return "", false
	}
	return hash, true
}

// hasAccount tells the holder of a link sent to email that the address
// has an account (they own the address: this is theirs to know).
func (h *handler) hasAccount(w http.ResponseWriter, email, next string) {
	h.message(w, http.StatusConflict, message{Title: "You already have an account",
		Text: email + " has an account on this server. Sign in with it.", Link: signInLink(next), LinkText: "Sign in"})
}
