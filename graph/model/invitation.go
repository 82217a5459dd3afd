package model

import "folio/store"

// Invitation is a pending invitation by e-mail, seen by an admin of its
// organization or by the invitee.
type Invitation struct {
	store.Invitation
}

func (Invitation) Object() string { return "invitation" }

func (i Invitation) Organization() InvitationOrganization {
	return InvitationOrganization{ID: i.OrganizationID, Title: i.OrganizationTitle}
}

// InvitationOrganization is the organization of an invitation.
type InvitationOrganization struct {
	ID    string
	Title string
}
