package rest

// eventRoutes serve an organization's change feed
// (docs/api/change-feed.md).
var eventRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/events", Op: "ListEvents", Result: "organization.events", Status: ok,
		Query: withPage(Param{"after", String}, Param{"types", List})},
}
