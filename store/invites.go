package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Invite is a link that lets whoever holds it join an organization with a role.
type Invite struct {
	bun.BaseModel `bun:"table:invites,alias:invite"`

	ID             string       `bun:"id,pk"`
	OrganizationID string       `bun:"organization_id"`
	Role           *domain.Role `bun:"role"`
	CreatedAt      time.Time    `bun:"created_at"`
}

// CreateInvite creates an invite link.
func (s *Store) CreateInvite(ctx context.Context, orgID string, role *domain.Role) (*Invite, error) {
	inv := &Invite{ID: domain.NewID(), OrganizationID: orgID, Role: role, CreatedAt: s.Now()}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(inv).Exec(ctx)
		return dbError(err, "invite")
	}, ev{org: orgID, typ: EventInviteCreated, object: inv.ID, payload: P{"role": role}})
	return inv, err
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
	return listPage(ctx, s, q, keyset{name: "invites", cols: []string{"invite.created_at", "invite.id"}}.in(orgID), args,
		func(i *Invite) []any { return []any{i.CreatedAt, i.ID} })
}

// UpdateInvite changes the role an invite grants.
func (s *Store) UpdateInvite(ctx context.Context, orgID, id string, role *domain.Role) (*Invite, error) {
	inv := new(Invite)
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewUpdate().Model(inv).Set("role = ?", role).
			Where("id = ? AND organization_id = ?", id, orgID).Returning("*").Scan(ctx)
		return dbError(err, "invite")
	}, ev{org: orgID, typ: EventInviteUpdated, object: id, payload: P{"role": role}})
	return inv, err
}

// DeleteInvite deletes an invite link.
func (s *Store) DeleteInvite(ctx context.Context, orgID, id string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*Invite)(nil)).Where("id = ? AND organization_id = ?", id, orgID).Exec(ctx)
		if err != nil {
			return dbError(err, "invite")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("invite")
		}
		return nil
	}, ev{org: orgID, typ: EventInviteDeleted, object: id})
}

// JoinWithInvite makes the user a member through an invite link, with its
// role, when the organization has invite links on; or, when inviteID is a
// pending invitation of the organization to the user's e-mail address, it
// accepts that invitation (AcceptInvitation). Anything else, an invitation
// to another address included, is not found. A member already in the
// organization keeps the more capable role.
func (s *Store) JoinWithInvite(ctx context.Context, orgID, inviteID string, u *User) error {
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		inv := new(Invite)
		err := tx.NewSelect().Model(inv).
			Join("JOIN organizations AS o ON o.id = invite.organization_id AND o.invite_links").
			Where("invite.id = ? AND invite.organization_id = ?", inviteID, orgID).Scan(ctx)
		if err != nil {
			return dbError(err, "invite")
		}
		_, err = s.AddMember(ctx, tx, orgID, u.ID, inv.Role)
		return err
	})
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return s.AcceptInvitation(ctx, orgID, inviteID, u)
	}
	return err
}

// Invitation is a pending invitation, by e-mail, to join an organization.
// It grants nothing until the user with that address accepts it.
type Invitation struct {
	bun.BaseModel `bun:"table:invitations,alias:invitation"`

	ID             string       `bun:"id,pk"`
	OrganizationID string       `bun:"organization_id"`
	Email          string       `bun:"email"`
	Role           *domain.Role `bun:"role"`
	SSO            bool         `bun:"sso"`
	InviterID      *string      `bun:"invited_by"`
	CreatedAt      time.Time    `bun:"created_at"`

	// OrganizationTitle is the title of the organization, for the invitee
	// who is not a member yet (lists only).
	OrganizationTitle string `bun:"organization_title,scanonly"`
}

// InviteResult says how many addresses an invitation by e-mail took.
type InviteResult struct {
	// Invited counts the distinct addresses, whoever has them: the answer
	// must not tell which addresses belong to a user or a member.
	Invited int
	// InvitationIDs holds, in the order of the distinct addresses, the id
	// of each one's pending invitation; "" for an address of a member.
	InvitationIDs []string
}

// InviteByEmail records a pending invitation to the organization for each
// address, with its role (and sso, given to the member on acceptance). It
// creates no membership and looks no user up beyond the organization's
// own members: an address of a member is left alone (nothing changes), an
// address with a pending invitation gets the new role, any other address,
// a user's or not, gets a new invitation. Each new or updated invitation
// queues its invitation mail (service/mail sends it after the commit).
// Addresses are compared without case; a repeated one counts once, its
// last role wins.
func (s *Store) InviteByEmail(ctx context.Context, orgID, inviterID string, emails []string, roles []*domain.Role, sso bool) (InviteResult, error) {
	var res InviteResult
	index := map[string]int{}
	var addrs []string
	var rs []*domain.Role
	for i, e := range emails {
		e = strings.TrimSpace(e)
		k := strings.ToLower(e)
		if j, ok := index[k]; ok {
			rs[j] = roles[i]
			continue
		}
		index[k] = len(addrs)
		addrs = append(addrs, e)
		rs = append(rs, roles[i])
	}
	var inviter *string
	if inviterID != "" {
		inviter = &inviterID
	}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var events []ev
		res = InviteResult{Invited: len(addrs), InvitationIDs: make([]string, len(addrs))}
		// The mail names who invited; an invitation made by the server
		// itself (no inviter) names no one.
		var inviterName string
		if inviterID != "" {
			if err := tx.NewSelect().Table("users").Column("display_name").Where("id = ?", inviterID).
				Scan(ctx, &inviterName); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return dbError(err, "user")
			}
		}
		for i, email := range addrs {
			member, err := exists(ctx, tx.NewSelect().TableExpr("members AS m").
				Join("JOIN users AS u ON u.id = m.user_id").
				Where("m.organization_id = ? AND lower(u.email) = lower(?)", orgID, email))
			if err != nil {
				return dbError(err, "member")
			}
			if member {
				continue
			}
			inv := &Invitation{ID: domain.NewID(), OrganizationID: orgID, Email: email, Role: rs[i], SSO: sso,
				InviterID: inviter, CreatedAt: s.Now()}
			if _, err := tx.NewInsert().Model(inv).
				On("CONFLICT (organization_id, lower(email)) DO UPDATE").
				Set("role = EXCLUDED.role, sso = EXCLUDED.sso, invited_by = EXCLUDED.invited_by").
				Returning("id").Exec(ctx); err != nil {
				return dbError(err, "invitation")
			}
			res.InvitationIDs[i] = inv.ID
			// One mail per new or re-sent invitation, sent once this commits.
			if err := s.enqueueMail(ctx, tx, Mail{Template: MailInvitation, To: email, OrganizationID: orgID,
				InvitationID: inv.ID, Data: map[string]string{"inviter": inviterName}}); err != nil {
				return err
			}
			// No address in the feed: members who may not list invitations read it.
			events = append(events, ev{org: orgID, typ: EventInvitationCreated, object: inv.ID, payload: P{"role": rs[i], "sso": sso}})
		}
		return s.emit(ctx, tx, events...)
	})
	return res, err
}

// AcceptInvitation makes u a member with the role of a pending invitation
// to u's e-mail address, and deletes the invitation. An invitation of
// another organization or to another address is not found, exactly like
// an unknown id. A member already in the organization keeps the more
// capable role.
func (s *Store) AcceptInvitation(ctx context.Context, orgID, invitationID string, u *User) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.acceptInvitation(ctx, tx, orgID, invitationID, u) })
}

// acceptInvitation is AcceptInvitation in tx (an account created from an
// invitation's link accepts it in the transaction that creates it).
func (s *Store) acceptInvitation(ctx context.Context, tx bun.Tx, orgID, invitationID string, u *User) error {
	inv := new(Invitation)
	err := tx.NewDelete().Model(inv).
		Where("id = ? AND organization_id = ? AND lower(email) = lower(?)", invitationID, orgID, u.Email).
		Returning("*").Scan(ctx)
	if err != nil {
		return dbError(err, "invite")
	}
	if _, err := s.AddMember(ctx, tx, orgID, u.ID, inv.Role); err != nil {
		return err
	}
	if inv.SSO {
		if _, err := tx.NewUpdate().Model((*Member)(nil)).Set("sso = true").
			Where("organization_id = ? AND user_id = ?", orgID, u.ID).Exec(ctx); err != nil {
			return dbError(err, "member")
		}
	}
	return s.emit(ctx, tx, ev{org: orgID, typ: EventInvitationDeleted, object: inv.ID, payload: P{"accepted": true}})
}

// invitationList selects invitations with their organization's title.
func (s *Store) invitationList() *bun.SelectQuery {
	return s.DB.NewSelect().Model((*Invitation)(nil)).ColumnExpr("invitation.*, o.title AS organization_title").
		Join("JOIN organizations AS o ON o.id = invitation.organization_id")
}

// ListInvitations lists an organization's pending invitations, oldest first.
func (s *Store) ListInvitations(ctx context.Context, orgID string, args PageArgs) (Page[Invitation], error) {
	q := orgInvitations(s.invitationList(), orgID)
	return listPage(ctx, s, q, keyset{name: "invitations", cols: []string{"invitation.created_at", "invitation.id"}}.in(orgID), args,
		func(i *Invitation) []any { return []any{i.CreatedAt, i.ID} })
}

// UserInvitations lists the pending invitations to a user's e-mail
// address, from every organization, oldest first.
func (s *Store) UserInvitations(ctx context.Context, u *User, args PageArgs) (Page[Invitation], error) {
	q := userInvitations(s.invitationList(), u)
	return listPage(ctx, s, q, keyset{name: "user-invitations", cols: []string{"invitation.created_at", "invitation.id"}}.in(u.ID), args,
		func(i *Invitation) []any { return []any{i.CreatedAt, i.ID} })
}

// orgInvitations keeps the invitations of one organization (what its
// admins see).
func orgInvitations(q *bun.SelectQuery, orgID string) *bun.SelectQuery {
	return q.Where("invitation.organization_id = ?", orgID)
}

// userInvitations keeps the invitations to a user's e-mail address (what
// the user sees).
func userInvitations(q *bun.SelectQuery, u *User) *bun.SelectQuery {
	return q.Where("lower(invitation.email) = lower(?)", u.Email)
}

// OrganizationInvitation returns one pending invitation of an
// organization, as ListInvitations lists it; NOT_FOUND otherwise.
func (s *Store) OrganizationInvitation(ctx context.Context, orgID, id string) (*Invitation, error) {
	inv := new(Invitation)
	err := orgInvitations(s.invitationList(), orgID).Where("invitation.id = ?", id).Scan(ctx, inv)
	return inv, dbError(err, "invitation")
}

// UserInvitation returns one pending invitation to a user's e-mail
// address, as UserInvitations lists it; NOT_FOUND otherwise.
func (s *Store) UserInvitation(ctx context.Context, u *User, id string) (*Invitation, error) {
	inv := new(Invitation)
	err := userInvitations(s.invitationList(), u).Where("invitation.id = ?", id).Scan(ctx, inv)
	return inv, dbError(err, "invitation")
}

// RevokeInvitation deletes a pending invitation of an organization.
func (s *Store) RevokeInvitation(ctx context.Context, orgID, id string) error {
	return s.deleteInvitation(ctx, func(tx bun.Tx) *bun.DeleteQuery {
		return tx.NewDelete().Model((*Invitation)(nil)).Where("id = ? AND organization_id = ?", id, orgID)
	}, P{"revoked": true})
}

// DeclineInvitation deletes a pending invitation to the user's address;
// any other invitation is not found.
func (s *Store) DeclineInvitation(ctx context.Context, id string, u *User) error {
	return s.deleteInvitation(ctx, func(tx bun.Tx) *bun.DeleteQuery {
		return tx.NewDelete().Model((*Invitation)(nil)).Where("id = ? AND lower(email) = lower(?)", id, u.Email)
	}, P{"declined": true})
}

// deleteInvitation runs a delete of one invitation: no row is not found.
func (s *Store) deleteInvitation(ctx context.Context, q func(tx bun.Tx) *bun.DeleteQuery, payload P) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var row struct {
			ID             string `bun:"id"`
			OrganizationID string `bun:"organization_id"`
		}
		if err := q(tx).Returning("id, organization_id").Scan(ctx, &row); err != nil {
			return dbError(err, "invitation")
		}
		return s.emit(ctx, tx, ev{org: row.OrganizationID, typ: EventInvitationDeleted, object: row.ID, payload: payload})
	})
}
