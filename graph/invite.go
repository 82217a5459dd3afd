package graph

import (
	"context"

	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// invitationList is a page of pending invitations.
func invitationList(ctx context.Context, p store.Page[store.Invitation]) *model.InvitationList {
	loader.For(ctx).InvitationsListed(p.Items)
	return &model.InvitationList{Items: mapItems(p.Items, func(i store.Invitation) model.Invitation {
		return model.Invitation{Invitation: i}
	}), Count: p.Count, Next: next(p.Next)}
}
