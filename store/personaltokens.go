package store

import (
	"context"
	"database/sql"
	"sync/atomic"
	"time"

	"folio/domain"
)

// TokenSpec is what a user chooses for a personal API token.
type TokenSpec struct {
	Name      string
	ExpiresAt *time.Time // nil: never
	ReadOnly  bool       // refused every write (403)
}

// CreatePersonalToken issues a token for the user and returns it in clear
// with its row; the clear token cannot be shown again.
func (s *Store) CreatePersonalToken(ctx context.Context, userID string, spec TokenSpec) (string, *APIToken, error) {
	if spec.ExpiresAt != nil && !spec.ExpiresAt.After(s.Now()) {
		return "", nil, domain.Invalid("expiresAt", "must be in the future")
	}
	token := TokenPrefix + domain.RandomString(40)
	t := &APIToken{ID: domain.NewID(), UserID: userID, TokenHash: hashToken(token), Name: spec.Name,
		ExpiresAt: spec.ExpiresAt, ReadOnly: spec.ReadOnly, CreatedAt: s.Now()}
	if _, err := s.DB.NewInsert().Model(t).Exec(ctx); err != nil {
		return "", nil, dbError(err, "token")
	}
	return token, t, nil
}

// PersonalTokens lists the user's live tokens (revoked ones are gone;
// expired ones stay until revoked, so their owner sees why a script
// stopped working), oldest first.
func (s *Store) PersonalTokens(ctx context.Context, userID string, args PageArgs) (Page[APIToken], error) {
	q := s.DB.NewSelect().Model((*APIToken)(nil)).Where("t.user_id = ? AND t.revoked_at IS NULL", userID)
	return listPage(ctx, s, q, keyset{name: "tokens", cols: []string{"t.created_at", "t.id"}}.in(userID), args,
		func(t *APIToken) []any { return []any{t.CreatedAt, t.ID} })
}

// RevokePersonalToken revokes one of the user's tokens: not found when the
// user has no live token of that id (another user's token included).
func (s *Store) RevokePersonalToken(ctx context.Context, userID, id string) error {
	res, err := s.DB.NewUpdate().Model((*APIToken)(nil)).Set("revoked_at = ?", s.Now()).
		Where("id = ? AND user_id = ? AND revoked_at IS NULL", id, userID).Exec(ctx)
	return s.tokenRevoked(res, err)
}

// tokenRevoked answers a revocation's update, and drops the cached tokens
// when it may have revoked one. One that revoked nothing (an unknown id,
// as any signed-in user may send) leaves the token cache alone: dropping
// it would make this server read every token in use again.
func (s *Store) tokenRevoked(res sql.Result, err error) error {
	if err != nil {
		s.credentialsChanged() // the update may have committed all the same
		return dbError(err, "token")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.NotFound("token")
	}
	s.credentialsChanged()
	return nil
}

// touchGranularity is how stale a last-used time may get: a token used
// all day long is written at most once a minute.
const touchGranularity = time.Minute

// touchToken records that t was used now, when its last use is older than
// touchGranularity. Bookkeeping is not the request's own work: it is not
// counted against the request's statements, and its failure fails nothing.
func (s *Store) touchToken(ctx context.Context, t *APIToken) {
	now := s.Now()
	if t.LastUsedAt != nil && now.Sub(*t.LastUsedAt) < touchGranularity {
		return
	}
	_, _ = s.DB.NewUpdate().Model((*APIToken)(nil)).Set("last_used_at = ?", now).
		Where("id = ?", t.ID).Exec(uncounted(ctx))
	t.LastUsedAt = &now
}

// uncounted is ctx with its statements counted nowhere.
func uncounted(ctx context.Context) context.Context {
	return WithQueryCounter(ctx, new(atomic.Int64))
}
