// Package baseline serves two REST reads and two GraphQL documents
// directly: the store's queries and encoding/json, no GraphQL. It is what
// the benchmark compares Folio's REST layer (which runs a GraphQL operation
// per request) and its GraphQL server against; its bodies are byte for byte
// those of Folio, which the benchmark checks.
package baseline

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// Handler serves GET /v1/orgs/{organizationId}, GET /v1/spaces/{spaceId}
// and, at POST /graphql, the site tree and the list of 1,000 spaces (see
// graphql.go).
func Handler(s *store.Store, base string) http.Handler {
	b := model.Base(strings.TrimRight(base, "/"))
	h := &handler{s: s, base: b}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /graphql", h.graphql)
	mux.HandleFunc("GET /v1/orgs/{id}", func(w http.ResponseWriter, r *http.Request) {
		u, ok := auth(s, w, r)
		if !ok {
			return
		}
		orgs, err := s.OrganizationsForUser(r.Context(), u.ID, []string{r.PathValue("id")})
		if err != nil || len(orgs) == 0 {
			http.Error(w, `{"error":{"code":404,"message":"organization not found"}}`, http.StatusNotFound)
			return
		}
		o := orgs[0]
		writeJSON(w, organizationBody(model.NewOrganization(b, o.Organization,
			model.Access{Member: true, Role: o.ViewerRole, OwnsTeam: o.ViewerOwnsTeam})))
	})
	mux.HandleFunc("GET /v1/spaces/{id}", func(w http.ResponseWriter, r *http.Request) {
		u, ok := auth(s, w, r)
		if !ok {
			return
		}
		spaces, err := s.SpacesByID(r.Context(), []string{r.PathValue("id")})
		if err != nil || len(spaces) == 0 {
			http.Error(w, `{"error":{"code":404,"message":"space not found"}}`, http.StatusNotFound)
			return
		}
		orgs, err := s.OrganizationsForUser(r.Context(), u.ID, []string{spaces[0].OrganizationID})
		if err != nil || len(orgs) == 0 {
			http.Error(w, `{"error":{"code":404,"message":"space not found"}}`, http.StatusNotFound)
			return
		}
		sp := model.NewSpace(b, &spaces[0], model.Access{Member: true, Role: orgs[0].ViewerRole, OwnsTeam: orgs[0].ViewerOwnsTeam})
		if sp.Role() == nil {
			http.Error(w, `{"error":{"code":404,"message":"space not found"}}`, http.StatusNotFound)
			return
		}
		writeJSON(w, spaceBody(sp))
	})
	return mux
}

// handler holds what the GraphQL answers need.
type handler struct {
	s    *store.Store
	base model.Base
}

func auth(s *store.Store, w http.ResponseWriter, r *http.Request) (*store.User, bool) {
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	u, _, err := s.Authenticate(r.Context(), token)
	if err != nil {
		http.Error(w, `{"error":{"code":401,"message":"unauthenticated"}}`, http.StatusUnauthorized)
		return nil, false
	}
	return u, true
}

func writeJSON(w http.ResponseWriter, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"error":{"code":500,"message":"internal error"}}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(body)
}

// The bodies below list the fields in the order of Folio's REST fragments
// (rest/operations), omitting absent optional fields and keeping the nulls
// that mean something, as the REST layer does.

type organization struct {
	Object               string                        `json:"object"`
	ID                   string                        `json:"id"`
	Title                string                        `json:"title"`
	CreatedAt            time.Time                     `json:"createdAt"`
	EmailDomains         []string                      `json:"emailDomains"`
	Hostname             *string                       `json:"hostname,omitempty"`
	Type                 string                        `json:"type"`
	DefaultRole          *domain.Role                  `json:"defaultRole"`
	DefaultContent       json.RawMessage               `json:"defaultContent,omitempty"`
	SSO                  *bool                         `json:"sso,omitempty"`
	AI                   *bool                         `json:"ai,omitempty"`
	InviteLinks          bool                          `json:"inviteLinks"`
	Plan                 string                        `json:"plan"`
	InternalIsOnNewTrial *bool                         `json:"internal_isOnNewTrial,omitempty"`
	Trial                model.OrganizationTrial       `json:"trial"`
	MergeRules           json.RawMessage               `json:"mergeRules"`
	URLs                 model.OrganizationURLs        `json:"urls"`
	Permissions          model.OrganizationPermissions `json:"permissions"`
}

func organizationBody(o model.Organization) organization {
	return organization{
		Object: o.Object(), ID: o.ID, Title: o.Title, CreatedAt: o.CreatedAt, EmailDomains: o.EmailDomains,
		Hostname: o.Hostname, Type: o.Type, DefaultRole: o.DefaultRole, DefaultContent: o.DefaultContent(),
		SSO: o.Sso(), AI: o.Ai(), InviteLinks: o.InviteLinks, Plan: o.Plan, InternalIsOnNewTrial: o.InternalIsOnNewTrial(),
		Trial: o.Trial(), MergeRules: o.MergeRules(), URLs: o.Urls(), Permissions: o.Permissions(),
	}
}

type space struct {
	Object              string                 `json:"object"`
	ID                  string                 `json:"id"`
	Title               string                 `json:"title"`
	Emoji               string                 `json:"emoji"`
	Visibility          store.Visibility       `json:"visibility"`
	CreatedAt           time.Time              `json:"createdAt"`
	UpdatedAt           time.Time              `json:"updatedAt"`
	DeletedAt           *time.Time             `json:"deletedAt,omitempty"`
	EditMode            store.EditMode         `json:"editMode"`
	URLs                model.SpaceURLs        `json:"urls"`
	Organization        string                 `json:"organization"`
	Parent              *string                `json:"parent,omitempty"`
	Revision            string                 `json:"revision"`
	DefaultLevel        *domain.Role           `json:"defaultLevel"`
	Comments            int                    `json:"comments"`
	ChangeRequests      int                    `json:"changeRequests"`
	ChangeRequestsOpen  int                    `json:"changeRequestsOpen"`
	ChangeRequestsDraft int                    `json:"changeRequestsDraft"`
	MergeRules          json.RawMessage        `json:"mergeRules"`
	Permissions         model.SpacePermissions `json:"permissions"`
}

func spaceBody(s model.Space) space {
	return space{
		Object: s.Object(), ID: s.ID, Title: s.Title, Emoji: s.Emoji, Visibility: s.Visibility,
		CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt, DeletedAt: s.DeletedAt, EditMode: s.EditMode,
		URLs: s.Urls(), Organization: s.Organization(), Parent: s.Parent(), Revision: s.RevisionID,
		DefaultLevel: s.DefaultLevel, Comments: s.Comments, ChangeRequests: s.ChangeRequests,
		ChangeRequestsOpen: s.ChangeRequestsOpen, ChangeRequestsDraft: s.ChangeRequestsDraft, MergeRules: s.MergeRules(),
		Permissions: s.Permissions(),
	}
}
