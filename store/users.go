package store

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// User is a person with an account on this server.
type User struct {
	bun.BaseModel `bun:"table:users"`

	ID          string    `bun:"id,pk"`
	Email       string    `bun:"email"`
	DisplayName string    `bun:"display_name"`
	PhotoURL    *string   `bun:"photo_url"`
	CreatedAt   time.Time `bun:"created_at"`
	// PasswordHash is the argon2id hash of the user's password (package
	// internal/password); empty for accounts that sign in only by SSO or
	// by API token.
	PasswordHash      string     `bun:"password_hash,nullzero" json:"-"`
	PasswordChangedAt *time.Time `bun:"password_changed_at" json:"-"`
	// ServerAdmin marks the operators of this server (`folio user create
	// --admin`, or the first account signed up).
	ServerAdmin bool `bun:"server_admin" json:"-"`
}

// APIToken is a bearer token; only its SHA-256 hash is stored. Tokens of
// `folio token create` have no name, no expiry and full access; personal
// tokens (personaltokens.go) may have all three.
type APIToken struct {
	bun.BaseModel `bun:"table:api_tokens,alias:t"`

	ID         string     `bun:"id,pk"`
	UserID     string     `bun:"user_id"`
	TokenHash  []byte     `bun:"token_hash"`
	Name       string     `bun:"name"`
	ExpiresAt  *time.Time `bun:"expires_at"`
	ReadOnly   bool       `bun:"read_only"`
	LastUsedAt *time.Time `bun:"last_used_at"`
	CreatedAt  time.Time  `bun:"created_at"`
	RevokedAt  *time.Time `bun:"revoked_at"`
}

// TokenPrefix starts every API token, as on GitBook.
const TokenPrefix = "gb_api_"

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// EnsureUser returns the user with this e-mail, creating it when missing.
func (s *Store) EnsureUser(ctx context.Context, email, name string) (*User, error) {
	return s.ensureUser(ctx, s.DB, email, name)
}

// ensureUser is EnsureUser in db (a transaction, or the pool).
func (s *Store) ensureUser(ctx context.Context, db bun.IDB, email, name string) (*User, error) {
	email = strings.TrimSpace(email)
	if !strings.Contains(email, "@") {
		return nil, domain.Invalid("email", "must be an e-mail address")
	}
	if name == "" {
		name, _, _ = strings.Cut(email, "@")
	}
	u := &User{ID: domain.NewID(), Email: email, DisplayName: name, CreatedAt: s.Now()}
	_, err := db.NewInsert().Model(u).
		On("CONFLICT (lower(email)) DO UPDATE").Set(`email = "user".email`).
		Returning("*").Exec(ctx)
	return u, dbError(err, "user")
}

// CreateToken issues a new API token for the user and returns it in clear;
// it cannot be shown again.
func (s *Store) CreateToken(ctx context.Context, userID string) (string, error) {
	token := TokenPrefix + domain.RandomString(40)
	t := &APIToken{ID: domain.NewID(), UserID: userID, TokenHash: hashToken(token), CreatedAt: s.Now()}
	_, err := s.DB.NewInsert().Model(t).Exec(ctx)
	return token, dbError(err, "token")
}

// RevokeToken revokes a token. Not found when no live token matches.
func (s *Store) RevokeToken(ctx context.Context, token string) error {
	res, err := s.DB.NewUpdate().Model((*APIToken)(nil)).
		Set("revoked_at = ?", s.Now()).
		Where("token_hash = ? AND revoked_at IS NULL", hashToken(token)).Exec(ctx)
	return s.tokenRevoked(res, err)
}

// Authenticate resolves a bearer token to its user and the token itself.
// Any token that is malformed, unknown, revoked or expired is
// CodeUnauthenticated.
// With a token cache (tokencache.go), a token used less than its TTL ago
// runs no statement.
func (s *Store) Authenticate(ctx context.Context, token string) (*User, *APIToken, error) {
	if !strings.HasPrefix(token, TokenPrefix) || len(token) > 200 {
		return nil, nil, errBadToken()
	}
	sum := sha256.Sum256([]byte(token))
	var gen uint64
	var read time.Time
	if s.tokens != nil {
		if u, t, ok, err := s.cachedAuthenticate(ctx, sum); ok {
			return u, t, err
		}
		gen, read = s.tokens.gen.Load(), time.Now()
	}
	var rows []tokenUser
	if err := tokenUsers.scan(ctx, s, &rows, sum[:]); err != nil {
		return nil, nil, dbError(err, "token")
	}
	// The index lookup found the row; compare in constant time all the same.
	if len(rows) == 0 || subtle.ConstantTimeCompare(rows[0].TokenHash, sum[:]) != 1 {
		return nil, nil, errBadToken()
	}
	row := &rows[0]
	if row.TokenExpiresAt != nil && !s.Now().Before(*row.TokenExpiresAt) {
		return nil, nil, errBadToken()
	}
	t := &APIToken{ID: row.TokenID, UserID: row.User.ID, Name: row.TokenName, ExpiresAt: row.TokenExpiresAt,
		ReadOnly: row.TokenReadOnly, LastUsedAt: row.TokenLastUsedAt}
	s.touchToken(ctx, t)
	if s.tokens != nil {
		s.keepToken(sum, &row.User, t, read, gen)
	}
	return &row.User, t, nil
}

// errBadToken is the answer to any token that is malformed, unknown,
// revoked or expired: which of these, the caller does not learn.
func errBadToken() error {
	return domain.Errorf(domain.CodeUnauthenticated, "invalid, expired or revoked API token")
}

// tokenUser is the user a live token belongs to, with the token.
type tokenUser struct {
	User            `bun:",extend"`
	TokenHash       []byte     `bun:"token_hash,scanonly"`
	TokenID         string     `bun:"token_id,scanonly"`
	TokenName       string     `bun:"token_name,scanonly"`
	TokenExpiresAt  *time.Time `bun:"token_expires_at,scanonly"`
	TokenReadOnly   bool       `bun:"token_read_only,scanonly"`
	TokenLastUsedAt *time.Time `bun:"token_last_used_at,scanonly"`
}

var tokenUsers = &paramRead{primary: true, build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*tokenUser)(nil)).
		ColumnExpr("u.*, t.token_hash, t.id AS token_id, t.name AS token_name, t.expires_at AS token_expires_at").
		ColumnExpr("t.read_only AS token_read_only, t.last_used_at AS token_last_used_at").
		ModelTableExpr("api_tokens AS t").Join("JOIN users AS u ON u.id = t.user_id").
		Where("t.token_hash = $1 AND t.revoked_at IS NULL").Limit(1)
}}

// UsersByID loads users by id, in no particular order.
func (s *Store) UsersByID(ctx context.Context, ids []string) ([]User, error) {
	var users []User
	err := usersByID.scan(ctx, s, &users, ids)
	return users, dbError(err, "user")
}

var usersByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*User)(nil)).Where("id = ANY($1::text[])")
}}

// SharesOrganization reports whether two users are members of a common organization.
func (s *Store) SharesOrganization(ctx context.Context, a, b string) (bool, error) {
	return exists(ctx, s.DB.NewSelect().TableExpr("members AS m1").
		Join("JOIN members AS m2 ON m2.organization_id = m1.organization_id").
		Where("m1.user_id = ? AND m2.user_id = ?", a, b))
}
