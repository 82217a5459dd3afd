package graph

import (
	"folio/graph/model"
	"folio/store"
)

// invitationList is a page of pending invitations.
func invitationList(p store.Page[store.Invitation]) *model.InvitationList {
	return &model.InvitationList{Items: mapItems(p.Items, func(i store.Invitation) model.Invitation {
		return model.Invitation{Invitation: i}
	}), Count: p.Count, Next: next(p.Next)}
}
