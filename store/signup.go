package store

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Accounts made from the sign-up pages: the first account of a server,
// an account from a sign-up link, an account from an invitation's link.
// Each is one transaction: the link is used, the account exists (and the
// invitation is accepted) together or not at all.

// firstAccountLock serializes the creation of the first account: two
// browsers signing up at once on a new server make one admin, not two.
const firstAccountLock = 0x466f6c696f01 // "Folio" 1

// CreateFirstAccount creates the server's first account, its admin:
// conflict once any account exists.
func (s *Store) CreateFirstAccount(ctx context.Context, a NewAccount) (*User, error) {
	var u *User
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", firstAccountLock); err != nil {
			return dbError(err, "account")
		}
		taken, err := exists(ctx, tx.NewSelect().Table("users"))
		if err != nil {
			return dbError(err, "account")
		}
		if taken {
			return domain.Errorf(domain.CodeConflict, "this server has accounts already: the first one was created")
		}
		a.ServerAdmin = true
		u, err = s.CreateAccount(ctx, tx, a)
		return err
	})
	return u, err
}

// SignUpWithLink creates an account through a sign-up link, for the
// address the link was sent to: not found when the link is not valid,
// conflict when the address has an account already (the link stays
// unused then).
func (s *Store) SignUpWithLink(ctx context.Context, secret string, a NewAccount) (*User, error) {
	var u *User
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		l, err := s.UseAuthLink(ctx, tx, LinkSignup, secret)
		if err != nil {
			return err
		}
		a.Email, a.ServerAdmin = l.Email, false
		u, err = s.CreateAccount(ctx, tx, a)
		return err
	})
	return u, err
}

// InvitationLink returns, without using it, the link of an invitation by
// e-mail with the invitation it is for (and its organization's title): not
// found when the link is not valid or the invitation was revoked or
// accepted.
func (s *Store) InvitationLink(ctx context.Context, secret string) (*AuthLink, *Invitation, error) {
	l, err := s.PeekAuthLink(ctx, LinkInvitation, secret)
	if err != nil {
		return nil, nil, err
	}
	if l.InvitationID == nil {
		return nil, nil, errLinkInvalid
	}
	inv := new(Invitation)
	if err := s.invitationList().Where("invitation.id = ?", *l.InvitationID).Scan(ctx, inv); err != nil {
		if domain.ErrorCode(dbError(err, "invitation")) == domain.CodeNotFound {
			return nil, nil, errLinkInvalid
		}
		return nil, nil, dbError(err, "invitation")
	}
	return l, inv, nil
}

// SignUpByInvitation creates an account through an invitation's link, for
// the invited address, and accepts the invitation: the new user is a member
// of the organization. Not found when the link is not valid (or the
// invitation is gone), conflict when the address has an account already
// (its owner signs in and accepts instead). Returns the user and the
// organization's id.
func (s *Store) SignUpByInvitation(ctx context.Context, secret string, a NewAccount) (*User, string, error) {
	var u *User
	var orgID string
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		l, inv, err := s.useInvitationLink(ctx, tx, secret)
		if err != nil {
			return err
		}
		a.Email, a.ServerAdmin = l.Email, false
		if u, err = s.CreateAccount(ctx, tx, a); err != nil {
			return err
		}
		orgID = inv.OrganizationID
		return s.acceptInvitation(ctx, tx, inv.OrganizationID, inv.ID, u)
	})
	return u, orgID, err
}

// AcceptInvitationLink accepts, for the signed-in user u, the invitation of
// a link sent to u's address and returns the organization's id. A link to
// another address is not found, like an unknown one (and stays unused).
func (s *Store) AcceptInvitationLink(ctx context.Context, secret string, u *User) (string, error) {
	var orgID string
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		l, inv, err := s.useInvitationLink(ctx, tx, secret)
		if err != nil {
			return err
		}
		if !strings.EqualFold(strings.TrimSpace(l.Email), strings.TrimSpace(u.Email)) {
			return errLinkInvalid
		}
		orgID = inv.OrganizationID
		return s.acceptInvitation(ctx, tx, inv.OrganizationID, inv.ID, u)
	})
	return orgID, err
}

// useInvitationLink uses an invitation's link in tx and returns it with
// its invitation.
func (s *Store) useInvitationLink(ctx context.Context, tx bun.Tx, secret string) (*AuthLink, *Invitation, error) {
	l, err := s.UseAuthLink(ctx, tx, LinkInvitation, secret)
	if err != nil {
		return nil, nil, err
	}
	if l.InvitationID == nil {
		return nil, nil, errLinkInvalid
	}
	inv := new(Invitation)
	if err := tx.NewSelect().Model(inv).Where("id = ?", *l.InvitationID).For("UPDATE").Scan(ctx); err != nil {
		return nil, nil, errLinkInvalid
	}
	return l, inv, nil
}

// InvitedAddress reports whether some organization has a pending
// invitation to the address (with FOLIO_SIGNUP=invite, only those may
// sign up).
func (s *Store) InvitedAddress(ctx context.Context, email string) (bool, error) {
	ok, err := exists(ctx, s.DB.NewSelect().Model((*Invitation)(nil)).
		Where("lower(email) = lower(?)", strings.TrimSpace(email)))
	return ok, dbError(err, "invitation")
}

// SSOLogin is a SAML provider a person can sign in through, with its
// organization. ProviderID is "" for an organization that asks for single
// sign-on but has no provider ready (its URL, entity id and certificate
// set) yet.
type SSOLogin struct {
	OrganizationID    string `bun:"organization_id"`
	OrganizationTitle string `bun:"organization_title"`
	ProviderID        string `bun:"provider_id"`
	ProviderLabel     string `bun:"provider_label"`
}

// ssoLogins selects organizations with their ready SAML providers.
func (s *Store) ssoLogins() *bun.SelectQuery {
	return s.DB.NewSelect().TableExpr("organizations AS o").
		ColumnExpr("o.id AS organization_id, o.title AS organization_title").
		ColumnExpr("coalesce(p.id, '') AS provider_id, coalesce(p.label, '') AS provider_label").
		Join("LEFT JOIN saml_providers AS p ON p.organization_id = o.id AND p.sso_url <> '' AND p.entity_id <> '' AND p.certificate <> ''").
		OrderExpr("o.created_at, o.id, p.created_at, p.id")
}

// SSORequired lists the organizations of the user that sign their members
// in through single sign-on only (sso: true), with their providers: a
// password sign-in is refused to such a member.
func (s *Store) SSORequired(ctx context.Context, userID string) ([]SSOLogin, error) {
	var out []SSOLogin
	err := s.ssoLogins().Join("JOIN members AS m ON m.organization_id = o.id AND m.user_id = ?", userID).
		Where("o.sso").Scan(ctx, &out)
	return out, dbError(err, "organization")
}

// SSOForEmailDomain lists the ready SAML providers of the organizations
// that claim an e-mail domain (the "sign in with SSO" page; which
// organizations use single sign-on for a domain is no secret, accounts
// are).
func (s *Store) SSOForEmailDomain(ctx context.Context, domainName string) ([]SSOLogin, error) {
	var out []SSOLogin
	err := s.ssoLogins().Where("o.email_domains @> ARRAY[lower(?)]::text[]", strings.TrimSpace(domainName)).
		Where("p.id IS NOT NULL").Scan(ctx, &out)
	return out, dbError(err, "organization")
}

// AddAccount creates a user in a transaction of its own (folio user
// create): conflict when the address has an account already.
func (s *Store) AddAccount(ctx context.Context, a NewAccount) (*User, error) {
	var u *User
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		u, err = s.CreateAccount(ctx, tx, a)
		return err
	})
	return u, err
}

// ChangePassword replaces the user's password hash and ends every session
// of the user (SetPassword in a transaction of its own).
func (s *Store) ChangePassword(ctx context.Context, userID, hash string) error {
	defer s.credentialsChanged()
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.SetPassword(ctx, tx, userID, hash) })
}
