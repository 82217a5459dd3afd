package rest

var translationRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/translations", Op: "ListTranslationSettings", Result: "organization.translations", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/translations", Op: "CreateTranslationSettings", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/translations/{translationSettingsId}", Op: "GetTranslationSettings", Result: "organization.translation", Status: ok},
	{Method: put, Path: "/v1/orgs/{organizationId}/translations/{translationSettingsId}", Op: "UpdateTranslationSettings", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/translations/{translationSettingsId}", Op: "DeleteTranslationSettings", Status: resetContent},
}
