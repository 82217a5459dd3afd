package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// SAMLProvider is an identity provider members can sign in through.
type SAMLProvider struct {
	bun.BaseModel `bun:"table:saml_providers,alias:saml"`

	ID             string       `bun:"id,pk"`
	OrganizationID string       `bun:"organization_id"`
	Label          string       `bun:"label"`
	SSOURL         string       `bun:"sso_url"`
	EntityID       string       `bun:"entity_id"`
	Certificate    string       `bun:"certificate"`
	DefaultTeamID  *string      `bun:"default_team_id"`
	DefaultRole    *domain.Role `bun:"default_role"`
	// IdPInitiated accepts responses no request of ours asked for (sign-in
	// started at the identity provider's portal).
	IdPInitiated bool      `bun:"idp_initiated"`
	CreatedAt    time.Time `bun:"created_at"`
}

// SAMLPatch holds the fields of a SAML provider create or update; nil leaves
// a field unchanged (or empty on create).
type SAMLPatch struct {
	Label, SSOURL, EntityID, Certificate *string
	SetDefaultTeam                       bool
	DefaultTeam                          *string
	SetDefaultRole                       bool
	DefaultRole                          *domain.Role
	IdPInitiated                         *bool
}

func (p SAMLPatch) apply(sp *SAMLProvider) {
	if p.Label != nil {
		sp.Label = *p.Label
	}
	if p.SSOURL != nil {
		sp.SSOURL = *p.SSOURL
	}
	if p.EntityID != nil {
		sp.EntityID = *p.EntityID
	}
	if p.Certificate != nil {
		sp.Certificate = *p.Certificate
	}
	if p.SetDefaultTeam {
		sp.DefaultTeamID = p.DefaultTeam
	}
	if p.SetDefaultRole {
		sp.DefaultRole = p.DefaultRole
	}
	if p.IdPInitiated != nil {
		sp.IdPInitiated = *p.IdPInitiated
	}
}

// checkDefaultTeam makes sure a default team belongs to the organization.
func checkDefaultTeam(ctx context.Context, db bun.IDB, orgID string, teamID *string) error {
	if teamID == nil {
		return nil
	}
	ok, err := exists(ctx, db.NewSelect().Model((*Team)(nil)).Where("id = ? AND organization_id = ?", *teamID, orgID))
	if err != nil {
		return dbError(err, "team")
	}
	if !ok {
		return domain.Invalid("defaultTeam", "no team %q in this organization", *teamID)
	}
	return nil
}

// CreateSAMLProvider creates a SAML provider.
func (s *Store) CreateSAMLProvider(ctx context.Context, orgID string, p SAMLPatch) (*SAMLProvider, error) {
	sp := &SAMLProvider{ID: domain.NewID(), OrganizationID: orgID, CreatedAt: s.Now()}
	p.apply(sp)
	if err := checkDefaultTeam(ctx, s.DB, orgID, sp.DefaultTeamID); err != nil {
		return nil, err
	}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(sp).Exec(ctx)
		return dbError(err, "SAML provider")
	}, ev{org: orgID, typ: EventSAMLProviderCreated, object: sp.ID})
	return sp, err
}

// SAMLProvider loads one provider of an organization.
func (s *Store) SAMLProvider(ctx context.Context, orgID, id string) (*SAMLProvider, error) {
	sp := new(SAMLProvider)
	err := s.DB.NewSelect().Model(sp).Where("id = ? AND organization_id = ?", id, orgID).Scan(ctx)
	return sp, dbError(err, "SAML provider")
}

// ListSAMLProviders lists an organization's providers, oldest first.
func (s *Store) ListSAMLProviders(ctx context.Context, orgID string, args PageArgs) (Page[SAMLProvider], error) {
	q := s.DB.NewSelect().Model((*SAMLProvider)(nil)).Where("saml.organization_id = ?", orgID)
	return listPage(ctx, s, q, keyset{name: "saml", cols: []string{"saml.created_at", "saml.id"}}.in(orgID), args,
		func(p *SAMLProvider) []any { return []any{p.CreatedAt, p.ID} })
}

// UpdateSAMLProvider applies a patch to a provider.
func (s *Store) UpdateSAMLProvider(ctx context.Context, orgID, id string, p SAMLPatch) (*SAMLProvider, error) {
	var sp *SAMLProvider
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		sp = new(SAMLProvider)
		if err := tx.NewSelect().Model(sp).Where("id = ? AND organization_id = ?", id, orgID).For("UPDATE").Scan(ctx); err != nil {
			return dbError(err, "SAML provider")
		}
		p.apply(sp)
		if err := checkDefaultTeam(ctx, tx, orgID, sp.DefaultTeamID); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model(sp).WherePK().Exec(ctx)
		return dbError(err, "SAML provider")
	}, ev{org: orgID, typ: EventSAMLProviderUpdated, object: id})
	return sp, err
}

// DeleteSAMLProvider deletes a provider.
func (s *Store) DeleteSAMLProvider(ctx context.Context, orgID, id string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*SAMLProvider)(nil)).Where("id = ? AND organization_id = ?", id, orgID).Exec(ctx)
		if err != nil {
			return dbError(err, "SAML provider")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("SAML provider")
		}
		return nil
	}, ev{org: orgID, typ: EventSAMLProviderDeleted, object: id})
}

// AllSAMLProviders lists every provider of an organization (for SSO login info).
func (s *Store) AllSAMLProviders(ctx context.Context, orgID string) ([]SAMLProvider, error) {
	var out []SAMLProvider
	err := s.DB.NewSelect().Model(&out).Where("organization_id = ?", orgID).OrderExpr("created_at, id").Scan(ctx)
	return out, dbError(err, "SAML provider")
}
