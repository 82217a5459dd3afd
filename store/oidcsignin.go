package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode"

	"github.com/uptrace/bun"

	"folio/domain"
)

// OIDCIdentity is a person the server's OpenID Connect provider vouched
// for: an address it verified, and their name.
type OIDCIdentity struct {
	Email, Name string
	// JoinByDomain lets the address join the organizations that claim its
	// domain (emailDomains). The caller decides: only domains the server
	// trusts its provider for (FOLIO_OIDC_ALLOWED_DOMAINS), since any user
	// may create an organization and claim any domain.
	JoinByDomain bool
}

// OIDCSignIn is what signing in through OpenID Connect did.
type OIDCSignIn struct {
	User *User
	// Joined are the memberships the sign-in created (by e-mail domain).
	Joined []Member
}

// SignInOIDC finds the account of a verified address, or creates it with
// the name given, and (when id.JoinByDomain) makes it a member of every
// organization that claims the address's domain and that it is not a
// member of yet, with the organization's default role (null: a guest), as
// GitBook does. Not marked SSO: that mark belongs to an organization's own
// SAML provider. Organizations that require SAML (sso) are never joined
// this way, and a member of one is refused (FORBIDDEN, naming it): its
// members sign in through its provider only. One transaction: an account
// is never left half joined.
func (s *Store) SignInOIDC(ctx context.Context, id OIDCIdentity) (*OIDCSignIn, error) {
	email := strings.TrimSpace(id.Email)
	at := strings.LastIndexByte(email, '@')
	if at <= 0 || at == len(email)-1 || len(email) > 320 || strings.IndexFunc(email, unicode.IsSpace) >= 0 ||
		strings.IndexFunc(email, unicode.IsControl) >= 0 {
		return nil, domain.Invalid("email", "must be an e-mail address")
	}
	// The provider's name is anyone's to write: no control characters.
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, id.Name)
	name = truncate(strings.TrimSpace(name), 255)
	if name == "" {
		name = email[:at]
	}
	out := &OIDCSignIn{}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u := &User{ID: domain.NewID(), Email: email, DisplayName: name, CreatedAt: s.Now()}
		// An existing account keeps its name: the provider's is only a
		// first guess.
		_, err := tx.NewInsert().Model(u).On("CONFLICT (lower(email)) DO UPDATE").Set(`email = "user".email`).
			Returning("*").Exec(ctx)
		if err != nil {
			return dbError(err, "user")
		}
		out.User = u
		ctx = WithActor(ctx, u.ID)
		var enforced struct {
			Title string `bun:"title"`
			Label string `bun:"label"`
		}
		err = tx.NewRaw(`SELECT o.title, p.label FROM organizations AS o
			JOIN members AS m ON m.organization_id = o.id AND m.user_id = ?
			JOIN saml_providers AS p ON p.organization_id = o.id
			WHERE o.sso ORDER BY o.created_at, o.id, p.created_at, p.id LIMIT 1`, u.ID).Scan(ctx, &enforced)
		switch {
		case err == nil:
			return domain.Errorf(domain.CodeForbidden, "members of %s sign in through its identity provider, %s", enforced.Title, enforced.Label)
		case !errors.Is(err, sql.ErrNoRows):
			return dbError(err, "organization")
		}
		if !id.JoinByDomain {
			return nil
		}
		err = tx.NewRaw(`INSERT INTO members (organization_id, user_id, role, joined_at)
			SELECT o.id, ?, o.default_role, ? FROM organizations AS o
			WHERE o.email_domains @> ARRAY[lower(?)]::text[] AND NOT o.sso
			ORDER BY o.created_at, o.id
			ON CONFLICT (organization_id, user_id) DO NOTHING
			RETURNING organization_id, user_id, role, disabled, sso, joined_at, last_seen_at`,
			u.ID, s.Now(), email[at+1:]).Scan(ctx, &out.Joined)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return dbError(err, "member")
		}
		events := make([]ev, len(out.Joined))
		for i, m := range out.Joined {
			events[i] = memberEvent(EventMemberCreated, m.OrganizationID, u.ID, P{"role": m.Role})
		}
		return s.emit(ctx, tx, events...)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
