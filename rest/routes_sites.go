package rest

const sitePath = "/v1/orgs/{organizationId}/sites/{siteId}"

var siteRoutes = []Route{
	{Method: get, Path: "/v1/orgs/{organizationId}/sites", Op: "ListSites", Result: "organization.sites", Status: ok,
		Query: withPage(Param{"space", String}, Param{"title", String}, Param{"published", Bool})},
	{Method: post, Path: "/v1/orgs/{organizationId}/sites", Op: "CreateSite", Body: true, Status: created},
	{Method: get, Path: sitePath, Op: "GetSite", Result: "organization.site", Status: ok},
	{Method: patch, Path: sitePath, Op: "UpdateSite", Body: true, Status: ok},
	{Method: del, Path: sitePath, Op: "DeleteSite", Status: resetContent},
	{Method: post, Path: sitePath + "/publish", Op: "PublishSite", Status: ok},
	{Method: post, Path: sitePath + "/unpublish", Op: "UnpublishSite", Status: ok},
	{Method: get, Path: sitePath + "/adaptive-schema", Op: "GetSiteAdaptiveSchema", Result: "organization.site.adaptiveSchema", Status: ok},
	{Method: put, Path: sitePath + "/adaptive-schema", Op: "UpdateSiteAdaptiveSchema", Body: true, Status: ok},
	{Method: get, Path: sitePath + "/customization", Op: "GetSiteCustomization", Result: "organization.site.customization", Status: ok},
	{Method: put, Path: sitePath + "/customization", Op: "UpdateSiteCustomization", Body: true, Status: ok},
	{Method: put, Path: sitePath + "/visitor-key", Op: "SetSiteVisitorKey", Body: true, Status: ok},
	{Method: get, Path: sitePath + "/published", Op: "GetPublishedSite", Status: ok,
		Query: []Param{{"shareKey", String}, {"jwt_token", String}}},

	{Method: get, Path: sitePath + "/sections", Op: "ListSiteSections", Result: "organization.site.sections", Status: ok,
		Query: withPage(Param{"shareKey", String})},
	{Method: post, Path: sitePath + "/sections", Op: "AddSiteSection", Body: true, Status: created},
	{Method: patch, Path: sitePath + "/sections/{siteSectionId}", Op: "UpdateSiteSection", Body: true, Status: ok},
	{Method: del, Path: sitePath + "/sections/{siteSectionId}", Op: "DeleteSiteSection", Status: resetContent},
	{Method: post, Path: sitePath + "/sections/{siteSectionId}/move", Op: "MoveSiteSection", Body: true, Status: ok},

	{Method: get, Path: sitePath + "/section-groups", Op: "ListSiteSectionGroups", Result: "organization.site.sectionGroups", Query: pageParams, Status: ok},
	{Method: post, Path: sitePath + "/section-groups", Op: "AddSiteSectionGroup", Body: true, Status: created},
	{Method: patch, Path: sitePath + "/section-groups/{siteSectionGroupId}", Op: "UpdateSiteSectionGroup", Body: true, Status: ok},
	{Method: del, Path: sitePath + "/section-groups/{siteSectionGroupId}", Op: "DeleteSiteSectionGroup", Status: resetContent},
	{Method: post, Path: sitePath + "/section-groups/{siteSectionGroupId}/sections", Op: "AddSectionToGroup", Body: true, Status: created},
	{Method: del, Path: sitePath + "/section-groups/{siteSectionGroupId}/sections/{siteSectionId}", Op: "RemoveSectionFromGroup", Status: resetContent},
	{Method: post, Path: sitePath + "/section-groups/{siteSectionGroupId}/move", Op: "MoveSiteSectionGroup", Body: true, Status: ok},

	{Method: get, Path: sitePath + "/site-spaces", Op: "ListSiteSpaces", Result: "organization.site.siteSpaceList", Status: ok,
		Query: withPage(Param{"default", Bool}, Param{"shareKey", String})},
	{Method: post, Path: sitePath + "/site-spaces", Op: "AddSiteSpace", Body: true, Status: created},
	{Method: patch, Path: sitePath + "/site-spaces/{siteSpaceId}", Op: "UpdateSiteSpace", Body: true, Status: ok},
	{Method: del, Path: sitePath + "/site-spaces/{siteSpaceId}", Op: "DeleteSiteSpace", Status: resetContent},
	{Method: get, Path: sitePath + "/site-spaces/{siteSpaceId}/customization", Op: "GetSiteSpaceCustomization",
		Result: "organization.site.siteSpaceCustomization", Status: ok},
	{Method: patch, Path: sitePath + "/site-spaces/{siteSpaceId}/customization", Op: "OverrideSiteSpaceCustomization", Body: true, Status: ok},
	{Method: del, Path: sitePath + "/site-spaces/{siteSpaceId}/customization", Op: "DeleteSiteSpaceCustomization",
		Status: resetContent, Absent: noContent},
	{Method: post, Path: sitePath + "/site-spaces/{siteSpaceId}/move", Op: "MoveSiteSpace", Body: true, Status: ok},

	{Method: get, Path: sitePath + "/share-links", Op: "ListShareLinks", Result: "organization.site.shareLinks", Query: pageParams, Status: ok},
	{Method: post, Path: sitePath + "/share-links", Op: "CreateShareLink", Body: true, Status: created},
	{Method: patch, Path: sitePath + "/share-links/{shareLinkId}", Op: "UpdateShareLink", Body: true, Status: ok},
	{Method: del, Path: sitePath + "/share-links/{shareLinkId}", Op: "DeleteShareLink", Status: resetContent},

	// Redirects (GitBook's site-redirects): a bulk PUT of up to 1,000
	// items, and the look-up of one by its source with where it leads.
	{Method: get, Path: sitePath + "/redirects", Op: "ListSiteRedirects", Result: "organization.site.redirects", Status: ok,
		Query: withPage(Param{"draft", Bool}, Param{"search", String})},
	{Method: post, Path: sitePath + "/redirects", Op: "CreateSiteRedirect", Body: true, Status: created},
	{Method: put, Path: sitePath + "/redirects", Op: "BulkUpsertSiteRedirects", Body: true, Status: ok},
	{Method: patch, Path: sitePath + "/redirects/{siteRedirectId}", Op: "UpdateSiteRedirect", Body: true, Status: ok},
	{Method: del, Path: sitePath + "/redirects/{siteRedirectId}", Op: "DeleteSiteRedirect", Status: resetContent, Absent: noContent},
	{Method: get, Path: sitePath + "/redirect", Op: "GetSiteRedirectBySource", Result: "organization.site.redirect", Status: ok,
		Query: []Param{{"source", String}}},
}
