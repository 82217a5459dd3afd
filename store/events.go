package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// EventType names what happened, as "<object>.<verb>".
type EventType string

// The event types. docs/api/change-feed.md lists each one with its
// payload.
const (
	EventOrganizationCreated EventType = "organization.created"
	EventOrganizationUpdated EventType = "organization.updated"

	EventSpaceCreated     EventType = "space.created"
	EventSpaceUpdated     EventType = "space.updated"
	EventSpaceDeleted     EventType = "space.deleted"
	EventSpaceRestored    EventType = "space.restored"
	EventSpaceMoved       EventType = "space.moved"
	EventSpaceTransferred EventType = "space.transferred"

	EventCollectionCreated     EventType = "collection.created"
	EventCollectionUpdated     EventType = "collection.updated"
	EventCollectionDeleted     EventType = "collection.deleted"
	EventCollectionMoved       EventType = "collection.moved"
	EventCollectionTransferred EventType = "collection.transferred"

	EventChangeRequestCreated EventType = "change_request.created"
	EventChangeRequestUpdated EventType = "change_request.updated"
	EventChangeRequestMerged  EventType = "change_request.merged"
	EventPageUpdated          EventType = "page.updated"
	EventContentImported      EventType = "content.imported"

	EventCommentCreated EventType = "comment.created"
	EventCommentUpdated EventType = "comment.updated"
	EventCommentDeleted EventType = "comment.deleted"
	EventReplyCreated   EventType = "comment_reply.created"
	EventReplyUpdated   EventType = "comment_reply.updated"
	EventReplyDeleted   EventType = "comment_reply.deleted"

	EventMemberCreated EventType = "member.created"
	EventMemberUpdated EventType = "member.updated"
	EventMemberDeleted EventType = "member.deleted"

	EventTeamCreated EventType = "team.created"
	EventTeamUpdated EventType = "team.updated"
	EventTeamDeleted EventType = "team.deleted"

	EventInviteCreated     EventType = "invite.created"
	EventInviteUpdated     EventType = "invite.updated"
	EventInviteDeleted     EventType = "invite.deleted"
	EventInvitationCreated EventType = "invitation.created"
	EventInvitationDeleted EventType = "invitation.deleted"

	EventCustomFieldCreated EventType = "custom_field.created"
	EventCustomFieldUpdated EventType = "custom_field.updated"
	EventCustomFieldDeleted EventType = "custom_field.deleted"
	EventSpaceCustomFields  EventType = "space.custom_fields_updated"

	EventOpenAPICreated   EventType = "openapi_spec.created"
	EventOpenAPIUpdated   EventType = "openapi_spec.updated"
	EventOpenAPIDeleted   EventType = "openapi_spec.deleted"
	EventOpenAPIProcessed EventType = "openapi_spec.processed"

	EventTranslationCreated EventType = "translation.created"
	EventTranslationUpdated EventType = "translation.updated"
	EventTranslationDeleted EventType = "translation.deleted"

	EventSiteCreated     EventType = "site.created"
	EventSiteUpdated     EventType = "site.updated"
	EventSiteDeleted     EventType = "site.deleted"
	EventSitePublished   EventType = "site.published"
	EventSiteUnpublished EventType = "site.unpublished"

	EventSiteSectionCreated EventType = "site_section.created"
	EventSiteSectionUpdated EventType = "site_section.updated"
	EventSiteSectionDeleted EventType = "site_section.deleted"

	EventSiteSectionGroupCreated EventType = "site_section_group.created"
	EventSiteSectionGroupUpdated EventType = "site_section_group.updated"
	EventSiteSectionGroupDeleted EventType = "site_section_group.deleted"

	EventSiteSpaceCreated EventType = "site_space.created"
	EventSiteSpaceUpdated EventType = "site_space.updated"
	EventSiteSpaceDeleted EventType = "site_space.deleted"

	EventShareLinkCreated EventType = "share_link.created"
	EventShareLinkUpdated EventType = "share_link.updated"
	EventShareLinkDeleted EventType = "share_link.deleted"

	EventSAMLProviderCreated EventType = "saml_provider.created"
	EventSAMLProviderUpdated EventType = "saml_provider.updated"
	EventSAMLProviderDeleted EventType = "saml_provider.deleted"

	EventWebhookCreated     EventType = "webhook.created"
	EventWebhookUpdated     EventType = "webhook.updated"
	EventWebhookDeleted     EventType = "webhook.deleted"
	EventWebhookRedelivered EventType = "webhook.redelivered"
	EventWebhookDisabled    EventType = "webhook.disabled"
)

// EventTypes lists every event type, in the order of docs/api/change-feed.md.
var EventTypes = []EventType{
	EventOrganizationCreated, EventOrganizationUpdated,
	EventSpaceCreated, EventSpaceUpdated, EventSpaceDeleted, EventSpaceRestored, EventSpaceMoved, EventSpaceTransferred,
	EventCollectionCreated, EventCollectionUpdated, EventCollectionDeleted, EventCollectionMoved, EventCollectionTransferred,
	EventChangeRequestCreated, EventChangeRequestUpdated, EventChangeRequestMerged, EventPageUpdated, EventContentImported,
	EventCommentCreated, EventCommentUpdated, EventCommentDeleted, EventReplyCreated, EventReplyUpdated, EventReplyDeleted,
	EventMemberCreated, EventMemberUpdated, EventMemberDeleted,
	EventTeamCreated, EventTeamUpdated, EventTeamDeleted,
	EventInviteCreated, EventInviteUpdated, EventInviteDeleted, EventInvitationCreated, EventInvitationDeleted,
	EventCustomFieldCreated, EventCustomFieldUpdated, EventCustomFieldDeleted, EventSpaceCustomFields,
	EventOpenAPICreated, EventOpenAPIUpdated, EventOpenAPIDeleted, EventOpenAPIProcessed,
	EventTranslationCreated, EventTranslationUpdated, EventTranslationDeleted,
	EventSiteCreated, EventSiteUpdated, EventSiteDeleted, EventSitePublished, EventSiteUnpublished,
	EventSiteSectionCreated, EventSiteSectionUpdated, EventSiteSectionDeleted,
	EventSiteSectionGroupCreated, EventSiteSectionGroupUpdated, EventSiteSectionGroupDeleted,
	EventSiteSpaceCreated, EventSiteSpaceUpdated, EventSiteSpaceDeleted,
	EventShareLinkCreated, EventShareLinkUpdated, EventShareLinkDeleted,
	EventSAMLProviderCreated, EventSAMLProviderUpdated, EventSAMLProviderDeleted,
	EventWebhookCreated, EventWebhookUpdated, EventWebhookDeleted, EventWebhookRedelivered, EventWebhookDisabled,
}

// DefaultEventRetention is how long events are kept when
// FOLIO_EVENTS_RETENTION does not say (30 days).
const DefaultEventRetention = 720 * time.Hour

// Event is one entry of an organization's change feed.
type Event struct {
	bun.BaseModel `bun:"table:events,alias:event"`

	OrganizationID string          `bun:"organization_id,pk"`
	ID             int64           `bun:"id,pk"`
	Type           EventType       `bun:"type"`
	ActorID        *string         `bun:"actor_id"`
	ObjectID       string          `bun:"object_id"`
	SpaceID        *string         `bun:"space_id"`
	CreatedAt      time.Time       `bun:"created_at"`
	Payload        json.RawMessage `bun:"payload,type:jsonb"`
}

// P is an event payload: a few fields that say what changed.
type P map[string]any

// ev is an event about to be appended.
type ev struct {
	org     string
	typ     EventType
	object  string
	space   string // "" when the event is not about one space
	payload P
}

type actorKey struct{}

// WithActor returns a context whose writes are recorded as made by userID.
func WithActor(ctx context.Context, userID string) context.Context {
	return context.WithValue(ctx, actorKey{}, userID)
}

// ActorOf returns the user WithActor set, or "".
func ActorOf(ctx context.Context) string {
	u, _ := ctx.Value(actorKey{}).(string)
	return u
}

// EventFilter selects events of one organization.
type EventFilter struct {
	// After keeps events whose id is greater (0: from the oldest kept).
	After int64
	// Until, when positive, keeps events whose id is at most Until.
	Until int64
	// Types keeps these types; "space.*" keeps every type of an object.
	// Empty keeps all.
	Types []string
	// Role is the caller's role in the organization: members with a role
	// see every event; guests (nil) only the events of spaces they can read.
	Role *domain.Role
}

var eventKeyset = keyset{name: "events", cols: []string{"event.id"}}

// ListEvents pages through an organization's change feed, oldest first.
// There is no count: the feed only grows. INVALID for a bad page token.
func (s *Store) ListEvents(ctx context.Context, orgID string, f EventFilter, args PageArgs) (Page[Event], error) {
	var out Page[Event]
	q := s.DB.NewSelect().Model((*Event)(nil)).Where("event.organization_id = ?", orgID)
	after := f.After
	if cur, err := s.decodePage(eventKeyset.in(orgID), args.Page); err != nil {
		return out, err
	} else if cur != nil {
		n, err := pageInt(cur[0])
		if err != nil {
			return out, err
		}
		after = max(after, n)
	}
	if after > 0 {
		q.Where("event.id > ?", after)
	}
	if f.Until > 0 {
		q.Where("event.id <= ?", f.Until)
	}
	if len(f.Types) > 0 {
		q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			for _, t := range f.Types {
				if prefix, ok := strings.CutSuffix(t, ".*"); ok {
					q.WhereOr("starts_with(event.type, ?)", prefix+".")
				} else {
					q.WhereOr("event.type = ?", t)
				}
			}
			return q
		})
	}
	if f.Role == nil {
		// The spaces a guest reads: those with an effective default level,
		// exactly as the organization's space list shows them.
		q.Where(`event.space_id IN (SELECT sp.id FROM spaces sp WHERE sp.organization_id = ?
			AND COALESCE(sp.default_level, folio_collection_level(sp.parent_id)) IS NOT NULL)`, orgID)
	}
	limit := args.Limit
	var rows []Event
	if err := q.OrderExpr("event.id ASC").Limit(int64(limit+1)).Scan(ctx, &rows); err != nil {
		return out, dbError(err, "events")
	}
	if len(rows) > limit {
		rows = rows[:limit]
		if limit > 0 {
			out.Next = s.encodePage(eventKeyset.in(orgID), []any{strconv.FormatInt(rows[limit-1].ID, 10)})
		}
	}
	out.Items = rows
	out.Count = -1
	return out, nil
}

func pageInt(v any) (int64, error) {
	str, _ := v.(string)
	n, err := strconv.ParseInt(str, 10, 64)
	if err != nil {
		return 0, domain.Invalid("page", "is not a valid page token")
	}
	return n, nil
}

// PruneEvents deletes events older than retention, in batches; it returns
// how many went. One statement per batch, so servers running it at once
// never conflict.
func (s *Store) PruneEvents(ctx context.Context, retention time.Duration) (int, error) {
	total := 0
	cutoff := s.Now().Add(-retention)
	for {
		res, err := s.DB.NewRaw(`DELETE FROM events WHERE ctid IN (
			SELECT ctid FROM events WHERE created_at < ? LIMIT 10000)`, cutoff).Exec(ctx)
		if err != nil {
			return total, fmt.Errorf("prune events: %w", err)
		}
		n, _ := res.RowsAffected()
		total += int(n)
		if n < 10000 {
			return total, nil
		}
	}
}

// writeWith runs fn in a new transaction and appends events after it, in
// the same transaction: the form of writes whose events are known before
// they run.
func (s *Store) writeWith(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error, events ...ev) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := fn(ctx, tx); err != nil {
			return err
		}
		return s.emit(ctx, tx, events...)
	})
}

// changed names the fields a patch sets.
func (p SpacePatch) changed() []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"title", p.Title != nil}, {"emoji", p.Emoji != nil}, {"editMode", p.EditMode != nil},
		{"visibility", p.Visibility != nil}, {"defaultLevel", p.SetDefaultLevel}} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// spaceEvent is an event about a space.
func spaceEvent(typ EventType, sp *Space, payload P) ev {
	return ev{org: sp.OrganizationID, typ: typ, object: sp.ID, space: sp.ID, payload: payload}
}

// collectionEvent is an event about a collection.
func collectionEvent(typ EventType, c *Collection, payload P) ev {
	return ev{org: c.OrganizationID, typ: typ, object: c.ID, payload: payload}
}

// siteEvent is an event about a site.
func siteEvent(typ EventType, site *Site, payload P) ev {
	return ev{org: site.OrganizationID, typ: typ, object: site.ID, payload: payload}
}

// changed names the fields a patch sets.
func (p SitePatch) changed() []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"title", p.Title != nil}, {"visibility", p.Visibility != nil}, {"basename", p.Basename != nil},
		{"adaptiveEnabled", p.AdaptiveEnabled != nil}, {"hostname", p.SetHostname}, {"proxy", p.SetProxy},
		{"defaultSiteSection", p.DefaultSiteSection != nil}, {"defaultSiteSpace", p.DefaultSiteSpace != nil}} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// siteSubEvent is an event about a part of a site (a section, a site
// space): the payload names the site.
func siteSubEvent(typ EventType, site *Site, objectID string, payload P) ev {
	if payload == nil {
		payload = P{}
	}
	payload["site"] = site.ID
	return ev{org: site.OrganizationID, typ: typ, object: objectID, payload: payload}
}

// groupEvent is an event about a site section group.
func groupEvent(typ EventType, g *SiteSectionGroup, payload P) ev {
	if payload == nil {
		payload = P{}
	}
	payload["site"] = g.SiteID
	return ev{org: g.OrganizationID, typ: typ, object: g.ID, payload: payload}
}

// teamEvent is an event about a team.
func teamEvent(typ EventType, orgID, teamID string, payload P) ev {
	return ev{org: orgID, typ: typ, object: teamID, payload: payload}
}

// memberEvent is an event about a member; its object is the user.
func memberEvent(typ EventType, orgID, userID string, payload P) ev {
	return ev{org: orgID, typ: typ, object: userID, payload: payload}
}

// crEvent is an event about a change request: its space's readers see it.
func crEvent(typ EventType, cr *ChangeRequest, payload P) ev {
	if payload == nil {
		payload = P{}
	}
	payload["number"] = cr.Number
	return ev{org: cr.OrganizationID, typ: typ, object: cr.ID, space: cr.SpaceID, payload: payload}
}

// commentEvent is an event about a comment: its space's readers see it.
func commentEvent(typ EventType, c *Comment, payload P) ev {
	if payload == nil {
		payload = P{}
	}
	if c.ChangeRequestID != nil {
		payload["changeRequest"] = *c.ChangeRequestID
	}
	if c.PageID != nil {
		payload["page"] = *c.PageID
	}
	return ev{org: c.OrganizationID, typ: typ, object: c.ID, space: c.SpaceID, payload: payload}
}

// openAPIEvent is an event about an OpenAPI specification.
func openAPIEvent(typ EventType, sp *OpenAPISpec, payload P) ev {
	if payload == nil {
		payload = P{}
	}
	payload["slug"] = sp.Slug
	return ev{org: sp.OrganizationID, typ: typ, object: sp.ID, payload: payload}
}

// changed names the fields a patch sets.
func (p OrganizationPatch) changed() []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"title", p.Title != nil}, {"emailDomains", p.SetEmailDomains}, {"hostname", p.Hostname != nil},
		{"defaultRole", p.SetDefaultRole}, {"defaultContent", p.SetDefaultContent}, {"logo", p.SetLogo},
		{"sso", p.SSO != nil}, {"ai", p.AI != nil}, {"inviteLinks", p.InviteLinks != nil}} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// shareLinkEvent is an event about a share link; it never carries the key.
func shareLinkEvent(typ EventType, l *ShareLink) ev {
	return ev{org: l.OrganizationID, typ: typ, object: l.ID, payload: P{"site": l.SiteID}}
}

// EventDocs says, for each event type, what its objectId is and what its
// payload holds (the OpenAPI document lists them; docs/api/change-feed.md
// has the same table).
var EventDocs = map[EventType]string{
	EventOrganizationCreated: "objectId: the organization. payload: title.",
	EventOrganizationUpdated: "objectId: the organization. payload: changed (the fields set).",
	EventSpaceCreated:        "objectId, space: the space. payload: title, parent (collection or null), duplicateOf when duplicated.",
	EventSpaceUpdated:        "objectId, space: the space. payload: changed (title, emoji, editMode, visibility, defaultLevel).",
	EventSpaceDeleted:        "objectId, space: the space. payload: collection, when its collection was deleted.",
	EventSpaceRestored:       "objectId, space: the space.",
	EventSpaceMoved:          "objectId, space: the space. payload: parent.",
	EventSpaceTransferred:    "objectId, space: the space. payload: from, to (organizations); appended in both.",
	EventSpaceCustomFields:   "objectId, space: the space. payload: fields (custom field ids set or cleared).",

	EventCollectionCreated:     "objectId: the collection. payload: title, parent.",
	EventCollectionUpdated:     "objectId: the collection. payload: changed (title, description, defaultLevel).",
	EventCollectionDeleted:     "objectId: the collection. payload: collections (it and those inside it).",
	EventCollectionMoved:       "objectId: the collection. payload: parent.",
	EventCollectionTransferred: "objectId: the collection. payload: from, to, spaces; appended in both organizations.",

	EventChangeRequestCreated: "objectId: the change request; space. payload: number, subject.",
	EventChangeRequestUpdated: "objectId: the change request; space. payload: number, changed (subject, status), status.",
	EventChangeRequestMerged:  "objectId: the change request; space. payload: number, revision (the space's new one), previousRevision.",
	EventPageUpdated:          "objectId: the page; space. payload: changeRequest, number, revision, change (created_page, updated_page, deleted_page). One per page of a content update.",
	EventContentImported:      "objectId, space: the space. payload: revision, pages, files, changeRequest when imported into one.",

	EventCommentCreated: "objectId: the comment; space. payload: changeRequest and page when set.",
	EventCommentUpdated: "objectId: the comment; space. payload: status, changeRequest and page when set.",
	EventCommentDeleted: "objectId: the comment; space. payload: changeRequest and page when set.",
	EventReplyCreated:   "objectId: the reply; space. payload: comment.",
	EventReplyUpdated:   "objectId: the reply; space. payload: comment.",
	EventReplyDeleted:   "objectId: the reply; space. payload: comment.",

	EventMemberCreated: "objectId: the user. payload: role.",
	EventMemberUpdated: "objectId: the user. payload: role, or sso: true.",
	EventMemberDeleted: "objectId: the user.",

	EventTeamCreated: "objectId: the team. payload: title, members.",
	EventTeamUpdated: "objectId: the team. payload: title, or added / removed (user ids) and role.",
	EventTeamDeleted: "objectId: the team.",

	EventInviteCreated:     "objectId: the invite link. payload: role.",
	EventInviteUpdated:     "objectId: the invite link. payload: role.",
	EventInviteDeleted:     "objectId: the invite link.",
	EventInvitationCreated: "objectId: the invitation. payload: role, sso (never the address).",
	EventInvitationDeleted: "objectId: the invitation. payload: accepted, revoked or declined: true.",

	EventCustomFieldCreated: "objectId: the custom field. payload: name.",
	EventCustomFieldUpdated: "objectId: the custom field. payload: name.",
	EventCustomFieldDeleted: "objectId: the custom field. payload: name.",

	EventOpenAPICreated:   "objectId: the specification. payload: slug, revision.",
	EventOpenAPIUpdated:   "objectId: the specification. payload: slug, revision.",
	EventOpenAPIDeleted:   "objectId: the specification. payload: slug.",
	EventOpenAPIProcessed: "objectId: the specification. payload: slug, revision, changed (a new version) or error (its code). No actor.",

	EventTranslationCreated: "objectId: the translation settings. payload: title, languages.",
	EventTranslationUpdated: "objectId: the translation settings. payload: title.",
	EventTranslationDeleted: "objectId: the translation settings.",

	EventSiteCreated:     "objectId: the site. payload: title, spaces.",
	EventSiteUpdated:     "objectId: the site. payload: changed.",
	EventSiteDeleted:     "objectId: the site.",
	EventSitePublished:   "objectId: the site.",
	EventSiteUnpublished: "objectId: the site.",

	EventSiteSectionCreated: "objectId: the site section. payload: site, space.",
	EventSiteSectionUpdated: "objectId: the site section. payload: site; changed: [position] on a move.",
	EventSiteSectionDeleted: "objectId: the site section. payload: site.",

	EventSiteSectionGroupCreated: "objectId: the section group. payload: site, sections.",
	EventSiteSectionGroupUpdated: "objectId: the section group. payload: site; added or removed (a section id), or changed.",
	EventSiteSectionGroupDeleted: "objectId: the section group. payload: site.",

	EventSiteSpaceCreated: "objectId: the site space. payload: site, space, siteSection.",
	EventSiteSpaceUpdated: "objectId: the site space. payload: site, space; changed: [position] on a move.",
	EventSiteSpaceDeleted: "objectId: the site space. payload: site, space.",

	EventShareLinkCreated: "objectId: the share link. payload: site (never the key).",
	EventShareLinkUpdated: "objectId: the share link. payload: site.",
	EventShareLinkDeleted: "objectId: the share link. payload: site.",

	EventSAMLProviderCreated: "objectId: the SAML provider.",
	EventSAMLProviderUpdated: "objectId: the SAML provider.",
	EventSAMLProviderDeleted: "objectId: the SAML provider.",

	EventWebhookCreated:     "objectId: the webhook. payload: events (never the URL, which may hold a token).",
	EventWebhookUpdated:     "objectId: the webhook. payload: changed (url, events, active), active.",
	EventWebhookDeleted:     "objectId: the webhook.",
	EventWebhookRedelivered: "objectId: the webhook. payload: delivery, redeliveryOf, event.",
	EventWebhookDisabled:    "objectId: the webhook. payload: delivery (the one that failed for 24 hours; the webhook's disabledReason says why). No actor.",
}
