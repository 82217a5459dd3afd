package graph

import (
	"context"
	"encoding/json"
	"folio/graph/loader"
	"regexp"
	"strings"

	"folio/domain"
	"folio/graph/model"
)

var domainPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)

// emailDomains normalises a list of e-mail domains and checks each one.
func emailDomains(in []string) ([]string, error) {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, d := range in {
		d = strings.ToLower(strings.TrimSpace(d))
		if !domainPattern.MatchString(d) {
			return nil, domain.Invalid("emailDomains", "%q is not a domain name", d)
		}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out, nil
}

// defaultContent checks an organization's default content: null, or
// {"type": "site", "site": "<site id>"}.
func defaultContent(raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var v struct {
		Type string `json:"type"`
		Site string `json:"site"`
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil || v.Type != "site" || v.Site == "" {
		return nil, domain.Invalid("defaultContent", `must be null or {"type": "site", "site": "<site id>"}`)
	}
	return json.Marshal(v)
}

// requireAdmin checks that the caller administers the organization.
func requireAdmin(o *model.Organization) error {
	if !o.Access.Role.AtLeast(domain.RoleAdmin) {
		return domain.Errorf(domain.CodeForbidden, "this needs the admin role in the organization")
	}
	return nil
}

// team loads a team of the organization; teams of other organizations are NOT_FOUND.
func (r *Resolver) team(ctx context.Context, o *model.Organization, teamID string) (model.Team, error) {
	if err := requireMemberRole(o); err != nil {
		return model.Team{}, err
	}
	t, err := loader.For(ctx).People().Team.Load(ctx, teamID)
	if err != nil {
		return model.Team{}, err
	}
	if t.OrganizationID != o.ID {
		return model.Team{}, domain.NotFound("team")
	}
	return model.Team{Team: t, Viewer: o.Access}, nil
}
