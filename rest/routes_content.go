package rest

// formatParams are the query parameters of page reads; metadata and
// computed are accepted and ignored (Folio keeps no git metadata and no
// computed content).
var formatParams = []Param{{"format", String}}

const crPath = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}"

var contentRoutes = []Route{
	{Method: get, Path: "/v1/spaces/{spaceId}/content", Op: "GetSpaceContent", Result: "space.revision", Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/pages", Op: "ListSpacePages", Result: "space.revision", Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/files", Op: "ListSpaceFiles", Result: "space.revision.fileList", Query: pageParams, Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/files/{fileId}", Op: "GetSpaceFile", Result: "space.revision.file", Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/page/{pageId}", Op: "GetSpacePage", Result: "space.revision.page", Query: formatParams, Status: ok, ETag: "space.revision.id"},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/path/{pagePath...}", Op: "GetSpacePageByPath", Result: "space.revision.pageByPath", Query: formatParams, Status: ok, ETag: "space.revision.id"},
	{Method: get, Path: "/v1/spaces/{spaceId}/revisions/{revisionId}", Op: "GetRevision", Result: "space.revisionById", Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/revisions/{revisionId}/pages", Op: "ListRevisionPages", Result: "space.revisionById", Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}", Op: "GetRevisionPage", Result: "space.revisionById.page", Query: formatParams, Status: ok, ETag: "space.revisionById.id"},

	{Method: get, Path: "/v1/orgs/{organizationId}/change-requests", Op: "ListOrganizationChangeRequests", Result: "organization.changeRequests",
		Query: withPage(Param{"status", List}, Param{"creator", String}, Param{"space", String}), Status: ok},
	{Method: post, Path: "/v1/spaces/{spaceId}/change-requests", Op: "CreateChangeRequest", Body: true, Status: created},
	{Method: get, Path: "/v1/spaces/{spaceId}/change-requests", Op: "ListChangeRequests", Result: "space.changeRequestList", Query: withPage(Param{"status", String}), Status: ok},
	{Method: get, Path: crPath, Op: "GetChangeRequest", Result: "space.changeRequest", Status: ok},
	{Method: patch, Path: crPath, Op: "UpdateChangeRequest", Body: true, Status: ok},
	{Method: post, Path: crPath + "/merge", Op: "MergeChangeRequest", Query: []Param{{"baseRevision", String}}, Status: ok, IfMatch: true,
		DryRun: "PreviewMerge"},
	{Method: get, Path: crPath + "/content", Op: "GetChangeRequestContent", Result: "space.changeRequest.content", Status: ok},
	{Method: post, Path: crPath + "/content", Op: "UpdateChangeRequestContent", Body: true, Status: ok, IfMatch: true},
	{Method: get, Path: crPath + "/content/pages", Op: "ListChangeRequestPages", Result: "space.changeRequest.content", Status: ok},
	{Method: get, Path: crPath + "/content/files", Op: "ListChangeRequestFiles", Result: "space.changeRequest.content.fileList", Query: pageParams, Status: ok},
	{Method: get, Path: crPath + "/content/files/{fileId}", Op: "GetChangeRequestFile", Result: "space.changeRequest.content.file", Status: ok},
	{Method: get, Path: crPath + "/content/page/{pageId}", Op: "GetChangeRequestPage", Result: "space.changeRequest.content.page", Query: formatParams, Status: ok,
		ETag: "space.changeRequest.content.id"},
}
