package graph

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"folio/domain"
	"folio/graph/model"
	"folio/internal/logs"
	"folio/internal/password"
	"folio/store"
)

// The caller's own credentials (schema/account.graphqls): personal API
// tokens, browser sessions and the password. Everything here is scoped to
// the caller: another user's token or session is NOT_FOUND, as an id that
// names nothing.

// currentSession is the id of the session making the request, "" for a
// request made with an API token.
func currentSession(ctx context.Context) string {
	if c, ok := CredentialOf(ctx); ok && c.Kind == CredentialSession {
		return c.ID
	}
	return ""
}

// personalToken reads one of the caller's live tokens.
func (r *Resolver) personalToken(ctx context.Context, id string) (*model.PersonalToken, error) {
	u, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	t, err := r.Store.PersonalToken(ctx, u.ID, id)
	if err != nil {
		return nil, err
	}
	m := model.NewPersonalToken(*t, r.Store.Now())
	return &m, nil
}

// session reads one of the caller's sessions that has not ended.
func (r *Resolver) session(ctx context.Context, id string) (*model.Session, error) {
	u, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	s, err := r.Store.UserSession(ctx, u.ID, id, r.SessionIdle)
	if err != nil {
		return nil, err
	}
	m := model.NewSession(*s, s.ID == currentSession(ctx))
	return &m, nil
}

// tokenName is a token's name without its surrounding spaces: one of only
// spaces would show as empty, which is how tokens of `folio token create`
// show.
func tokenName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", domain.Invalid("name", "must not be blank")
	}
	return name, nil
}

// Guesses of the current password count against the sign-in throttle of
// the account's address: the bucket, window and limit of rest/signin's
// (signin:account:<SHA-256 of the address>, 10 failures per 15 minutes),
// so that guesses on the sign-in page, on the account page and through
// the API share one budget; TestChangePasswordSharesTheSignInThrottle
// holds the two together. Only failures count.
const (
	guessWindow    = 15 * time.Minute
	accountGuesses = 10
)

// guessBucket is the throttle bucket of an address.
func guessBucket(email string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	return "signin:account:" + hex.EncodeToString(sum[:])
}

// checkCurrentPassword counts an attempt against the account's guesses
// (RATE_LIMITED past them, before any password is checked), then checks
// pw against the user's password: INVALID when it does not match, or when
// the account has none (it signs in through single sign-on; a password
// reset sets one, proving the address rather than the session). A right
// password gives the attempt back.
func (r *Resolver) checkCurrentPassword(ctx context.Context, u *store.User, pw string) error {
	bucket := guessBucket(u.Email)
	w, err := r.Store.HitRateLimit(ctx, bucket, guessWindow, 1)
	if err != nil {
		return err
	}
	if w.Count > accountGuesses {
		wait := max(time.Second, w.Reset.Sub(r.Store.Now())).Round(time.Second)
		err := domain.Errorf(domain.CodeRateLimited, "too many wrong passwords were tried; try again in %s, or reset the password", wait)
		err.Data = map[string]any{"retryAfter": int(wait / time.Second)} // REST: Retry-After
		return err
	}
	if u.PasswordHash == "" {
		password.Dummy(pw) // the same time as a wrong password
		return domain.Invalid("current", "this account has no password: it signs in through single sign-on; set one with a password reset")
	}
	if err := password.Verify(u.PasswordHash, pw); err != nil {
		if errors.Is(err, password.ErrMismatch) {
			return domain.Invalid("current", "does not match the account's password")
		}
		return fmt.Errorf("check password: %w", err)
	}
	if err := r.Store.ReturnRateLimit(ctx, bucket, w.Start); err != nil {
		logs.From(ctx).WarnContext(ctx, "password throttle", "error", err.Error())
	}
	return nil
}
