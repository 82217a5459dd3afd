package store

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"folio/domain"
)

// SAMLRequestPending reports whether id is a SAML AuthnRequest of this
// provider that is still waiting for its response: not found otherwise. It
// changes nothing (TakeSSORequest uses the request up once the response
// has been verified), so a forged response cannot burn a real request.
func (s *Store) SAMLRequestPending(ctx context.Context, providerID, id string) error {
	ok, err := exists(ctx, s.DB.NewSelect().Model((*SSORequest)(nil)).
		Where("id = ? AND kind = ? AND provider_id = ? AND expires_at > ?", id, SignInSAML, providerID, s.Now()))
	if err != nil {
		return dbError(err, "sign-in request")
	}
	if !ok {
		return domain.Errorf(domain.CodeNotFound, "this sign-in was not started here, was used already, or took too long; start again")
	}
	return nil
}

// ErrSAMLAccountElsewhere refuses a SAML sign-in as an account that exists
// but is not a member of the provider's organization: an organization's
// identity provider vouches for its own members and for new people only,
// or the admin of any organization could sign in as anyone.
var ErrSAMLAccountElsewhere = domain.Errorf(domain.CodeForbidden,
	"an account with this e-mail address already exists on this server and is not a member of this organization: "+
		"sign in to it another way and join the organization first (an admin can invite it), then sign in here again")

// SAMLSignIn is a sign-in through SAML provider p as the person with this
// e-mail address (and display name, for a new account), in one
// transaction. A new address gets an account and becomes a member of the
// provider's organization with the provider's default role (none: a
// guest), marked SSO, in the provider's default team. An existing member
// keeps their role and teams, and is marked SSO. An existing account that
// is not a member is refused (ErrSAMLAccountElsewhere).
func (s *Store) SAMLSignIn(ctx context.Context, p *SAMLProvider, email, name string) (*User, error) {
	email = strings.TrimSpace(email)
	var user *User
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var found []User
		if err := tx.NewSelect().Model(&found).Where("lower(email) = lower(?)", email).Limit(1).Scan(ctx); err != nil {
			return dbError(err, "user")
		}
		created := len(found) == 0
		if created {
			u, err := s.ensureUser(ctx, tx, email, strings.TrimSpace(name))
			if err != nil {
				return err
			}
			user = u
		} else {
			user = &found[0]
		}
		// The events of this sign-in are the person's own doing.
		ctx = WithActor(ctx, user.ID)

		var members []Member
		if err := tx.NewSelect().Model(&members).Where("organization_id = ? AND user_id = ?", p.OrganizationID, user.ID).
			For("UPDATE").Scan(ctx); err != nil {
			return dbError(err, "member")
		}
		var events []ev
		switch {
		case len(members) == 1:
			if !members[0].SSO {
				if _, err := tx.NewUpdate().Model((*Member)(nil)).Set("sso = true").
					Where("organization_id = ? AND user_id = ?", p.OrganizationID, user.ID).Exec(ctx); err != nil {
					return dbError(err, "member")
				}
				events = append(events, memberEvent(EventMemberUpdated, p.OrganizationID, user.ID, P{"sso": true}))
			}
		case !created:
			return ErrSAMLAccountElsewhere
		default:
			m := &Member{OrganizationID: p.OrganizationID, UserID: user.ID, Role: p.DefaultRole, SSO: true, JoinedAt: s.Now()}
			// A sign-in of the same new person at the same moment may have
			// made them a member already: then there is nothing to add.
			res, err := tx.NewInsert().Model(m).On("CONFLICT (organization_id, user_id) DO NOTHING").Exec(ctx)
			if err != nil {
				return dbError(err, "member")
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil
			}
			events = append(events, memberEvent(EventMemberCreated, p.OrganizationID, user.ID, P{"role": p.DefaultRole}),
				memberEvent(EventMemberUpdated, p.OrganizationID, user.ID, P{"sso": true}))
			if p.DefaultTeamID != nil {
				// The provider row was read before this transaction: the
				// team may be gone since (deleting it clears the default).
				t := &Team{ID: *p.DefaultTeamID, OrganizationID: p.OrganizationID}
				ok, err := exists(ctx, tx.NewSelect().Model((*Team)(nil)).Where("id = ? AND organization_id = ?", t.ID, t.OrganizationID))
				if err != nil {
					return dbError(err, "team")
				}
				if ok {
					if err := upsertTeamMembers(ctx, tx, s.Now(), t, []string{user.ID}, nil); err != nil {
						return err
					}
					events = append(events, teamEvent(EventTeamUpdated, t.OrganizationID, t.ID, P{"added": []string{user.ID}}))
				}
			}
		}
		return s.emit(ctx, tx, events...)
	})
	if err != nil {
		return nil, err
	}
	return user, nil
}
