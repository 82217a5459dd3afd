package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// Invite is a link that lets whoever holds it join an organization with a role.
type Invite struct {
	bun.BaseModel `bun:"table:invites,alias:invite"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	Role           *Role     `bun:"role"`
	CreatedAt      time.Time `bun:"created_at"`
}

// CreateInvite creates an invite link.
func (s *Store) CreateInvite(ctx context.Context, orgID string, role *Role) (*Invite, error) {
	inv := &Invite{ID: NewID(), OrganizationID: orgID, Role: role, CreatedAt: s.Now()}
	_, err := s.DB.NewInsert().Model(inv).Exec(ctx)
	return inv, dbError(err, "invite")
}

// Invite loads one invite of an organization.
func (s *Store) Invite(ctx context.Context, orgID, id string) (*Invite, error) {
	inv := new(Invite)
	err := s.DB.NewSelect().Model(inv).Where("id = ? AND organization_id = ?", id, orgID).Scan(ctx)
	return inv, dbError(err, "invite")
}

// ListInvites lists an organization's invite links, oldest first.
func (s *Store) ListInvites(ctx context.Context, orgID string, args PageArgs) (Page[Invite], error) {
	q := s.DB.NewSelect().Model((*Invite)(nil)).Where("invite.organization_id = ?", orgID)
	return listPage(ctx, s, q, keyset{name: "invites", cols: []string{"invite.created_at", "invite.id"}}, args,
		func(i *Invite) []any { return []any{i.CreatedAt, i.ID} })
}

// UpdateInvite changes the role an invite grants.
func (s *Store) UpdateInvite(ctx context.Context, orgID, id string, role *Role) (*Invite, error) {
	inv := new(Invite)
	err := s.DB.NewUpdate().Model(inv).Set("role = ?", role).
		Where("id = ? AND organization_id = ?", id, orgID).Returning("*").Scan(ctx)
	return inv, dbError(err, "invite")
}

// DeleteInvite deletes an invite link.
func (s *Store) DeleteInvite(ctx context.Context, orgID, id string) error {
	res, err := s.DB.NewDelete().Model((*Invite)(nil)).Where("id = ? AND organization_id = ?", id, orgID).Exec(ctx)
	if err != nil {
		return dbError(err, "invite")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return NotFound("invite")
	}
	return nil
}

// JoinWithInvite makes the user a member with the invite's role; a member
// already in the organization keeps the more capable role.
func (s *Store) JoinWithInvite(ctx context.Context, orgID, inviteID, userID string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		inv := new(Invite)
		err := tx.NewSelect().Model(inv).
			Join("JOIN organizations AS o ON o.id = invite.organization_id AND o.invite_links").
			Where("invite.id = ? AND invite.organization_id = ?", inviteID, orgID).Scan(ctx)
		if err != nil {
			return dbError(err, "invite")
		}
		_, err = s.AddMember(ctx, tx, orgID, userID, inv.Role)
		return err
	})
}

// InviteResult says which users an invitation by e-mail added.
type InviteResult struct {
	UserIDs []string
}

// InviteByEmail adds existing users, found by e-mail, as members with a role
// each. An address that matches no user is invalid input.
func (s *Store) InviteByEmail(ctx context.Context, orgID string, emails []string, roles []*Role, sso bool) (InviteResult, error) {
	var res InviteResult
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for i, email := range emails {
			u := new(User)
			if err := tx.NewSelect().Model(u).Where("lower(email) = lower(?)", email).Scan(ctx); err != nil {
				if ErrorCode(dbError(err, "user")) == CodeNotFound {
					return Invalid("emails", "no user has the address %q", email)
				}
				return dbError(err, "user")
			}
			if _, err := s.AddMember(ctx, tx, orgID, u.ID, roles[i]); err != nil {
				return err
			}
			if sso {
				if _, err := tx.NewUpdate().Model((*Member)(nil)).Set("sso = true").
					Where("organization_id = ? AND user_id = ?", orgID, u.ID).Exec(ctx); err != nil {
					return dbError(err, "member")
				}
			}
			res.UserIDs = append(res.UserIDs, u.ID)
		}
		return nil
	})
	return res, err
}
