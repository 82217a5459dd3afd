package rest

var openAPIRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi", Op: "ListOpenAPISpecs", Result: "organization.openAPISpecs", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/openapi", Op: "CreateOpenAPISpec", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}", Op: "GetOpenAPISpec", Result: "organization.openAPISpec", Status: ok},
	{Method: put, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}", Op: "PutOpenAPISpec", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}", Op: "DeleteOpenAPISpec", Status: resetContent},
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}/versions", Op: "ListOpenAPISpecVersions", Result: "organization.openAPISpec.versions", Query: pageParams, Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest", Op: "GetLatestOpenAPISpecVersion", Result: "organization.openAPISpec.latestVersion", Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content", Op: "GetLatestOpenAPISpecContent", Result: "organization.openAPISpec.latestVersion.content", Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}", Op: "GetOpenAPISpecVersion", Result: "organization.openAPISpec.version", Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content", Op: "GetOpenAPISpecContent", Result: "organization.openAPISpec.version.content", Status: ok},
}
