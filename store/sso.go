package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// SSORequest is a sign-in under way with an identity provider: a SAML
// AuthnRequest we sent (its id), or an OIDC authorization request (its
// state, with the nonce and PKCE verifier). It is used once.
type SSORequest struct {
	bun.BaseModel `bun:"table:sso_requests,alias:ssor"`

	ID             string  `bun:"id,pk"`
	Kind           string  `bun:"kind"` // saml or oidc
	OrganizationID *string `bun:"organization_id"`
	ProviderID     *string `bun:"provider_id"`
	// BrowserHash is the SHA-256 of a cookie set on the browser that
	// started; "" binds to no browser (a SAML response comes back as a
	// cross-site POST, which carries no SameSite=Lax cookie).
	BrowserHash []byte    `bun:"browser_hash"`
	Nonce       string    `bun:"nonce"`
	Verifier    string    `bun:"verifier"`
	Redirect    string    `bun:"redirect"`
	CreatedAt   time.Time `bun:"created_at"`
	ExpiresAt   time.Time `bun:"expires_at"`
}

// SSORequestLifetime is how long a person may take at the identity
// provider.
const SSORequestLifetime = 10 * time.Minute

// CreateSSORequest records a sign-in under way; browser is the secret of
// the cookie that binds it ("" for none).
func (s *Store) CreateSSORequest(ctx context.Context, r SSORequest, browser string) error {
	r.CreatedAt, r.ExpiresAt = s.Now(), s.Now().Add(SSORequestLifetime)
	r.BrowserHash = []byte{}
	if browser != "" {
		r.BrowserHash = hashToken(browser)
	}
	_, err := s.DB.NewInsert().Model(&r).Exec(ctx)
	return dbError(err, "sign-in request")
}

// TakeSSORequest uses up a sign-in under way: it is deleted and returned
// when it exists, is of this kind, has not expired and (when it was bound
// to a browser) browser is that browser's cookie secret; otherwise not found.
func (s *Store) TakeSSORequest(ctx context.Context, kind, id, browser string) (*SSORequest, error) {
	var r SSORequest
	err := s.DB.NewDelete().Model(&r).Where("id = ? AND kind = ?", id, kind).Returning("*").Scan(ctx)
	bad := domain.Errorf(domain.CodeNotFound, "this sign-in was not started here, was used already, or took too long; start again")
	if errors.Is(err, sql.ErrNoRows) {
		return nil, bad
	}
	if err != nil {
		return nil, dbError(err, "sign-in request")
	}
	if !s.Now().Before(r.ExpiresAt) {
		return nil, bad
	}
	if len(r.BrowserHash) > 0 && subtle.ConstantTimeCompare(r.BrowserHash, hashToken(browser)) != 1 {
		return nil, bad
	}
	return &r, nil
}

// RememberAssertion records that a SAML assertion was used, until it
// expires: conflict when it was used before (a replay).
func (s *Store) RememberAssertion(ctx context.Context, providerID, assertionID string, expires time.Time) error {
	res, err := s.DB.NewRaw(`INSERT INTO saml_assertions (provider_id, assertion_id, expires_at) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, providerID, assertionID, expires).Exec(ctx)
	if err != nil {
		return dbError(err, "assertion")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Errorf(domain.CodeConflict, "this SAML assertion was used already")
	}
	return nil
}

// PruneSSO deletes sign-ins that were never finished and assertions past
// their expiry.
func (s *Store) PruneSSO(ctx context.Context) error {
	if _, err := s.DB.NewDelete().Model((*SSORequest)(nil)).Where("expires_at <= ?", s.Now()).Exec(ctx); err != nil {
		return dbError(err, "sign-in request")
	}
	_, err := s.DB.NewRaw(`DELETE FROM saml_assertions WHERE expires_at <= ?`, s.Now()).Exec(ctx)
	return dbError(err, "assertion")
}
