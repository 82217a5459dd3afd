package rest

var memberRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/members", Op: "ListMembers", Result: "organization.members", Status: ok,
		Query: withPage(Param{"order", String}, Param{"role", String}, Param{"search", String}, Param{"sort", String})},
	{Method: get, Path: "/v1/orgs/{organizationId}/members/{userId}", Op: "GetMember", Result: "organization.member", Status: ok},
	{Method: patch, Path: "/v1/orgs/{organizationId}/members/{userId}", Op: "UpdateMember", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/members/{userId}", Op: "RemoveMember", Status: noContent},
	{Method: post, Path: "/v1/orgs/{organizationId}/ping", Op: "PingOrganization", Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/members/{userId}/sso", Op: "SetMemberSSO", Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/members/{userId}/teams", Op: "ListMemberTeams", Result: "organization.member.teamMemberships", Status: ok,
		Query: withPage(Param{"title", String})},
}
