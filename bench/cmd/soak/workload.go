package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"

	"folio/store"
)

// world is what the load addresses: one organization with a published
// site over a space of soakPages pages, an open change request on that
// space, and a webhook for every space event.
type world struct {
	base      string // the server
	token     string
	orgID     string
	spaceID   string
	crID      string
	pageIDs   []string
	siteID    string
	siteURLs  []string // the published pages, found by reading the site
	webhookID string
}

const soakPages = 30

// seed builds the world through the store code the API runs.
func seed(ctx context.Context, s *store.Store, hookURL string) (*world, error) {
	u, err := s.EnsureUser(ctx, "soak@example.com", "Soak")
	if err != nil {
		return nil, err
	}
	w := &world{}
	if w.token, err = s.CreateToken(ctx, u.ID); err != nil {
		return nil, err
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Soak", nil)
	if err != nil {
		return nil, err
	}
	w.orgID = org.ID
	sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Docs", Visibility: store.VisibilityPublic})
	if err != nil {
		return nil, err
	}
	w.spaceID = sp.ID
	cr, err := s.CreateChangeRequest(ctx, sp, u.ID, "pages")
	if err != nil {
		return nil, err
	}
	var changes []store.PageChange
	for i := range soakPages {
		title, md := fmt.Sprintf("Topic %d", i), fmt.Sprintf("# Topic %d\n\nHow to install and run topic %d.\n", i, i)
		changes = append(changes, store.PageChange{Operation: store.OpInsertPage, Ref: fmt.Sprint("p", i), Title: &title, Markdown: &md})
	}
	res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, u.ID, changes)
	if err != nil {
		return nil, err
	}
	for _, c := range res.Changes {
		w.pageIDs = append(w.pageIDs, c.Page)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, u.ID); err != nil {
		return nil, err
	}
	if sp, err = s.Space(ctx, sp.ID); err != nil {
		return nil, err
	}
	edits, err := s.CreateChangeRequest(ctx, sp, u.ID, "soak edits")
	if err != nil {
		return nil, err
	}
	w.crID = edits.ID
	site, err := s.CreateSite(ctx, org.ID, store.NewSite{Type: "basic", Title: "Soak docs", Visibility: store.VisibilityPublic})
	if err != nil {
		return nil, err
	}
	if _, err := s.AddSiteSpace(ctx, site, sp.ID, nil); err != nil {
		return nil, err
	}
	if _, err := s.SetSitePublished(ctx, site, true); err != nil {
		return nil, err
	}
	w.siteID = site.ID
	hook, err := s.CreateWebhook(ctx, org.ID, hookURL, []string{"space.*"}, true)
	if err != nil {
		return nil, err
	}
	w.webhookID = hook.ID
	return w, nil
}

var siteLink = regexp.MustCompile(`href="(/sites/[^"#?]+)"`)

// discover reads the published site's first page for the addresses of its
// pages, as a reader's browser would follow them, and checks that every
// kind of request the load sends answers.
func (w *world) discover(c *http.Client) error {
	body, err := w.get(c, "/sites/"+w.siteID+"/")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, m := range siteLink.FindAllStringSubmatch(body, -1) {
		if p := m[1]; !seen[p] && strings.HasPrefix(p, "/sites/"+w.siteID+"/") && !strings.Contains(p, "/~") {
			seen[p] = true
			w.siteURLs = append(w.siteURLs, p)
		}
	}
	if len(w.siteURLs) < soakPages/2 {
		return fmt.Errorf("the published site links %d pages, want about %d", len(w.siteURLs), soakPages)
	}
	for i := range 20 {
		req := w.request(i)
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 400 {
			return fmt.Errorf("%s %s: %d %.300s", req.Method, req.URL.Path, resp.StatusCode, b)
		}
	}
	return nil
}

func (w *world) get(c *http.Client, path string) (string, error) {
	resp, err := c.Get(w.base + path)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %d %.300s", path, resp.StatusCode, b)
	}
	return string(b), nil
}

// request is the i-th request of the mix, in twenty slots: eight API
// reads (the space list, a space's tree, a page, a GraphQL organization
// read), six published page views, two searches, three content edits of
// the open change request and one space create (each create is a webhook
// delivery).
func (w *world) request(i int) *http.Request {
	page := w.pageIDs[i%len(w.pageIDs)]
	switch i % 20 {
	case 0, 1:
		return w.api(http.MethodGet, "/v1/orgs/"+w.orgID+"/spaces?limit=20", "")
	case 2, 3:
		return w.api(http.MethodGet, "/v1/spaces/"+w.spaceID+"/content", "")
	case 4, 5:
		return w.api(http.MethodGet, "/v1/spaces/"+w.spaceID+"/content/page/"+page+"?format=markdown", "")
	case 6, 7:
		return w.api(http.MethodPost, "/graphql",
			`{"query":"query($id: ID!) { organization(id: $id) { id title } }","variables":{"id":"`+w.orgID+`"}}`)
	case 8, 9, 10, 11, 12, 13:
		req, _ := http.NewRequest(http.MethodGet, w.base+w.siteURLs[i%len(w.siteURLs)], nil)
		return req
	case 14, 15:
		return w.api(http.MethodGet, fmt.Sprintf("/v1/orgs/%s/search?query=topic+%d", w.orgID, i%soakPages), "")
	case 16, 17, 18:
		return w.api(http.MethodPost, "/v1/spaces/"+w.spaceID+"/change-requests/"+w.crID+"/content",
			fmt.Sprintf(`{"changes":[{"operation":"update_page","page":%q,"document":{"markdown":"# Edit %d\n\nEdited by request %d.\n"}}]}`, page, i, i))
	default:
		return w.api(http.MethodPost, "/v1/orgs/"+w.orgID+"/spaces", fmt.Sprintf(`{"title":"Soak %d"}`, i))
	}
}

func (w *world) api(method, path, body string) *http.Request {
	var r io.Reader
	if body != "" {
		r = bytes.NewReader([]byte(body))
	}
	req, _ := http.NewRequest(method, w.base+path, r)
	req.Header.Set("Authorization", "Bearer "+w.token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}
