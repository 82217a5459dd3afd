package store

import (
	"context"
	"strings"
)

// Global object identification (GraphQL's node(id:)): finding which object
// an id names, with no type in the id.
//
// Ids stay what they always were (opaque random strings, the same in REST
// paths and GitBook's API), so the type cannot come from a prefix. Two
// ways were weighed:
//   - a registry table (id -> kind) kept by triggers or by every insert,
//     backfilled by a migration: one index probe to locate, but a write on
//     every insert of twenty tables (a revision per edit, a delivery per
//     event and webhook), deletes to mirror (cascades, purges), and a second
//     copy of every id that can drift from the tables;
//   - one statement probing the primary key of every table that holds
//     Node objects (a UNION ALL of index lookups), which is what
//     LocateNodes does: nothing to keep in sync, no cost on writes, and a
//     batch of ids is still one statement (each branch is one index scan
//     over the whole array of ids).
// The probe costs a few index lookups per id on reads of node(id) only;
// `go test ./rest -bench Node` measures it against space(id).
//
// Every table is probed and every match returned: the caller resolves the
// type from what the id names, not from the first table that happens to
// hold it. Ids are 20 random base62 characters (about 119 bits), so two
// tables never hold the same one in practice; should they, the id is
// ambiguous and names nothing (NodeLocation.Ambiguous).

// NodeKind names the table an id was found in.
type NodeKind string

// The kinds of objects LocateNodes finds.
const (
	NodeOrganization        NodeKind = "organization"
	NodeUser                NodeKind = "user"
	NodeTeam                NodeKind = "team"
	NodeInvite              NodeKind = "invite"
	NodeInvitation          NodeKind = "invitation"
	NodeSAMLProvider        NodeKind = "saml_provider"
	NodeCollection          NodeKind = "collection"
	NodeSpace               NodeKind = "space"
	NodeRevision            NodeKind = "revision"
	NodeChangeRequest       NodeKind = "change_request"
	NodeComment             NodeKind = "comment"
	NodeCommentReply        NodeKind = "comment_reply"
	NodeCustomField         NodeKind = "custom_field"
	NodeOpenAPISpec         NodeKind = "openapi_spec"
	NodeOpenAPISpecVersion  NodeKind = "openapi_spec_version"
	NodeTranslationSettings NodeKind = "translation_settings"
	NodeSite                NodeKind = "site"
	NodeSiteSection         NodeKind = "site_section"
	NodeSiteSectionGroup    NodeKind = "site_section_group"
	NodeSiteSpace           NodeKind = "site_space"
	NodeShareLink           NodeKind = "share_link"
	NodeSiteRedirect        NodeKind = "site_redirect"
	NodeWebhook             NodeKind = "webhook"
	NodeWebhookDelivery     NodeKind = "webhook_delivery"
	// A personal API token and a session: Parent is the user they belong
	// to (only that user may read them).
	NodePersonalToken NodeKind = "personal_token"
	NodeSession       NodeKind = "session"
)

// NodeLocation is where an id was found: its kind, its organization, and
// the keys of the parents its reads go through (which ones depends on the
// kind; see nodeBranches).
type NodeLocation struct {
	ID             string   `bun:"id"`
	Kind           NodeKind `bun:"kind"`
	OrganizationID string   `bun:"organization_id"`
	// Parent is the space (revision, change request, comment), the comment
	// (reply), the site (section, group, site space, share link), the
	// webhook (delivery), the specification's slug (version) or the user
	// (personal token, session); for a custom field its name, for a
	// specification its slug.
	Parent string `bun:"parent"`
	// Thread is the comment's change request (comment; "" for a space's
	// own comments), or the reply's comment's space (reply).
	Thread string `bun:"thread"`
	// Thread2 is the reply's comment's change request.
	Thread2 string `bun:"thread2"`
	// Ambiguous is set when more than one table holds the id.
	Ambiguous bool `bun:"-"`
}

// nodeBranches are the probes, one per table: the kind, then the select
// list and source of the branch (id, organization_id, parent, thread,
// thread2 as text), each filtered by its primary key against $1.
var nodeBranches = []struct {
	kind NodeKind
	sql  string
}{
	{NodeOrganization, `x.id, x.id, NULL, NULL, NULL FROM organizations AS x`},
	{NodeUser, `x.id, NULL, NULL, NULL, NULL FROM users AS x`},
	{NodeTeam, `x.id, x.organization_id, NULL, NULL, NULL FROM teams AS x`},
	{NodeInvite, `x.id, x.organization_id, NULL, NULL, NULL FROM invites AS x`},
	{NodeInvitation, `x.id, x.organization_id, NULL, NULL, NULL FROM invitations AS x`},
	{NodeSAMLProvider, `x.id, x.organization_id, NULL, NULL, NULL FROM saml_providers AS x`},
	{NodeCollection, `x.id, x.organization_id, NULL, NULL, NULL FROM collections AS x`},
	{NodeSpace, `x.id, x.organization_id, NULL, NULL, NULL FROM spaces AS x`},
	{NodeRevision, `x.id, x.organization_id, x.space_id, NULL, NULL FROM revisions AS x`},
	{NodeChangeRequest, `x.id, x.organization_id, x.space_id, NULL, NULL FROM change_requests AS x`},
	{NodeComment, `x.id, x.organization_id, x.space_id, x.change_request_id, NULL FROM comments AS x`},
	{NodeCommentReply, `x.id, x.organization_id, x.comment_id, c.space_id, c.change_request_id
		FROM comment_replies AS x JOIN comments AS c ON c.id = x.comment_id`},
	{NodeCustomField, `x.id, x.organization_id, x.name, NULL, NULL FROM custom_fields AS x`},
	{NodeOpenAPISpec, `x.id, x.organization_id, x.slug, NULL, NULL FROM openapi_specs AS x`},
	{NodeOpenAPISpecVersion, `x.id, x.organization_id, s.slug, NULL, NULL
		FROM openapi_spec_versions AS x JOIN openapi_specs AS s ON s.id = x.spec_id`},
	{NodeTranslationSettings, `x.id, x.organization_id, NULL, NULL, NULL FROM translation_settings AS x`},
	{NodeSite, `x.id, x.organization_id, NULL, NULL, NULL FROM sites AS x`},
	{NodeSiteSection, `x.id, x.organization_id, x.site_id, NULL, NULL FROM site_sections AS x`},
	{NodeSiteSectionGroup, `x.id, x.organization_id, x.site_id, NULL, NULL FROM site_section_groups AS x`},
	{NodeSiteSpace, `x.id, x.organization_id, x.site_id, NULL, NULL FROM site_spaces AS x`},
	{NodeShareLink, `x.id, x.organization_id, x.site_id, NULL, NULL FROM site_share_links AS x`},
	{NodeSiteRedirect, `x.id, x.organization_id, x.site_id, NULL, NULL FROM site_redirects AS x`},
	{NodeWebhook, `x.id, x.organization_id, NULL, NULL, NULL FROM webhooks AS x`},
	{NodeWebhookDelivery, `x.id, x.organization_id, x.webhook_id, NULL, NULL FROM webhook_deliveries AS x`},
	{NodePersonalToken, `x.id, NULL, x.user_id, NULL, NULL FROM api_tokens AS x`},
	{NodeSession, `x.id, NULL, x.user_id, NULL, NULL FROM sessions AS x`},
}

// locateNodesSQL is the probe of every table, one statement with the ids
// as its one parameter.
var locateNodesSQL = func() string {
	var b strings.Builder
	for i, br := range nodeBranches {
		if i > 0 {
			b.WriteString("\nUNION ALL ")
		}
		b.WriteString("SELECT '" + string(br.kind) + "' AS kind, ")
		b.WriteString(br.sql)
		b.WriteString(" WHERE x.id = ANY($1::text[])")
	}
	return `SELECT kind, id, coalesce(organization_id, '') AS organization_id, coalesce(parent, '') AS parent,
	coalesce(thread, '') AS thread, coalesce(thread2, '') AS thread2 FROM (` + b.String() + `
) AS n (kind, id, organization_id, parent, thread, thread2)`
}()

// LocateNodes finds the objects the ids name, in one statement: one
// location per id found (an id given twice is located once), in no
// particular order. An id held by more than one table comes back once,
// Ambiguous. It checks no access: the caller reads each object through
// its own resolver, which does.
func (s *Store) LocateNodes(ctx context.Context, ids []string) ([]NodeLocation, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []NodeLocation
	if err := s.scanArgs(ctx, locateNodesSQL, &rows, ids); err != nil {
		return nil, dbError(err, "node")
	}
	seen := make(map[string]int, len(rows))
	out := rows[:0]
	for _, r := range rows {
		if i, dup := seen[r.ID]; dup {
			out[i].Ambiguous = true
			continue
		}
		seen[r.ID] = len(out)
		out = append(out, r)
	}
	return out, nil
}
