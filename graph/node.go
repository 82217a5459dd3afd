package graph

import (
	"context"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/internal/logs"
	"folio/store"
)

// Global object identification: node(id:) and nodes(ids:) fetch any object
// by its id alone (schema/node.graphqls lists the types).
//
// An id carries no type, so the server first locates it: one statement
// probes the primary key of every table of Node objects for all the ids of
// a request (store.LocateNodes says why a probe rather than a registry of
// ids). The location names the object's kind and the parents it is read
// through; the object is then read by the very resolvers that serve it
// elsewhere (space(id:), Organization.team(teamId:), Space.comment(id:),
// ...), so node answers exactly what they answer, under their access rules
// and no others. Whatever they refuse, an unknown id included, is null:
// NOT_FOUND and FORBIDDEN alike, so that the answer for an object the
// caller may not read is the answer for an id that names nothing.

// node reads the object an id names, or nil when the caller may not read
// it or there is none.
func (r *Resolver) node(ctx context.Context, id string, now bool) (model.Node, error) {
	nodes := loader.For(ctx).Nodes()
	var n store.NodeLocation
	var err error
	if now {
		n, err = nodes.LoadNow(ctx, id)
	} else {
		n, err = nodes.Load(ctx, id)
	}
	if err != nil {
		return nil, hidden(err)
	}
	if n.Ambiguous {
		// Ids are random, so two tables holding one is a fault to look
		// into, not a choice to make: the id names nothing.
		logs.From(ctx).WarnContext(ctx, "an id is held by more than one table; node answers null", "id", id)
		return nil, nil
	}
	obj, err := r.nodeAt(ctx, n)
	if err != nil {
		return nil, hidden(err)
	}
	// Some objects are read by a key of theirs other than the id (a custom
	// field by its name, a specification by its slug, a change request by
	// "id or number"): one made anew under that key since it was located
	// is another object, not this id's.
	if obj.GetID() != id {
		return nil, nil
	}
	return obj, nil
}

// hidden turns the errors that say "not for you" (NOT_FOUND, FORBIDDEN)
// into no error: node answers them with null. Any other error (the
// database failing) stays one.
func hidden(err error) error {
	switch domain.ErrorCode(err) {
	case domain.CodeNotFound, domain.CodeForbidden:
		return nil
	}
	return err
}

// asNode wraps a resolver's answer as a Node: a nil pointer with its error
// would otherwise be a non-nil interface.
func asNode[T model.Node](obj T, err error) (model.Node, error) {
	if err != nil {
		return nil, err
	}
	return obj, nil
}

// nodeAt reads a located object through the resolvers that serve it.
func (r *Resolver) nodeAt(ctx context.Context, n store.NodeLocation) (model.Node, error) {
	q := &queryResolver{r}
	switch n.Kind {
	case store.NodeOrganization:
		return asNode(q.Organization(ctx, n.ID))
	case store.NodeUser:
		return asNode(q.User(ctx, n.ID))
	case store.NodeCollection:
		return asNode(q.Collection(ctx, n.ID))
	case store.NodeSpace:
		return asNode(q.Space(ctx, n.ID, nil))
	case store.NodeRevision, store.NodeChangeRequest, store.NodeComment:
		sp, err := q.Space(ctx, n.Parent, nil)
		if err != nil {
			return nil, err
		}
		return r.inSpace(ctx, sp, n)
	case store.NodeInvitation:
		// The invitee is most often not in the organization yet.
		org, err := q.Organization(ctx, n.OrganizationID)
		if err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
			return nil, err
		}
		return asNode(r.invitation(ctx, org, n.ID))
	case store.NodePersonalToken:
		// The caller's own only, as personalTokens lists them.
		return asNode(r.personalToken(ctx, n.ID))
	case store.NodeSession:
		return asNode(r.session(ctx, n.ID))
	case store.NodeCommentReply:
		sp, err := q.Space(ctx, n.Thread, nil)
		if err != nil {
			return nil, err
		}
		c, err := r.comment(ctx, sp, n.Thread2, n.Parent)
		if err != nil {
			return nil, err
		}
		return asNode((&commentResolver{r}).Reply(ctx, c, n.ID))
	}
	org, err := q.Organization(ctx, n.OrganizationID)
	if err != nil {
		return nil, err
	}
	return r.inOrganization(ctx, org, n)
}

// inSpace reads an object of a space the caller can read.
func (r *Resolver) inSpace(ctx context.Context, sp *model.Space, n store.NodeLocation) (model.Node, error) {
	s := &spaceResolver{r}
	switch n.Kind {
	case store.NodeRevision:
		return asNode(s.RevisionByID(ctx, sp, n.ID))
	case store.NodeChangeRequest:
		return asNode(s.ChangeRequest(ctx, sp, n.ID))
	default: // store.NodeComment
		return asNode(r.comment(ctx, sp, n.Thread, n.ID))
	}
}

// comment reads a comment of a space's own discussion (changeRequestID
// "") or of one of its change requests.
func (r *Resolver) comment(ctx context.Context, sp *model.Space, changeRequestID, id string) (*model.Comment, error) {
	if changeRequestID == "" {
		return (&spaceResolver{r}).Comment(ctx, sp, id)
	}
	cr, err := (&spaceResolver{r}).ChangeRequest(ctx, sp, changeRequestID)
	if err != nil {
		return nil, err
	}
	return (&changeRequestResolver{r}).Comment(ctx, cr, id)
}

// inOrganization reads an object of an organization the caller is in.
func (r *Resolver) inOrganization(ctx context.Context, org *model.Organization, n store.NodeLocation) (model.Node, error) {
	o := &organizationResolver{r}
	switch n.Kind {
	case store.NodeTeam:
		return asNode(o.Team(ctx, org, n.ID))
	case store.NodeInvite:
		return asNode(o.Invite(ctx, org, n.ID))
	case store.NodeSAMLProvider:
		return asNode(o.SamlProvider(ctx, org, n.ID))
	case store.NodeCustomField:
		return asNode(o.CustomField(ctx, org, n.Parent))
	case store.NodeOpenAPISpec:
		return asNode(o.OpenAPISpec(ctx, org, n.Parent))
	case store.NodeOpenAPISpecVersion:
		spec, err := o.OpenAPISpec(ctx, org, n.Parent)
		if err != nil {
			return nil, err
		}
		return asNode((&openAPISpecResolver{r}).Version(ctx, spec, n.ID))
	case store.NodeTranslationSettings:
		return asNode(o.Translation(ctx, org, n.ID))
	case store.NodeWebhook:
		return asNode(o.Webhook(ctx, org, n.ID))
	case store.NodeWebhookDelivery:
		w, err := o.Webhook(ctx, org, n.Parent)
		if err != nil {
			return nil, err
		}
		d, err := r.Store.WebhookDelivery(ctx, w.ID, n.ID)
		if err != nil {
			return nil, err
		}
		m := model.NewWebhookDelivery(*d)
		return &m, nil
	case store.NodeSite:
		return asNode(o.Site(ctx, org, n.ID))
	case store.NodeShareLink:
		// Share links are for the site's admins, as Site.shareLinks.
		site, l, err := r.shareLink(ctx, org.ID, n.Parent, n.ID)
		if err != nil {
			return nil, err
		}
		return r.shareLinkOf(&site, *l), nil
	case store.NodeSiteRedirect:
		// Redirects are for whoever reads the site, as Site.redirects.
		site, err := o.Site(ctx, org, n.Parent)
		if err != nil {
			return nil, err
		}
		if err := readableSite(site); err != nil {
			return nil, err
		}
		rd, err := r.Store.Redirect(ctx, site.ID, n.ID)
		if err != nil {
			return nil, err
		}
		m := r.redirectOf(site, *rd)
		return &m, nil
	case store.NodeSiteSection, store.NodeSiteSectionGroup, store.NodeSiteSpace:
		// The structure of a site is for whoever reads the site, as
		// Site.sections, Site.sectionGroups and Site.siteSpaceList.
		site, err := o.Site(ctx, org, n.Parent)
		if err != nil {
			return nil, err
		}
		return r.siteItem(ctx, site, n)
	}
	return nil, domain.NotFound("node")
}

// siteItem reads a section, a section group or a site space of a site the
// caller can read.
func (r *Resolver) siteItem(ctx context.Context, site *model.Site, n store.NodeLocation) (model.Node, error) {
	switch n.Kind {
	case store.NodeSiteSection:
		sec, err := r.Store.SiteSection(ctx, site.ID, n.ID)
		if err != nil {
			return nil, err
		}
		m := r.sectionOf(site, *sec)
		return &m, nil
	case store.NodeSiteSectionGroup:
		g, err := r.Store.SiteSectionGroup(ctx, site.ID, n.ID)
		if err != nil {
			return nil, err
		}
		m := r.groupOf(site, *g)
		return &m, nil
	default: // store.NodeSiteSpace
		ss, err := r.Store.SiteSpace(ctx, site.ID, n.ID)
		if err != nil {
			return nil, err
		}
		m := r.siteSpaceOf(site, ss)
		return &m, nil
	}
}

// invitation reads a pending invitation for one of the two who see it in
// the lists: an admin of its organization (Organization.invitations) or
// the user it invites (Query.invitations). org is nil when the caller is
// not in the organization.
func (r *Resolver) invitation(ctx context.Context, org *model.Organization, id string) (*model.Invitation, error) {
	u, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	var inv *store.Invitation
	if org != nil && requireAdmin(org) == nil {
		inv, err = r.Store.OrganizationInvitation(ctx, org.ID, id)
	} else {
		inv, err = r.Store.UserInvitation(ctx, u, id)
	}
	if err != nil {
		return nil, err
	}
	loader.For(ctx).InvitationsListed([]store.Invitation{*inv})
	return &model.Invitation{Invitation: *inv}, nil
}
