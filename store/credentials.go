package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// What a user sees of, and does to, their own credentials through the API:
// one token by id, their sessions a page at a time, and a password change
// that keeps the session making it. Every read is scoped to the user: an id
// of anyone else's is not found, exactly like an id that names nothing.

// PersonalToken reads one of the user's live tokens (revoked ones are
// gone): not found for any other id, another user's token included.
func (s *Store) PersonalToken(ctx context.Context, userID, id string) (*APIToken, error) {
	var t APIToken
	err := s.DB.NewSelect().Model(&t).Where("t.id = ? AND t.user_id = ? AND t.revoked_at IS NULL", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.NotFound("token")
	}
	if err != nil {
		return nil, dbError(err, "token")
	}
	return &t, nil
}

// liveSessions filters q to sessions that have not ended: before their
// absolute lifetime and, with an idle lifetime, used within it (the rule
// of SessionByToken, which deletes the ended ones it meets).
func (s *Store) liveSessions(q *bun.SelectQuery, userID string, idle time.Duration) *bun.SelectQuery {
	now := s.Now()
	q = q.Where("sess.user_id = ? AND sess.expires_at > ?", userID, now)
	if idle > 0 {
		q = q.Where("sess.last_seen_at > ?", now.Add(-idle))
	}
	return q
}

// SessionPage lists the user's sessions that have not ended (idle is the
// idle lifetime; 0 checks none), newest first, a page at a time.
func (s *Store) SessionPage(ctx context.Context, userID string, idle time.Duration, args PageArgs) (Page[Session], error) {
	q := s.liveSessions(s.DB.NewSelect().Model((*Session)(nil)), userID, idle)
	return listPage(ctx, s, q, keyset{name: "sessions", cols: []string{"sess.created_at", "sess.id"}, desc: true}.in(userID), args,
		func(x *Session) []any { return []any{x.CreatedAt, x.ID} })
}

// UserSession reads one of the user's sessions that has not ended: not
// found for any other id, another user's session included.
func (s *Store) UserSession(ctx context.Context, userID, id string, idle time.Duration) (*Session, error) {
	var sess Session
	err := s.liveSessions(s.DB.NewSelect().Model(&sess), userID, idle).Where("sess.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.NotFound("session")
	}
	if err != nil {
		return nil, dbError(err, "session")
	}
	return &sess, nil
}

// ChangePasswordKeeping replaces the user's password hash oldHash (the
// one the caller checked the current password against) with newHash, and
// ends every session of the user but keep (a session id, or "" to end
// them all): whoever knew the old password is signed out, while the
// browser that changed it through the API stays signed in (the API cannot
// give it a new cookie; the account page, which can, rotates it instead:
// ChangePassword). CONFLICT when the password changed since oldHash was
// read (two changes at once: only the first wins).
func (s *Store) ChangePasswordKeeping(ctx context.Context, userID, oldHash, newHash, keep string) error {
	defer s.credentialsChanged()
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*User)(nil)).Set("password_hash = ?, password_changed_at = ?", newHash, s.Now()).
			Where("id = ? AND password_hash = ?", userID, oldHash).Exec(ctx)
		if err != nil {
			return dbError(err, "user")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Errorf(domain.CodeConflict, "the password was changed meanwhile; sign in again with the new one")
		}
		_, err = tx.NewDelete().Model((*Session)(nil)).Where("user_id = ? AND id <> ?", userID, keep).Exec(ctx)
		return dbError(err, "session")
	})
}
