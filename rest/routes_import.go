package rest

// importRoutes: website import into a space or a change request (contract 4.3, 4.4).
var importRoutes = []Route{
	{Method: post, Path: "/v1/spaces/{spaceId}/content/import", Op: "ImportSpaceContent", Body: true, Status: created},
	{Method: post, Path: crPath + "/content/import", Op: "ImportChangeRequestContent", Body: true, Status: created},
}
