package loader

import "folio/store"

// Nodes is the loader of node locations (node(id:), nodes(ids:)): which
// table holds each id, all the ids of a level in one statement
// (store.LocateNodes). An id no table holds is NOT_FOUND.
func (l *Loaders) Nodes() *Loader[string, store.NodeLocation] {
	return l.nodes.get(func() *Loader[string, store.NodeLocation] {
		return newLoader(l.store.LocateNodes, func(n store.NodeLocation) string { return n.ID }, "node", l.nodesLocated)
	})
}

// nodesLocated announces the first read each located object's resolver
// makes, so that the objects of a nodes(ids:) of many ids are read a kind
// at a time, not one by one: the space behind a space, revision, change
// request or comment (the space with the caller's access, in one
// statement), the organization with the caller's access behind the objects
// of an organization, and the object itself where a loader reads it.
func (l *Loaders) nodesLocated(ns []store.NodeLocation) {
	for _, n := range ns {
		if n.Ambiguous {
			continue
		}
		switch n.Kind {
		case store.NodeOrganization:
			l.Organization.Register(n.ID)
		case store.NodeUser:
		case store.NodeSpace:
			l.SpaceForViewer().Register(n.ID)
		case store.NodeCollection:
			l.Organization.Register(n.OrganizationID)
			l.Spaces().Collection.Register(n.ID)
		case store.NodeRevision:
			l.SpaceForViewer().Register(n.Parent)
			l.Content().Revision.Register(n.ID)
		case store.NodeChangeRequest, store.NodeComment:
			l.SpaceForViewer().Register(n.Parent)
		case store.NodeCommentReply:
			l.SpaceForViewer().Register(n.Thread)
		case store.NodeTeam:
			l.Organization.Register(n.OrganizationID)
			l.People().Team.Register(n.ID)
		default:
			l.Organization.Register(n.OrganizationID)
		}
	}
}
