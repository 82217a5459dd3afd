package store

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Member is a user's membership of an organization. A nil Role is a guest.
type Member struct {
	bun.BaseModel `bun:"table:members,alias:member"`

	OrganizationID string       `bun:"organization_id,pk"`
	UserID         string       `bun:"user_id,pk"`
	Role           *domain.Role `bun:"role"`
	Disabled       bool         `bun:"disabled"`
	SSO            bool         `bun:"sso"`
	JoinedAt       time.Time    `bun:"joined_at"`
	LastSeenAt     *time.Time   `bun:"last_seen_at"`
	SortName       string       `bun:"sort_name,scanonly"`
}

// MemberFilter narrows and orders a member list.
type MemberFilter struct {
	Role   *domain.Role
	Guests bool // only members without a role
	Search string
	Sort   string // "joinedAt" (default), "lastSeenAt" (only members seen at least once) or "name"
	Desc   bool
}

// ListMembers lists an organization's members.
func (s *Store) ListMembers(ctx context.Context, orgID string, f MemberFilter, args PageArgs) (Page[Member], error) {
	q := s.DB.NewSelect().Model((*Member)(nil)).Where("member.organization_id = ?", orgID)
	if f.Role != nil {
		q.Where("member.role = ?", *f.Role)
	}
	if f.Guests {
		q.Where("member.role IS NULL")
	}
	if f.Search != "" {
		like := "%" + escapeLike(strings.ToLower(f.Search)) + "%"
		q.Where("EXISTS (SELECT 1 FROM users AS u WHERE u.id = member.user_id AND (lower(u.display_name) LIKE ? OR lower(u.email) LIKE ?))", like, like)
	}
	ks := keyset{name: "members", cols: []string{"member.joined_at", "member.user_id"}, desc: f.Desc}
	key := func(m *Member) []any { return []any{m.JoinedAt, m.UserID} }
	switch f.Sort {
	case "lastSeenAt":
		q.Where("member.last_seen_at IS NOT NULL")
		ks = keyset{name: "members-seen", cols: []string{"member.last_seen_at", "member.user_id"}, desc: f.Desc}
		key = func(m *Member) []any { return []any{*m.LastSeenAt, m.UserID} }
	case "name":
		q.ColumnExpr("member.*, lower(u.display_name) AS sort_name").Join("JOIN users AS u ON u.id = member.user_id")
		ks = keyset{name: "members-name", cols: []string{"lower(u.display_name)", "member.user_id"}, desc: f.Desc}
		key = func(m *Member) []any { return []any{m.SortName, m.UserID} }
	}
	return listPage(ctx, s, q, ks.in(orgID), args, key)
}

// MembersByKey loads memberships by (organization, user) pairs, in no particular order.
func (s *Store) MembersByKey(ctx context.Context, keys []MemberKey) ([]Member, error) {
	var out []Member
	if len(keys) == 0 {
		return out, nil
	}
	err := s.DB.NewSelect().Model(&out).
		Where("(member.organization_id, member.user_id) IN (?)", bun.In(memberPairs(keys))).Scan(ctx)
	return out, dbError(err, "member")
}

// MemberKey names one membership.
type MemberKey struct{ OrganizationID, UserID string }

// memberPairs turns keys into (organization, user) tuples for an IN clause.
func memberPairs(keys []MemberKey) [][]string {
	pairs := make([][]string, len(keys))
	for i, k := range keys {
		pairs[i] = []string{k.OrganizationID, k.UserID}
	}
	return pairs
}

// AddMember makes a user a member with a role; an existing member keeps the
// more capable of the two roles. It returns the membership.
func (s *Store) AddMember(ctx context.Context, db bun.IDB, orgID, userID string, role *domain.Role) (*Member, error) {
	m := &Member{OrganizationID: orgID, UserID: userID, Role: role, JoinedAt: s.Now()}
	_, err := db.NewInsert().Model(m).
		On("CONFLICT (organization_id, user_id) DO UPDATE").
		Set(`role = CASE
			WHEN member.role IS NULL THEN EXCLUDED.role
			WHEN EXCLUDED.role IS NULL THEN member.role
			WHEN array_position(?, EXCLUDED.role) > array_position(?, member.role) THEN EXCLUDED.role
			ELSE member.role END`, roleOrder(), roleOrder()).
		Returning("*").Exec(ctx)
	if err != nil {
		return m, dbError(err, "member")
	}
	return m, s.emit(ctx, db, memberEvent(EventMemberCreated, orgID, userID, P{"role": m.Role}))
}

func roleOrder() any {
	return pgArray([]string{"read", "comment", "review", "edit", "create", "admin"})
}

// lockAdmins locks the admin rows of an organization, so that two requests
// cannot each remove a different one of the last two admins.
func lockAdmins(ctx context.Context, tx bun.Tx, orgID string) ([]string, error) {
	var ids []string
	err := tx.NewSelect().Model((*Member)(nil)).Column("user_id").
		Where("organization_id = ? AND role = 'admin'", orgID).For("UPDATE").Scan(ctx, &ids)
	return ids, err
}

func isLastAdmin(admins []string, userID string) bool {
	return len(admins) == 1 && admins[0] == userID
}

// UpdateMemberRole changes a member's role. Demoting the last admin is a conflict.
func (s *Store) UpdateMemberRole(ctx context.Context, orgID, userID string, role *domain.Role) (*Member, error) {
	m := new(Member)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		admins, err := lockAdmins(ctx, tx, orgID)
		if err != nil {
			return dbError(err, "member")
		}
		if isLastAdmin(admins, userID) && !role.AtLeast(domain.RoleAdmin) {
			return domain.Errorf(domain.CodeConflict, "the last admin of an organization cannot be demoted")
		}
		err = tx.NewUpdate().Model(m).Set("role = ?", role).
			Where("organization_id = ? AND user_id = ?", orgID, userID).Returning("*").Scan(ctx)
		if err != nil {
			return dbError(err, "member")
		}
		return s.emit(ctx, tx, memberEvent(EventMemberUpdated, orgID, userID, P{"role": role}))
	})
	return m, err
}

// RemoveMember removes a member and their team memberships. Removing the
// last admin is a conflict.
func (s *Store) RemoveMember(ctx context.Context, orgID, userID string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		admins, err := lockAdmins(ctx, tx, orgID)
		if err != nil {
			return dbError(err, "member")
		}
		if isLastAdmin(admins, userID) {
			return domain.Errorf(domain.CodeConflict, "the last admin of an organization cannot be removed")
		}
		res, err := tx.NewDelete().Model((*Member)(nil)).
			Where("organization_id = ? AND user_id = ?", orgID, userID).Exec(ctx)
		if err != nil {
			return dbError(err, "member")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("member")
		}
		return s.emit(ctx, tx, memberEvent(EventMemberDeleted, orgID, userID, nil))
	})
}

// TouchMember records that a member was seen now.
func (s *Store) TouchMember(ctx context.Context, orgID, userID string) error {
	_, err := s.DB.NewUpdate().Model((*Member)(nil)).Set("last_seen_at = ?", s.Now()).
		Where("organization_id = ? AND user_id = ?", orgID, userID).Exec(ctx)
	return dbError(err, "member")
}

// SetMemberSSO marks a member as able to sign in with SSO.
func (s *Store) SetMemberSSO(ctx context.Context, orgID, userID string) (*Member, error) {
	m := new(Member)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewUpdate().Model(m).Set("sso = true").
			Where("organization_id = ? AND user_id = ?", orgID, userID).Returning("*").Scan(ctx)
		if err != nil {
			return dbError(err, "member")
		}
		return s.emit(ctx, tx, memberEvent(EventMemberUpdated, orgID, userID, P{"sso": true}))
	})
	return m, err
}

// escapeLike escapes the LIKE wildcards of a user-supplied search string.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
