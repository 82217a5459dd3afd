package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// AuthLink is a one-time link sent by mail. Only the SHA-256 of its secret
// is stored; it works once, before it expires.
type AuthLink struct {
	bun.BaseModel `bun:"table:auth_links,alias:al"`

	TokenHash    []byte     `bun:"token_hash,pk"`
	Purpose      string     `bun:"purpose"`
	Email        string     `bun:"email"`
	UserID       *string    `bun:"user_id"`
	InvitationID *string    `bun:"invitation_id"`
	CreatedAt    time.Time  `bun:"created_at"`
	ExpiresAt    time.Time  `bun:"expires_at"`
	UsedAt       *time.Time `bun:"used_at"`
}

// Purposes of one-time links, and how long each works.
const (
	LinkPasswordReset = "password_reset"
	LinkInvitation    = "invitation"
	LinkSignup        = "signup"
)

// LinkLifetime is how long a link of each purpose works.
var LinkLifetime = map[string]time.Duration{
	LinkPasswordReset: time.Hour,
	LinkInvitation:    7 * 24 * time.Hour,
	LinkSignup:        24 * time.Hour,
}

// IssueAuthLink stores a new one-time link and returns its secret, for the
// mail that carries it.
func (s *Store) IssueAuthLink(ctx context.Context, l AuthLink) (string, error) {
	ttl, ok := LinkLifetime[l.Purpose]
	if !ok {
		return "", errors.New("issue auth link: unknown purpose " + l.Purpose)
	}
	secret := domain.RandomString(43)
	l.TokenHash, l.CreatedAt, l.ExpiresAt, l.UsedAt = hashToken(secret), s.Now(), s.Now().Add(ttl), nil
	if _, err := s.DB.NewInsert().Model(&l).Exec(ctx); err != nil {
		return "", dbError(err, "link")
	}
	return secret, nil
}

// errLinkInvalid is what every unusable link answers: unknown, used,
// expired or of another purpose alike.
var errLinkInvalid = domain.Errorf(domain.CodeNotFound, "this link is not valid: it may have expired or been used already")

// PeekAuthLink returns the link of a secret without using it (to show the
// form that will), or not found.
func (s *Store) PeekAuthLink(ctx context.Context, purpose, secret string) (*AuthLink, error) {
	var l AuthLink
	err := s.DB.NewSelect().Model(&l).
		Where("token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?", hashToken(secret), purpose, s.Now()).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errLinkInvalid
	}
	return &l, dbError(err, "link")
}

// UseAuthLink marks the link of a secret used, in tx, and returns it; not
// found when it is unknown, used, expired or of another purpose. Two
// requests with one link: exactly one gets it.
func (s *Store) UseAuthLink(ctx context.Context, tx bun.IDB, purpose, secret string) (*AuthLink, error) {
	var l AuthLink
	err := tx.NewUpdate().Model(&l).Set("used_at = ?", s.Now()).
		Where("token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?", hashToken(secret), purpose, s.Now()).
		Returning("*").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errLinkInvalid
	}
	return &l, dbError(err, "link")
}

// PruneAuthLinks deletes links that expired.
func (s *Store) PruneAuthLinks(ctx context.Context) (int64, error) {
	res, err := s.DB.NewDelete().Model((*AuthLink)(nil)).Where("expires_at <= ?", s.Now()).Exec(ctx)
	if err != nil {
		return 0, dbError(err, "link")
	}
	n, _ := res.RowsAffected()
	return n, nil
}
