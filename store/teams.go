package store

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Team is a named group of an organization's members.
type Team struct {
	bun.BaseModel `bun:"table:teams,alias:team"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	Title          string    `bun:"title"`
	CreatedAt      time.Time `bun:"created_at"`
}

// TeamMembership is a member's place in a team.
type TeamMembership struct {
	bun.BaseModel `bun:"table:team_members,alias:tm"`

	OrganizationID string          `bun:"organization_id"`
	TeamID         string          `bun:"team_id,pk"`
	UserID         string          `bun:"user_id,pk"`
	Role           domain.TeamRole `bun:"role"`
	AddedAt        time.Time       `bun:"added_at"`
}

// TeamFilter narrows a team list.
type TeamFilter struct {
	Owner string // user id: only teams this member owns
	Title string // case-insensitive contains
}

// ListTeams lists an organization's teams, oldest first.
func (s *Store) ListTeams(ctx context.Context, orgID string, f TeamFilter, args PageArgs) (Page[Team], error) {
	q := s.DB.NewSelect().Model((*Team)(nil)).Where("team.organization_id = ?", orgID)
	if f.Owner != "" {
		q.Where("EXISTS (SELECT 1 FROM team_members AS o WHERE o.team_id = team.id AND o.user_id = ? AND o.role = 'owner')", f.Owner)
	}
	if f.Title != "" {
		q.Where("lower(team.title) LIKE ?", "%"+escapeLike(strings.ToLower(f.Title))+"%")
	}
	return listPage(ctx, s, q, keyset{name: "teams", cols: []string{"team.created_at", "team.id"}}.in(orgID), args,
		func(t *Team) []any { return []any{t.CreatedAt, t.ID} })
}

// TeamsByID loads teams by id, in no particular order.
func (s *Store) TeamsByID(ctx context.Context, ids []string) ([]Team, error) {
	var out []Team
	err := teamsByID.scan(ctx, s, &out, ids)
	return out, dbError(err, "team")
}

var teamsByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*Team)(nil)).Where("id = ANY($1::text[])")
}}

// CreateTeam creates a team with initial members (user ids, all members of the organization).
func (s *Store) CreateTeam(ctx context.Context, orgID, title string, members []string) (*Team, error) {
	t := &Team{ID: domain.NewID(), OrganizationID: orgID, Title: title, CreatedAt: s.Now()}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
			return dbError(err, "team")
		}
		ids, err := resolveMembers(ctx, tx, orgID, "members", members)
		if err != nil {
			return err
		}
		if err := upsertTeamMembers(ctx, tx, s.Now(), t, ids, nil); err != nil {
			return err
		}
		return s.emit(ctx, tx, teamEvent(EventTeamCreated, orgID, t.ID, P{"title": title, "members": ids}))
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// RenameTeam changes a team's title.
func (s *Store) RenameTeam(ctx context.Context, orgID, teamID, title string) (*Team, error) {
	t := new(Team)
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewUpdate().Model(t).Set("title = ?", title).
			Where("id = ? AND organization_id = ?", teamID, orgID).Returning("*").Scan(ctx)
		return dbError(err, "team")
	}, teamEvent(EventTeamUpdated, orgID, teamID, P{"title": title}))
	return t, err
}

// DeleteTeam deletes a team and its memberships.
func (s *Store) DeleteTeam(ctx context.Context, orgID, teamID string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*Team)(nil)).Where("id = ? AND organization_id = ?", teamID, orgID).Exec(ctx)
		if err != nil {
			return dbError(err, "team")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("team")
		}
		return nil
	}, teamEvent(EventTeamDeleted, orgID, teamID, nil))
}

// TeamMembers is the list of a team's members, in the order they were added.
var TeamMembers = &NestedList[string, TeamMembership]{
	from:    func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().Model((*TeamMembership)(nil)) },
	columns: "tm.*",
	parent:  byID("tm.team_id", func(m *TeamMembership) string { return m.TeamID }),
	order:   keyset{name: "team-members", cols: []string{"tm.added_at", "tm.user_id"}},
	key:     func(m *TeamMembership) []any { return []any{m.AddedAt, m.UserID} },
}

// MemberTeams is the list of the teams a member belongs to, with their role.
var MemberTeams = &NestedList[MemberKey, TeamMembership]{
	from:    func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().Model((*TeamMembership)(nil)) },
	columns: "tm.*",
	parent: parentColumns[MemberKey, TeamMembership]{
		cols:   []string{"tm.organization_id", "tm.user_id"},
		values: func(k MemberKey) []string { return []string{k.OrganizationID, k.UserID} },
		keyOf:  func(v []string) MemberKey { return MemberKey{OrganizationID: v[0], UserID: v[1]} },
		of: func(m *TeamMembership) MemberKey {
			return MemberKey{OrganizationID: m.OrganizationID, UserID: m.UserID}
		},
	},
	order: keyset{name: "member-teams", cols: []string{"tm.team_id"}},
	key:   func(m *TeamMembership) []any { return []any{m.TeamID} },
}

// MemberTeamsTitled is MemberTeams narrowed to the teams whose title
// contains title (case-insensitive).
func (s *Store) MemberTeamsTitled(ctx context.Context, member MemberKey, title string, args PageArgs) (Page[TeamMembership], error) {
	return MemberTeams.listWhere(ctx, s, member, args, func(q *bun.SelectQuery) {
		q.Join("JOIN teams AS team ON team.id = tm.team_id").
			Where("lower(team.title) LIKE ?", "%"+escapeLike(strings.ToLower(title))+"%")
	})
}

// TeamUpdate is a bulk change of a team's members. A user named in both Add
// and Remove is removed. Memberships sets roles of (possibly new) members.
type TeamUpdate struct {
	Add, Remove []string // user ids or e-mail addresses
	Memberships map[string]domain.TeamRole
}

// UpdateTeamMembers applies a bulk change in one transaction.
func (s *Store) UpdateTeamMembers(ctx context.Context, t *Team, u TeamUpdate) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		add, err := resolveMembers(ctx, tx, t.OrganizationID, "add", u.Add)
		if err != nil {
			return err
		}
		remove, err := resolveUsers(ctx, tx, t.OrganizationID, u.Remove)
		if err != nil {
			return err
		}
		roleIDs := make([]string, 0, len(u.Memberships))
		for k := range u.Memberships {
			roleIDs = append(roleIDs, k)
		}
		withRole, err := resolveMembers(ctx, tx, t.OrganizationID, "memberships", roleIDs)
		if err != nil {
			return err
		}
		roles := map[string]domain.TeamRole{}
		for i, k := range roleIDs {
			roles[withRole[i]] = u.Memberships[k]
		}
		removed := map[string]bool{}
		for _, id := range remove {
			removed[id] = true
		}
		var keep []string
		for _, id := range append(add, withRole...) {
			if !removed[id] {
				keep = append(keep, id)
			}
		}
		if err := upsertTeamMembers(ctx, tx, s.Now(), t, keep, roles); err != nil {
			return err
		}
		if len(remove) > 0 {
			_, err := tx.NewDelete().Model((*TeamMembership)(nil)).
				Where("team_id = ? AND user_id IN (?)", t.ID, bun.In(remove)).Exec(ctx)
			if err != nil {
				return dbError(err, "team member")
			}
		}
		return s.emit(ctx, tx, teamEvent(EventTeamUpdated, t.OrganizationID, t.ID, P{"added": keep, "removed": remove}))
	})
}

// SetTeamMember adds a member to a team or changes their role.
func (s *Store) SetTeamMember(ctx context.Context, t *Team, userID string, role *domain.TeamRole) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ids, err := resolveMembers(ctx, tx, t.OrganizationID, "userId", []string{userID})
		if err != nil {
			return err
		}
		// Without a role a new member joins as member and a present one
		// keeps theirs: an owner is never demoted by an omitted field.
		roles := map[string]domain.TeamRole{}
		payload := P{"added": ids}
		if role != nil {
			roles[ids[0]], payload["role"] = *role, *role
		}
		if err := upsertTeamMembers(ctx, tx, s.Now(), t, ids, roles); err != nil {
			return err
		}
		return s.emit(ctx, tx, teamEvent(EventTeamUpdated, t.OrganizationID, t.ID, payload))
	})
}

// RemoveTeamMember removes a member from a team.
func (s *Store) RemoveTeamMember(ctx context.Context, teamID, userID string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var orgID string
		err := tx.NewDelete().Model((*TeamMembership)(nil)).Where("team_id = ? AND user_id = ?", teamID, userID).
			Returning("organization_id").Scan(ctx, &orgID)
		if err != nil {
			return dbError(err, "team member")
		}
		return s.emit(ctx, tx, teamEvent(EventTeamUpdated, orgID, teamID, P{"removed": []string{userID}}))
	})
}

// upsertTeamMembers adds users to a team; existing members keep their role
// unless roles names one.
func upsertTeamMembers(ctx context.Context, tx bun.IDB, now time.Time, t *Team, userIDs []string, roles map[string]domain.TeamRole) error {
	seen := map[string]bool{}
	var rows []TeamMembership
	for _, id := range userIDs {
		if seen[id] {
			continue
		}
		seen[id] = true
		role, set := roles[id]
		if !set {
			role = domain.TeamMember
		}
		rows = append(rows, TeamMembership{OrganizationID: t.OrganizationID, TeamID: t.ID, UserID: id, Role: role, AddedAt: now})
		if set {
			if _, err := tx.NewInsert().Model(&rows[len(rows)-1]).
				On("CONFLICT (team_id, user_id) DO UPDATE").Set("role = EXCLUDED.role").Exec(ctx); err != nil {
				return dbError(err, "team member")
			}
			rows = rows[:len(rows)-1]
		}
	}
	if len(rows) == 0 {
		return nil
	}
	_, err := tx.NewInsert().Model(&rows).On("CONFLICT (team_id, user_id) DO NOTHING").Exec(ctx)
	return dbError(err, "team member")
}

// resolveMembers turns user ids or e-mail addresses into user ids of the
// organization's members, in the same order. Anyone who is not a member is
// invalid input naming field.
func resolveMembers(ctx context.Context, db bun.IDB, orgID, field string, refs []string) ([]string, error) {
	ids, err := resolveUsers(ctx, db, orgID, refs)
	if err != nil {
		return nil, err
	}
	for i, id := range ids {
		if id == "" {
			return nil, domain.Invalid(field, "%q is not a member of the organization", refs[i])
		}
	}
	return ids, nil
}

// resolveUsers is resolveMembers that leaves "" for references that match no member.
func resolveUsers(ctx context.Context, db bun.IDB, orgID string, refs []string) ([]string, error) {
	out := make([]string, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	lower := make([]string, len(refs))
	for i, r := range refs {
		lower[i] = strings.ToLower(r)
	}
	var rows []struct {
		ID    string `bun:"id"`
		Email string `bun:"email"`
	}
	err := db.NewSelect().TableExpr("users AS u").ColumnExpr("u.id, lower(u.email) AS email").
		Join("JOIN members AS m ON m.user_id = u.id AND m.organization_id = ?", orgID).
		Where("u.id IN (?) OR lower(u.email) IN (?)", bun.In(refs), bun.In(lower)).Scan(ctx, &rows)
	if err != nil {
		return nil, dbError(err, "member")
	}
	for i, r := range refs {
		for _, row := range rows {
			if row.ID == r || row.Email == lower[i] {
				out[i] = row.ID
			}
		}
	}
	return out, nil
}

// TeamRolesOfUser returns the user's role in each of the teams they belong to.
func (s *Store) TeamRolesOfUser(ctx context.Context, userID string, teamIDs []string) (map[string]int, error) {
	var rows []TeamMembership
	err := s.DB.NewSelect().Model(&rows).Where("user_id = ? AND team_id IN (?)", userID, bun.In(teamIDs)).Scan(ctx)
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.TeamID] = teamRoleRank[r.Role]
	}
	return out, dbError(err, "team member")
}

// teamRoleRank encodes team roles for counting loaders: 0 none, 1 member, 2 owner.
var teamRoleRank = map[domain.TeamRole]int{domain.TeamMember: 1, domain.TeamOwner: 2}

// OwnerRank is what TeamRolesOfUser reports for a team owner.
const OwnerRank = 2
