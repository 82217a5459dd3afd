package rest

// searchRoutes: full-text search of a space and of an organization (contract 4.3, 4.8).
var searchRoutes = []Route{
	{Method: get, Path: "/v1/spaces/{spaceId}/search", Op: "SearchSpace", Result: "space.search", Query: withPage(Param{"query", String}), Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/search", Op: "SearchOrganization", Result: "organization.search", Query: withPage(Param{"query", String}), Status: ok},
}
