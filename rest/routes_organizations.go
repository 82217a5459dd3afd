package rest

var organizationRoutes = []Route{
	{Method: get, Path: "/v1/", Op: "ApiInformation", Status: ok, Public: true},
	{Method: get, Path: "/v1/user", Op: "GetViewer", Status: ok},
	{Method: get, Path: "/v1/users/{userId}", Op: "GetUser", Status: ok},

	{Method: get, Path: "/v1/orgs", Op: "ListOrganizations", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs", Op: "CreateOrganization", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}", Op: "GetOrganization", Status: ok},
	{Method: patch, Path: "/v1/orgs/{organizationId}", Op: "UpdateOrganization", Body: true, Status: ok},
	{Method: get, Path: "/v1/email-domains/{emailDomain}/orgs", Op: "EmailDomainOrganizations", Status: ok},

	{Method: get, Path: "/v1/orgs/{organizationId}/link-invites", Op: "ListInvites", Result: "organization.invites", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/link-invites", Op: "CreateInvite", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/link-invites/{inviteId}", Op: "GetInvite", Result: "organization.invite", Status: ok},
	{Method: patch, Path: "/v1/orgs/{organizationId}/link-invites/{inviteId}", Op: "UpdateInvite", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/link-invites/{inviteId}", Op: "DeleteInvite", Status: resetContent},
	{Method: post, Path: "/v1/orgs/{organizationId}/invites/{inviteId}", Op: "JoinOrganization", Status: ok, Empty: true},
	{Method: post, Path: "/v1/orgs/{organizationId}/invites", Op: "InviteUsers", Body: true, Status: ok},
	// Invitations by e-mail: pending until the invitee accepts one with
	// POST /v1/orgs/{organizationId}/invites/{invitationId} (above).
	{Method: get, Path: "/v1/orgs/{organizationId}/invitations", Op: "ListInvitations", Result: "organization.invitations", Query: pageParams, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/invitations/{invitationId}", Op: "RevokeInvitation", Status: noContent},
	{Method: get, Path: "/v1/user/invitations", Op: "ListViewerInvitations", Query: pageParams, Status: ok},
	{Method: del, Path: "/v1/user/invitations/{invitationId}", Op: "DeclineInvitation", Status: noContent},

	{Method: get, Path: "/v1/orgs/{organizationId}/saml", Op: "ListSAMLProviders", Result: "organization.samlProviders", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/saml", Op: "CreateSAMLProvider", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/saml/{samlProviderId}", Op: "GetSAMLProvider", Result: "organization.samlProvider", Status: ok},
	{Method: patch, Path: "/v1/orgs/{organizationId}/saml/{samlProviderId}", Op: "UpdateSAMLProvider", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/saml/{samlProviderId}", Op: "DeleteSAMLProvider", Status: noContent},
	{Method: get, Path: "/v1/orgs/{organizationId}/sso", Op: "ListSSOProviders", Result: "organization.ssoProviders", Status: ok},
}
