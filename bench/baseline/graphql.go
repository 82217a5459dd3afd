package baseline

import (
	"encoding/json"
	"net/http"
	"time"

	"folio/bench/queries"
	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// The GraphQL documents the baseline answers by hand, with the statements
// Folio's resolvers run for them, in the same store calls: the site tree
// down to the space (queries.SiteTreeToSpace: token, organization, sites,
// section groups, the sections of groups, sections, the site spaces of
// sections with their spaces: 7 statements) and the list of 1,000 spaces
// (queries.SpaceList: token, organization, count, spaces: 4). Each answer
// is Folio's byte for byte (TestBaselineGraphQL in rest). Any other
// document is refused: the baseline is no GraphQL server.
func (h *handler) graphql(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Query     string `json:"query"`
		Variables struct {
			ID string `json:"id"`
		} `json:"variables"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"errors":[{"message":"bad request"}]}`, http.StatusBadRequest)
		return
	}
	var answer func(w http.ResponseWriter, r *http.Request, org store.OrganizationAccess)
	switch req.Query {
	case queries.SiteTreeToSpace:
		answer = h.siteTree
	case queries.SpaceList:
		answer = h.spaceList
	default:
		http.Error(w, `{"errors":[{"message":"the baseline answers the site tree and the list of spaces only"}]}`, http.StatusBadRequest)
		return
	}
	u, ok := auth(h.s, w, r)
	if !ok {
		return
	}
	orgs, err := h.s.OrganizationsForUser(r.Context(), u.ID, []string{req.Variables.ID})
	if err != nil || len(orgs) == 0 {
		writeGraphQLError(w, "organization not found")
		return
	}
	answer(w, r, orgs[0])
}

func writeGraphQLError(w http.ResponseWriter, message string) {
	body, _ := json.Marshal(map[string]any{"errors": []map[string]string{{"message": message}}, "data": map[string]any{"organization": nil}})
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// data wraps an answer as GraphQL's {"data":{"organization":...}}.
type data[T any] struct {
	Data struct {
		Organization T `json:"organization"`
	} `json:"data"`
}

func writeData[T any](w http.ResponseWriter, org T) {
	var d data[T]
	d.Data.Organization = org
	body, err := json.Marshal(d)
	if err != nil {
		http.Error(w, `{"errors":[{"message":"internal error"}]}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

type items[T any] struct {
	Items []T `json:"items"`
}

type spaceListOrg struct {
	Spaces items[listedSpace] `json:"spaces"`
}

// listedSpace is queries.SpaceFields, in its order.
type listedSpace struct {
	ID                 string           `json:"id"`
	Title              string           `json:"title"`
	Emoji              string           `json:"emoji"`
	Visibility         store.Visibility `json:"visibility"`
	CreatedAt          time.Time        `json:"createdAt"`
	UpdatedAt          time.Time        `json:"updatedAt"`
	DeletedAt          *time.Time       `json:"deletedAt"`
	EditMode           store.EditMode   `json:"editMode"`
	Organization       string           `json:"organization"`
	Parent             *string          `json:"parent"`
	RevisionID         string           `json:"revisionId"`
	DefaultLevel       *domain.Role     `json:"defaultLevel"`
	Comments           int              `json:"comments"`
	ChangeRequests     int              `json:"changeRequests"`
	ChangeRequestsOpen int              `json:"changeRequestsOpen"`
}

// spaceList is organization.spaces(limit: 1000): the organization's
// spaces its caller may see (organizationResolver.Spaces).
func (h *handler) spaceList(w http.ResponseWriter, r *http.Request, org store.OrganizationAccess) {
	p, err := h.s.ListSpacesFor(r.Context(), org.ID, org.ViewerRole, false, store.PageArgs{Limit: 1000})
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	access := model.Access{Member: true, Role: org.ViewerRole, OwnsTeam: org.ViewerOwnsTeam}
	out := spaceListOrg{Spaces: items[listedSpace]{Items: make([]listedSpace, len(p.Items))}}
	for i := range p.Items {
		sp := model.NewSpace(h.base, &p.Items[i], access)
		out.Spaces.Items[i] = listedSpace{ID: sp.ID, Title: sp.Title, Emoji: sp.Emoji, Visibility: sp.Visibility,
			CreatedAt: sp.CreatedAt, UpdatedAt: sp.UpdatedAt, DeletedAt: sp.DeletedAt, EditMode: sp.EditMode,
			Organization: sp.Organization(), Parent: sp.Parent(), RevisionID: sp.RevisionID, DefaultLevel: sp.DefaultLevel,
			Comments: sp.Comments, ChangeRequests: sp.ChangeRequests, ChangeRequestsOpen: sp.ChangeRequestsOpen}
	}
	writeData(w, out)
}

// The site tree's objects, with the fields of queries.SiteTreeToSpace in
// its order.
type (
	treeOrg struct {
		Sites items[treeSite] `json:"sites"`
	}
	treeSite struct {
		ID            string             `json:"id"`
		Title         string             `json:"title"`
		Published     bool               `json:"published"`
		Visibility    store.Visibility   `json:"visibility"`
		URLs          treeURLs           `json:"urls"`
		SectionGroups items[treeGroup]   `json:"sectionGroups"`
		Sections      items[treeSection] `json:"sections"`
	}
	treeURLs struct {
		Published *string `json:"published"`
	}
	treeGroup struct {
		ID       string   `json:"id"`
		Title    string   `json:"title"`
		Sections []treeID `json:"sections"`
	}
	treeID struct {
		ID string `json:"id"`
	}
	treeSection struct {
		ID           string          `json:"id"`
		Title        string          `json:"title"`
		Path         string          `json:"path"`
		Default      *bool           `json:"default"`
		SectionGroup *string         `json:"sectionGroup"`
		SiteSpaces   []treeSiteSpace `json:"siteSpaces"`
	}
	treeSiteSpace struct {
		ID      string    `json:"id"`
		Path    string    `json:"path"`
		Default *bool     `json:"default"`
		Space   treeSpace `json:"space"`
	}
	treeSpace struct {
		ID    string `json:"id"`
		Title string `json:"title"`
		Emoji string `json:"emoji"`
	}
)

// siteTree is queries.SiteTreeToSpace as Folio's resolvers read it: the
// sites (uncounted), then, for all of them at once, the first pages of
// their section groups and sections, the sections of their groups and the
// site spaces of their sections (graph/loader's SiteLoaders).
func (h *handler) siteTree(w http.ResponseWriter, r *http.Request, org store.OrganizationAccess) {
	ctx := r.Context()
	access := model.Access{Member: true, Role: org.ViewerRole, OwnsTeam: org.ViewerOwnsTeam}
	if access.Role == nil {
		writeGraphQLError(w, "guests cannot list the sites of an organization")
		return
	}
	const limit = 20 // sites(limit: 20), sectionGroups(limit: 20), sections(limit: 20)
	sites, err := h.s.ListSites(ctx, org.ID, store.SiteFilter{}, store.PageArgs{Limit: limit, Uncounted: true})
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	ids := make([]string, len(sites.Items))
	for i, s := range sites.Items {
		ids[i] = s.ID
	}
	groups, err := store.SiteSectionGroups.FirstPages(ctx, h.s, ids, limit)
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	grouped, err := h.s.GroupedSections(ctx, ids)
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	sections, err := store.SiteSections.FirstPages(ctx, h.s, ids, limit)
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	siteSpaces, err := h.s.SectionSiteSpaces(ctx, ids)
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	groupsOf := bySite(groups, func(g *store.SiteSectionGroup) string { return g.SiteID })
	sectionsOf := bySite(sections, func(s *store.SiteSection) string { return s.SiteID })
	groupSections := map[string][]treeID{}
	for _, s := range grouped {
		groupSections[*s.GroupID] = append(groupSections[*s.GroupID], treeID{s.ID})
	}
	sectionSpaces := map[string][]treeSiteSpace{}
	for i := range siteSpaces {
		ss := model.SiteSpace{SiteSpace: &siteSpaces[i]}
		sectionSpaces[*ss.SectionID] = append(sectionSpaces[*ss.SectionID], treeSiteSpace{ID: ss.ID, Path: ss.Path, Default: ss.Default(),
			Space: treeSpace{ID: ss.SiteSpace.Space.ID, Title: ss.SiteSpace.Space.Title, Emoji: ss.SiteSpace.Space.Emoji}})
	}
	out := treeOrg{Sites: items[treeSite]{Items: make([]treeSite, len(sites.Items))}}
	for i, row := range sites.Items {
		site := model.NewSite(h.base, row, access)
		t := treeSite{ID: site.ID, Title: site.Title, Published: site.Published, Visibility: site.Visibility}
		t.URLs.Published = site.Urls().Published
		gp := store.SiteSectionGroups.FirstPage(h.s, groupsOf[site.ID], limit, 0)
		t.SectionGroups.Items = make([]treeGroup, len(gp.Items))
		for j, g := range gp.Items {
			t.SectionGroups.Items[j] = treeGroup{ID: g.ID, Title: g.Title, Sections: orEmpty(groupSections[g.ID])}
		}
		sp := store.SiteSections.FirstPage(h.s, sectionsOf[site.ID], limit, 0)
		t.Sections.Items = make([]treeSection, len(sp.Items))
		for j, s := range sp.Items {
			sec := model.SiteSection{SiteSection: s, Site: &site}
			t.Sections.Items[j] = treeSection{ID: sec.ID, Title: sec.Title, Path: sec.Path, Default: sec.Default(),
				SectionGroup: sec.SectionGroup(), SiteSpaces: orEmpty(sectionSpaces[sec.ID])}
		}
		out.Sites.Items[i] = t
	}
	writeData(w, out)
}

// bySite groups rows (in the order read) by their site.
func bySite[Row any](rows []Row, site func(*Row) string) map[string][]Row {
	out := map[string][]Row{}
	for i := range rows {
		id := site(&rows[i])
		out[id] = append(out[id], rows[i])
	}
	return out
}

// orEmpty is xs, or [] rather than null for none.
func orEmpty[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}
