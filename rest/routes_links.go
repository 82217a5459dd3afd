package rest

// linkParams are the query parameters of link lists.
var linkParams = withPage(Param{"status", String})

// linkRoutes: the links of a revision's pages and the backlinks of files
// (contract 4.2, 4.3, 4.4), in a space and in a change request.
var linkRoutes = []Route{
	{Method: get, Path: "/v1/spaces/{spaceId}/links", Op: "ListSpaceLinks", Result: "space.revision.links", Query: linkParams, Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/page/{pageId}/links", Op: "ListSpacePageLinks", Result: "space.revision.links", Query: linkParams, Status: ok},
	{Method: get, Path: "/v1/spaces/{spaceId}/content/files/{fileId}/backlinks", Op: "ListSpaceFileBacklinks", Result: "space.revision.backlinks", Query: pageParams, Status: ok},
	{Method: get, Path: crPath + "/links", Op: "ListChangeRequestLinks", Result: "space.changeRequest.content.links", Query: linkParams, Status: ok},
	{Method: get, Path: crPath + "/content/page/{pageId}/links", Op: "ListChangeRequestPageLinks", Result: "space.changeRequest.content.links", Query: linkParams, Status: ok},
	{Method: get, Path: crPath + "/content/files/{fileId}/backlinks", Op: "ListChangeRequestFileBacklinks", Result: "space.changeRequest.content.backlinks", Query: pageParams, Status: ok},
}
