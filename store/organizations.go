package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Organization is a tenant: everything else belongs to one.
type Organization struct {
	bun.BaseModel `bun:"table:organizations"`

	ID             string          `bun:"id,pk"`
	Title          string          `bun:"title"`
	CreatedAt      time.Time       `bun:"created_at"`
	UpdatedAt      time.Time       `bun:"updated_at"`
	EmailDomains   []string        `bun:"email_domains,array"`
	Hostname       *string         `bun:"hostname"`
	Type           string          `bun:"type"`
	DefaultRole    *domain.Role    `bun:"default_role"`
	DefaultContent json.RawMessage `bun:"default_content,type:jsonb,nullzero"`
	LogoURL        *string         `bun:"logo_url"`
	SSO            bool            `bun:"sso"`
	AI             bool            `bun:"ai"`
	InviteLinks    bool            `bun:"invite_links"`
	Plan           string          `bun:"plan"`
}

// CreateOrganization creates an organization with the creator as its admin.
func (s *Store) CreateOrganization(ctx context.Context, userID, title string, emailDomains []string) (*Organization, error) {
	now := s.Now()
	if emailDomains == nil {
		emailDomains = []string{}
	}
	o := &Organization{ID: domain.NewID(), Title: title, CreatedAt: now, UpdatedAt: now,
		EmailDomains: emailDomains, Type: "business", InviteLinks: true, Plan: "free"}
	admin := domain.RoleAdmin
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(o).Exec(ctx); err != nil {
			return dbError(err, "organization")
		}
		m := &Member{OrganizationID: o.ID, UserID: userID, Role: &admin, JoinedAt: now}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return dbError(err, "member")
		}
		return s.emit(ctx, tx, ev{org: o.ID, typ: EventOrganizationCreated, object: o.ID, payload: P{"title": title}},
			memberEvent(EventMemberCreated, o.ID, userID, P{"role": admin}))
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// OrganizationsByID loads organizations by id, in no particular order.
func (s *Store) OrganizationsByID(ctx context.Context, ids []string) ([]Organization, error) {
	var orgs []Organization
	err := organizationsByID.scan(ctx, s, &orgs, ids)
	return orgs, dbError(err, "organization")
}

var organizationsByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*Organization)(nil)).Where("id = ANY($1::text[])")
}}

// ListUserOrganizations lists the organizations a user is a member of, in
// the order they joined them, each with the user's access.
func (s *Store) ListUserOrganizations(ctx context.Context, userID string, args PageArgs) (Page[OrganizationAccess], error) {
	q := s.DB.NewSelect().Model((*OrganizationAccess)(nil)).
		ColumnExpr("organization.*, m.role AS viewer_role, m.joined_at AS viewer_joined_at").
		ColumnExpr(ownsTeamExpr).
		Join("JOIN members AS m ON m.organization_id = organization.id").
		Where("m.user_id = ?", userID)
	return listPage(ctx, s, q, keyset{name: "orgs", cols: []string{"m.joined_at", "organization.id"}}.in(userID), args,
		func(o *OrganizationAccess) []any { return []any{o.ViewerJoinedAt, o.ID} })
}

// OrganizationsForEmailDomain lists the organizations that claim an e-mail
// domain and that the user belongs to.
func (s *Store) OrganizationsForEmailDomain(ctx context.Context, userID, domain string) ([]OrganizationAccess, error) {
	var orgs []OrganizationAccess
	err := s.DB.NewSelect().Model(&orgs).
		ColumnExpr("organization.*, m.role AS viewer_role").ColumnExpr(ownsTeamExpr).
		Join("JOIN members AS m ON m.organization_id = organization.id AND m.user_id = ?", userID).
		Where("organization.email_domains @> ARRAY[lower(?)]::text[]", domain).
		OrderExpr("organization.created_at, organization.id").Scan(ctx)
	return orgs, dbError(err, "organization")
}

// OrganizationPatch holds the fields of an organization update; nil leaves a
// field unchanged. The Set* flags let a null clear a nullable field.
type OrganizationPatch struct {
	Title             *string
	EmailDomains      []string
	SetEmailDomains   bool
	Hostname          *string
	SetDefaultRole    bool
	DefaultRole       *domain.Role
	SetDefaultContent bool
	DefaultContent    json.RawMessage
	SetLogo           bool
	Logo              *string
	SSO, AI           *bool
	InviteLinks       *bool
}

// UpdateOrganization applies a patch and returns the organization.
func (s *Store) UpdateOrganization(ctx context.Context, id string, p OrganizationPatch) (*Organization, error) {
	q := s.DB.NewUpdate().Model((*Organization)(nil)).Where("id = ?", id).Set("updated_at = ?", s.Now())
	if p.Title != nil {
		q.Set("title = ?", *p.Title)
	}
	if p.SetEmailDomains {
		if p.EmailDomains == nil {
			p.EmailDomains = []string{}
		}
		q.Set("email_domains = ?", pgArray(p.EmailDomains))
	}
	if p.Hostname != nil {
		q.Set("hostname = ?", *p.Hostname)
	}
	if p.SetDefaultRole {
		q.Set("default_role = ?", p.DefaultRole)
	}
	if p.SetDefaultContent {
		if p.DefaultContent == nil {
			q.Set("default_content = NULL")
		} else {
			q.Set("default_content = ?", string(p.DefaultContent))
		}
	}
	if p.SetLogo {
		q.Set("logo_url = ?", p.Logo)
	}
	if p.SSO != nil {
		q.Set("sso = ?", *p.SSO)
	}
	if p.AI != nil {
		q.Set("ai = ?", *p.AI)
	}
	if p.InviteLinks != nil {
		q.Set("invite_links = ?", *p.InviteLinks)
	}
	o := new(Organization)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := q.Conn(tx).Returning("*").Scan(ctx, o); err != nil {
			if domain.ErrorCode(dbError(err, "")) == domain.CodeConflict {
				return domain.Errorf(domain.CodeConflict, "hostname: %q is already taken", *p.Hostname)
			}
			return dbError(err, "organization")
		}
		return s.emit(ctx, tx, ev{org: id, typ: EventOrganizationUpdated, object: id, payload: P{"changed": p.changed()}})
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// OrganizationAccess is an organization together with what one user is to it.
type OrganizationAccess struct {
	Organization   `bun:",extend"`
	ViewerRole     *domain.Role `bun:"viewer_role"`
	ViewerOwnsTeam bool         `bun:"viewer_owns_team"`
	ViewerJoinedAt time.Time    `bun:"viewer_joined_at,scanonly"`
}

const ownsTeamExpr = "EXISTS (SELECT 1 FROM team_members AS t WHERE t.organization_id = organization.id AND t.user_id = m.user_id AND t.role = 'owner') AS viewer_owns_team"

// OrganizationsForUser loads the organizations among ids that userID is a
// member of, each with the user's role; the others are simply absent.
func (s *Store) OrganizationsForUser(ctx context.Context, userID string, ids []string) ([]OrganizationAccess, error) {
	var out []OrganizationAccess
	err := organizationsForUser.scan(ctx, s, &out, userID, ids)
	return out, dbError(err, "organization")
}

var organizationsForUser = &paramRead{primary: true, build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*OrganizationAccess)(nil)).
		ColumnExpr("organization.*").
		ColumnExpr("m.role AS viewer_role").
		ColumnExpr(ownsTeamExpr).
		Join("JOIN members AS m ON m.organization_id = organization.id AND m.user_id = $1").
		Where("organization.id = ANY($2::text[])")
}}
