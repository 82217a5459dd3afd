package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"folio/domain"
)

// UserByEmail finds the user with this address (compared without case), or
// not found.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	err := s.DB.NewSelect().Model(&u).Where("lower(email) = lower(?)", strings.TrimSpace(email)).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.NotFound("user")
	}
	return &u, dbError(err, "user")
}

// HasUsers reports whether any account exists (the first one signed up
// becomes the server's admin).
func (s *Store) HasUsers(ctx context.Context) (bool, error) {
	return exists(ctx, s.DB.NewSelect().Table("users"))
}

// NewAccount is an account about to be created.
type NewAccount struct {
	Email, Name  string
	PasswordHash string // "" for none (SSO or token only)
	ServerAdmin  bool
}

// CreateAccount creates a user, in tx: conflict when the address has an
// account already.
func (s *Store) CreateAccount(ctx context.Context, tx bun.IDB, a NewAccount) (*User, error) {
	email := strings.TrimSpace(a.Email)
	if !strings.Contains(email, "@") || len(email) > 320 {
		return nil, domain.Invalid("email", "must be an e-mail address")
	}
	name := strings.TrimSpace(a.Name)
	if name == "" {
		name, _, _ = strings.Cut(email, "@")
	}
	u := &User{ID: domain.NewID(), Email: email, DisplayName: name, CreatedAt: s.Now(), PasswordHash: a.PasswordHash,
		ServerAdmin: a.ServerAdmin}
	if a.PasswordHash != "" {
		now := s.Now()
		u.PasswordChangedAt = &now
	}
	if _, err := tx.NewInsert().Model(u).Exec(ctx); err != nil {
		return nil, dbError(err, "account")
	}
	return u, nil
}

// SetPassword replaces the user's password hash, in tx, and ends every
// session of the user: whoever knew the old password is signed out.
func (s *Store) SetPassword(ctx context.Context, tx bun.IDB, userID, hash string) error {
	res, err := tx.NewUpdate().Model((*User)(nil)).Set("password_hash = ?, password_changed_at = ?", hash, s.Now()).
		Where("id = ?", userID).Exec(ctx)
	if err != nil {
		return dbError(err, "user")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.NotFound("user")
	}
	_, err = tx.NewDelete().Model((*Session)(nil)).Where("user_id = ?", userID).Exec(ctx)
	// The cached users hold the password's hash (the API's password
	// change checks the current password against it): dropped now, and by
	// the callers again once committed.
	s.credentialsChanged()
	return dbError(err, "session")
}

// SetServerAdmin makes a user an operator of this server, or not.
func (s *Store) SetServerAdmin(ctx context.Context, userID string, admin bool) error {
	_, err := s.DB.NewUpdate().Model((*User)(nil)).Set("server_admin = ?", admin).Where("id = ?", userID).Exec(ctx)
	s.credentialsChanged()
	return dbError(err, "user")
}

// ResetPassword sets a new password through a password-reset link and
// returns the user; not found when the link is not valid. Every session of
// the user ends.
func (s *Store) ResetPassword(ctx context.Context, secret, hash string) (*User, error) {
	var u *User
	defer s.credentialsChanged()
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		l, err := s.UseAuthLink(ctx, tx, LinkPasswordReset, secret)
		if err != nil {
			return err
		}
		if l.UserID == nil {
			return errLinkInvalid
		}
		if err := s.SetPassword(ctx, tx, *l.UserID, hash); err != nil {
			return err
		}
		u = &User{}
		return tx.NewSelect().Model(u).Where("id = ?", *l.UserID).Scan(ctx)
	})
	return u, dbError(err, "user")
}
