package rest

var teamRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/teams", Op: "ListTeams", Result: "organization.teams", Status: ok,
		Query: withPage(Param{"owner", String}, Param{"title", String})},
	{Method: put, Path: "/v1/orgs/{organizationId}/teams", Op: "CreateTeam", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/teams/{teamId}", Op: "GetTeam", Result: "organization.team", Status: ok},
	{Method: patch, Path: "/v1/orgs/{organizationId}/teams/{teamId}", Op: "UpdateTeam", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/teams/{teamId}", Op: "DeleteTeam", Status: noContent},
	{Method: get, Path: "/v1/orgs/{organizationId}/teams/{teamId}/members", Op: "ListTeamMembers", Result: "organization.team.teamMembers", Query: pageParams, Status: ok},
	{Method: put, Path: "/v1/orgs/{organizationId}/teams/{teamId}/members", Op: "UpdateTeamMembers", Body: true, Status: noContent},
	{Method: put, Path: "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", Op: "SetTeamMember", Body: true, Status: noContent},
	{Method: del, Path: "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", Op: "RemoveTeamMember", Status: noContent},
}
