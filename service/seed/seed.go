// Package seed fills a database with a realistic organization, for demos,
// manual testing and benchmarks (`folio seed`). Everything goes through the
// store methods the API's resolvers call, so seeded data is exactly what
// the API would have made. Each area of the domain adds its own Step to
// Steps; a step sees what the steps before it made (the Org).
package seed

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sort"
	"sync"

	"folio/domain"
	"folio/store"
)

// Scale says how much of everything to make.
type Scale struct {
	Name          string
	Members       int // besides the admin
	Teams         int
	TeamSize      int
	Invites       int
	SAMLProviders int

	CustomFields           int // space fields, one of each type first
	Collections            int // about half of them nested in the others
	Spaces                 int // most in collections, a few at the top level
	PagesPerSpace          int // nested three levels deep
	ChangeRequestsPerSpace int // after the first pages: some merged, some open, some drafts
	CommentsPerSpace       int // on pages of the space
	RepliesPerComment      int
	Sites                  int
	SectionsPerSite        int
	SpacesPerSection       int // site spaces of each section
	GroupsPerSite          int // section groups, two sections each
	ShareLinksPerSite      int
}

// Scales are the named sizes; large is the benchmark scale.
var Scales = map[string]Scale{
	"small": {Name: "small", Members: 20, Teams: 4, TeamSize: 5, Invites: 5, SAMLProviders: 1,
		CustomFields: 6, Collections: 3, Spaces: 6, PagesPerSpace: 12, ChangeRequestsPerSpace: 3,
		CommentsPerSpace: 3, RepliesPerComment: 2, Sites: 2, SectionsPerSite: 3, SpacesPerSection: 2,
		GroupsPerSite: 1, ShareLinksPerSite: 2},
	"medium": {Name: "medium", Members: 500, Teams: 25, TeamSize: 20, Invites: 50, SAMLProviders: 3,
		CustomFields: 6, Collections: 10, Spaces: 30, PagesPerSpace: 25, ChangeRequestsPerSpace: 4,
		CommentsPerSpace: 5, RepliesPerComment: 2, Sites: 6, SectionsPerSite: 4, SpacesPerSection: 3,
		GroupsPerSite: 2, ShareLinksPerSite: 3},
	"large": {Name: "large", Members: 10_000, Teams: 200, TeamSize: 50, Invites: 500, SAMLProviders: 10,
		CustomFields: 8, Collections: 40, Spaces: 200, PagesPerSpace: 100, ChangeRequestsPerSpace: 5,
		CommentsPerSpace: 10, RepliesPerComment: 3, Sites: 20, SectionsPerSite: 6, SpacesPerSection: 3,
		GroupsPerSite: 2, ShareLinksPerSite: 5},
}

// ScaleNames lists the scales, smallest first.
func ScaleNames() []string {
	names := make([]string, 0, len(Scales))
	for n := range Scales {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return Scales[names[i]].Members < Scales[names[j]].Members })
	return names
}

// Org is what a seed made so far: later steps build on it.
type Org struct {
	ID      string
	Admin   *store.User
	Token   string   // an API token of the admin
	Members []string // user ids of the members besides the admin
	Teams   []string

	Fields      []store.CustomField
	Collections []string
	Spaces      []*store.Space
	Pages       [][]string // page ids of each space (same index as Spaces), parents first
	Sites       []*store.Site

	tag        string   // makes this run's e-mail addresses unique
	writers    []string // members whose role lets them edit content
	commenters []string // members whose role lets them comment
}

// Step is one area's part of a seed. Units is how many units of work it
// does at a scale (for the progress bar); Run reports each one done.
type Step struct {
	Name  string
	Units func(Scale) int
	Run   func(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(n int)) error
}

// Steps run in order. Areas append theirs (spaces, pages, sites, ...).
// A step may report work done from several goroutines: Run serialises the
// reports.
var Steps = []Step{
	{Name: "members", Units: func(sc Scale) int { return sc.Members }, Run: seedMembers},
	{Name: "teams", Units: func(sc Scale) int { return sc.Teams }, Run: seedTeams},
	{Name: "invites", Units: func(sc Scale) int { return sc.Invites }, Run: seedInvites},
	{Name: "SAML providers", Units: func(sc Scale) int { return sc.SAMLProviders }, Run: seedSAML},
	{Name: "custom fields", Units: func(sc Scale) int { return sc.CustomFields }, Run: seedCustomFields},
	{Name: "collections", Units: func(sc Scale) int { return sc.Collections }, Run: seedCollections},
	{Name: "spaces", Units: func(sc Scale) int { return sc.Spaces }, Run: seedSpaces},
	{Name: "pages", Units: func(sc Scale) int { return sc.Spaces * sc.PagesPerSpace }, Run: seedPages},
	{Name: "change requests", Units: func(sc Scale) int { return sc.Spaces * sc.ChangeRequestsPerSpace }, Run: seedChangeRequests},
	{Name: "comments", Units: func(sc Scale) int { return sc.Spaces * sc.CommentsPerSpace }, Run: seedComments},
	{Name: "sites", Units: func(sc Scale) int { return sc.Sites }, Run: seedSites},
}

// Progress is told of the work: the total once, then each step as it
// starts and each unit as it is done.
type Progress interface {
	Start(total int)
	Step(name string)
	Add(n int)
}

// Run makes a new organization with an admin and an API token for them,
// then runs every step.
func Run(ctx context.Context, s *store.Store, sc Scale, p Progress) (*Org, error) {
	total := 1
	for _, st := range Steps {
		total += st.Units(sc)
	}
	p.Start(total)
	tag := make([]byte, 4)
	rand.Read(tag)
	org := &Org{tag: hex.EncodeToString(tag)}
	p.Step("organization")
	admin, err := s.EnsureUser(ctx, fmt.Sprintf("admin+%s@acme.example", org.tag), "Ada Admin")
	if err != nil {
		return nil, fmt.Errorf("seed admin: %w", err)
	}
	o, err := s.CreateOrganization(ctx, admin.ID, "Acme Docs", []string{"acme.example"})
	if err != nil {
		return nil, fmt.Errorf("seed organization: %w", err)
	}
	if org.Token, err = s.CreateToken(ctx, admin.ID); err != nil {
		return nil, fmt.Errorf("seed token: %w", err)
	}
	org.ID, org.Admin = o.ID, admin
	p.Add(1)
	var mu sync.Mutex
	add := func(n int) {
		mu.Lock()
		defer mu.Unlock()
		p.Add(n)
	}
	for _, st := range Steps {
		p.Step(st.Name)
		if err := st.Run(ctx, s, sc, org, add); err != nil {
			return org, fmt.Errorf("seed %s: %w", st.Name, err)
		}
	}
	return org, nil
}

var (
	firstNames = []string{"Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Donald", "Margaret", "Ken", "Radia", "Dennis", "Leslie", "John", "Katherine", "Tim", "Hedy"}
	lastNames  = []string{"Lovelace", "Hopper", "Turing", "Liskov", "Dijkstra", "Allen", "Knuth", "Hamilton", "Thompson", "Perlman", "Ritchie", "Lamport", "McCarthy", "Johnson", "Berners-Lee", "Lamarr"}
	teamNames  = []string{"Docs", "Platform", "API", "Design", "Support", "Security", "Mobile", "Data", "Growth", "Infra", "Billing", "Search"}
	roles      = []domain.Role{domain.RoleRead, domain.RoleComment, domain.RoleReview, domain.RoleEdit, domain.RoleCreate, domain.RoleAdmin}
)

// roleFor spreads members over the roles, mostly readers and editors, with a
// few guests (no role) and admins.
func roleFor(i int) *domain.Role {
	switch {
	case i%17 == 16:
		return nil
	case i%23 == 22:
		r := domain.RoleAdmin
		return &r
	}
	r := roles[i%5]
	return &r
}

// seedMembers creates users and makes them members the way the API does:
// the admin invites them by e-mail (POST /orgs/{id}/invites), a batch at a
// time, and each accepts their invitation (POST /orgs/{id}/invites/{id}).
func seedMembers(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	const batch = 100
	for start := 0; start < sc.Members; start += batch {
		var emails []string
		var users []*store.User
		var rs []*domain.Role
		for i := start; i < min(start+batch, sc.Members); i++ {
			first, last := firstNames[i%len(firstNames)], lastNames[(i/len(firstNames))%len(lastNames)]
			email := fmt.Sprintf("%s.%s.%d+%s@acme.example", first, last, i, org.tag)
			u, err := s.EnsureUser(ctx, email, first+" "+last)
			if err != nil {
				return err
			}
			emails = append(emails, email)
			users = append(users, u)
			rs = append(rs, roleFor(i))
		}
		res, err := s.InviteByEmail(ctx, org.ID, org.Admin.ID, emails, rs, false)
		if err != nil {
			return err
		}
		if len(res.InvitationIDs) != len(users) {
			return fmt.Errorf("%d invitations for %d addresses", len(res.InvitationIDs), len(users))
		}
		// The invitations come back in the order of the addresses, so
		// rs[j] is the role users[j] accepts: content and comments are
		// written by members the API would let write them.
		if err := forEach(ctx, len(users), func(ctx context.Context, j int) error {
			return s.AcceptInvitation(ctx, org.ID, res.InvitationIDs[j], users[j])
		}); err != nil {
			return err
		}
		for j, u := range users {
			if rs[j].AtLeast(domain.RoleEdit) {
				org.writers = append(org.writers, u.ID)
			}
			if rs[j].AtLeast(domain.RoleComment) {
				org.commenters = append(org.commenters, u.ID)
			}
			org.Members = append(org.Members, u.ID)
		}
		done(len(emails))
	}
	return nil
}

func seedTeams(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	for i := range sc.Teams {
		title := teamNames[i%len(teamNames)]
		if i >= len(teamNames) {
			title = fmt.Sprintf("%s %d", title, i/len(teamNames)+1)
		}
		var members []string
		for j := range min(sc.TeamSize, len(org.Members)) {
			members = append(members, org.Members[(i*sc.TeamSize+j)%len(org.Members)])
		}
		t, err := s.CreateTeam(ctx, org.ID, title, members)
		if err != nil {
			return err
		}
		org.Teams = append(org.Teams, t.ID)
		done(1)
	}
	return nil
}

func seedInvites(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	for i := range sc.Invites {
		if _, err := s.CreateInvite(ctx, org.ID, roleFor(i)); err != nil {
			return err
		}
		done(1)
	}
	return nil
}

func seedSAML(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	for i := range sc.SAMLProviders {
		label := fmt.Sprintf("IdP %d", i+1)
		sso := fmt.Sprintf("https://idp%d.acme.example/sso/saml", i+1)
		entity := fmt.Sprintf("https://idp%d.acme.example/metadata", i+1)
		p := store.SAMLPatch{Label: &label, SSOURL: &sso, EntityID: &entity}
		if len(org.Teams) > 0 {
			p.SetDefaultTeam, p.DefaultTeam = true, &org.Teams[i%len(org.Teams)]
		}
		if _, err := s.CreateSAMLProvider(ctx, org.ID, p); err != nil {
			return err
		}
		done(1)
	}
	return nil
}
