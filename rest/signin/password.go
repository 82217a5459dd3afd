package signin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"folio/domain"
	"folio/internal/logs"
	"folio/internal/password"
	"folio/rest/session"
	"folio/store"
)

// Password guessing is throttled per account and per client address,
// counted in the database so that every server behind a load balancer
// shares the count. Only failures count; once a bucket is over, attempts
// are refused before any password is checked, until its window ends.
const (
	// GuessWindow is the window failures are counted in.
	GuessWindow = 15 * time.Minute
	// AccountGuesses is how many failed passwords an address (whether or
	// not it has an account) takes per window.
	AccountGuesses = 10
	// AddressGuesses is how many failed passwords one client address
	// takes per window, whatever the accounts (a shared office address
	// has room for its people's typos).
	AddressGuesses = 50
	// maxPasswordBytes cuts what is hashed: no password set here is longer
	// (password.MaxLength characters of at most 4 bytes), so nothing
	// right is cut, and a megabyte of form costs no more than a password.
	maxPasswordBytes = 4 * password.MaxLength
)

// signInPage is the form.
type signInPage struct {
	// SignUp says to show the link to the sign-up page; First says no
	// account exists yet.
	SignUp, First bool
}

func (h *handler) signInPage(w http.ResponseWriter, r *http.Request) {
	next := SafeNext(r.URL.Query().Get("next"))
	if u, _ := signedIn(r); u != nil {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	v, err := h.signInView(r, "", next)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, http.StatusOK, "signin", v)
}

func (h *handler) signInView(r *http.Request, email, next string) (*view, error) {
	has, err := h.cfg.Store.HasUsers(r.Context())
	if err != nil {
		return nil, err
	}
	return &view{Email: email, Next: next,
		Page: signInPage{First: !has, SignUp: !has || h.cfg.Signup != SignupOff && h.cfg.MailEnabled}}, nil
}

// wrongPassword is the one answer to an unknown address, an account
// without a password and a wrong password alike.
const wrongPassword = "Wrong e-mail or password."

func (h *handler) signIn(w http.ResponseWriter, r *http.Request) {
	if !h.sameSite(w, r) {
		return
	}
	ctx := r.Context()
	email, pw := strings.TrimSpace(r.PostFormValue("email")), r.PostFormValue("password")
	next := SafeNext(r.PostFormValue("next"))
	v, err := h.signInView(r, email, next)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if email == "" || pw == "" {
		v.Error = "Enter your e-mail address and your password."
		h.render(w, http.StatusUnprocessableEntity, "signin", v)
		return
	}
	g, err := h.guess(ctx, email, h.cfg.ClientAddr(r))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if g.refused() {
		h.tooManyGuesses(w, g)
		return
	}
	u, ok, err := h.checkPassword(ctx, email, pw)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if !ok {
		v.Error = wrongPassword
		h.render(w, http.StatusUnprocessableEntity, "signin", v)
		return
	}
	g.succeeded(ctx)
	h.startSession(w, r, u, next)
}

// checkPassword looks the address up and checks its password, taking the
// time of one hash whether or not the address has an account (or the
// account a password).
func (h *handler) checkPassword(ctx context.Context, email, pw string) (*store.User, bool, error) {
	if len(pw) > maxPasswordBytes {
		pw = pw[:maxPasswordBytes]
	}
	u, err := h.cfg.Store.UserByEmail(ctx, email)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		password.Dummy(pw)
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	switch err := password.Verify(u.PasswordHash, pw); {
	case err == nil:
		return u, true, nil
	case errors.Is(err, password.ErrMismatch):
		return nil, false, nil
	default:
		// A hash this server cannot read: no sign-in, and the operator
		// hears of it.
		logs.From(ctx).LogAttrs(ctx, slog.LevelError, "unreadable password hash", slog.String("user_id", u.ID),
			slog.String("error", err.Error()))
		return nil, false, nil
	}
}

// startSession signs u in by password and leads to next, unless u is a
// member of an organization that signs its members in through single
// sign-on only: then the page names its providers instead. Call it only
// once the password is checked, so the refusal tells nothing to someone
// who does not know it.
func (h *handler) startSession(w http.ResponseWriter, r *http.Request, u *store.User, next string) {
	required, err := h.cfg.Store.SSORequired(r.Context(), u.ID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if len(required) > 0 {
		h.render(w, http.StatusForbidden, "sso", &view{SSO: choices(required), Page: ssoPage{Required: true}})
		return
	}
	if err := h.cfg.Sessions.SignIn(w, r, u, session.Method{Kind: store.SignInPassword}); err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// guesses is one password attempt counted against its buckets.
type guesses struct {
	store   *store.Store
	buckets []guessBucket
}

type guessBucket struct {
	name  string
	limit int
	win   store.RateWindow
}

// guess counts an attempt at the password of email from client, before
// the password is checked: concurrent attempts each see their own count,
// so none slips past a count read before the others ended.
func (h *handler) guess(ctx context.Context, email, client string) (*guesses, error) {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	g := &guesses{store: h.cfg.Store, buckets: []guessBucket{
		{name: "signin:account:" + hex.EncodeToString(sum[:]), limit: AccountGuesses},
		{name: "signin:addr:" + client, limit: AddressGuesses},
	}}
	for i := range g.buckets {
		b := &g.buckets[i]
		win, err := h.cfg.Store.HitRateLimit(ctx, b.name, GuessWindow, 1)
		if err != nil {
			return nil, err
		}
		b.win = win
	}
	return g, nil
}

// refused reports whether a bucket is over its limit.
func (g *guesses) refused() bool {
	for _, b := range g.buckets {
		if b.win.Count > b.limit {
			return true
		}
	}
	return false
}

// retry is when every bucket over its limit has a new window.
func (g *guesses) retry() time.Time {
	var t time.Time
	for _, b := range g.buckets {
		if b.win.Count > b.limit && b.win.Reset.After(t) {
			t = b.win.Reset
		}
	}
	return t
}

// succeeded gives the attempt back: only failures count. A failure to
// give it back fails nothing (the count is one too high for a window).
func (g *guesses) succeeded(ctx context.Context) {
	for _, b := range g.buckets {
		if err := g.store.ReturnRateLimit(ctx, b.name, b.win.Start); err != nil {
			logs.From(ctx).LogAttrs(ctx, slog.LevelWarn, "sign-in throttle", slog.String("error", err.Error()))
		}
	}
}

// tooManyGuesses answers 429 with Retry-After and the time to try again.
func (h *handler) tooManyGuesses(w http.ResponseWriter, g *guesses) {
	at := g.retry()
	secs := int(math.Ceil(time.Until(at).Seconds()))
	secs = max(secs, 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	mins := (secs + 59) / 60
	h.message(w, http.StatusTooManyRequests, message{Title: "Too many attempts",
		Text: fmt.Sprintf("Too many wrong passwords were tried. Try again after %s (in %d minute%s), or reset your password.",
			formTime(at), mins, plural(mins)),
		Link: ForgotPasswordPath, LinkText: "Reset your password"})
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (h *handler) signOut(w http.ResponseWriter, r *http.Request) {
	if u, _ := h.csrfChecked(w, r); u == nil {
		return
	}
	if err := h.cfg.Sessions.SignOut(w, r); err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, SignInPath, http.StatusSeeOther)
}

// signInLink is the sign-in page leading back to path.
func signInLink(path string) string {
	return SignInPath + "?next=" + url.QueryEscape(path)
}
