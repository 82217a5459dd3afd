package rest

// eventRoutes serve an organization's change feed (README "Change feed and
// webhooks").
var eventRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/events", Op: "ListEvents", Result: "organization.events", Status: ok,
		Query: withPage(Param{"after", String}, Param{"types", List})},
}
