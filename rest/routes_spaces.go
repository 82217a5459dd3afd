package rest

var spaceRoutes = []Route{
	{Method: get, Path: "/v1/collections/{collectionId}", Op: "GetCollection", Status: ok},
	{Method: patch, Path: "/v1/collections/{collectionId}", Op: "UpdateCollection", Body: true, Status: ok},
	{Method: del, Path: "/v1/collections/{collectionId}", Op: "DeleteCollection", Status: resetContent},
	{Method: get, Path: "/v1/collections/{collectionId}/spaces", Op: "ListCollectionSpaces", Result: "collection.spaces", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/collections/{collectionId}/move", Op: "MoveCollection", Body: true, Status: ok},
	{Method: post, Path: "/v1/collections/{collectionId}/transfer", Op: "TransferCollection", Body: true, Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/collections", Op: "ListCollections", Result: "organization.collections", Status: ok,
		Query: withPage(Param{"nested", Bool})},
	{Method: post, Path: "/v1/orgs/{organizationId}/collections", Op: "CreateCollection", Body: true, Status: created},

	{Method: get, Path: "/v1/spaces/{spaceId}", Op: "GetSpace", Query: []Param{{"shareKey", String}}, Status: ok},
	{Method: patch, Path: "/v1/spaces/{spaceId}", Op: "UpdateSpace", Body: true, Status: ok},
	{Method: del, Path: "/v1/spaces/{spaceId}", Op: "DeleteSpace", Status: resetContent},
	{Method: post, Path: "/v1/spaces/{spaceId}/duplicate", Op: "DuplicateSpace", Status: created},
	{Method: post, Path: "/v1/spaces/{spaceId}/restore", Op: "RestoreSpace", Status: ok},
	{Method: post, Path: "/v1/spaces/{spaceId}/move", Op: "MoveSpace", Body: true, Status: ok},
	{Method: post, Path: "/v1/spaces/{spaceId}/transfer", Op: "TransferSpace", Body: true, Status: ok},
	{Method: get, Path: "/v1/orgs/{organizationId}/spaces", Op: "ListSpaces", Result: "organization.spaces", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/spaces", Op: "CreateSpace", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/members/{userId}/spaces", Op: "ListMemberSpaces", Result: "organization.member.spacePermissions", Status: ok,
		Query: withPage(Param{"order", String})},

	{Method: get, Path: "/v1/spaces/{spaceId}/custom-fields", Op: "GetSpaceCustomFields", Result: "space.customFields", Status: ok},
	{Method: patch, Path: "/v1/spaces/{spaceId}/custom-fields", Op: "UpdateSpaceCustomFields", Body: true, Status: noContent},
	{Method: get, Path: "/v1/orgs/{organizationId}/custom-fields", Op: "ListCustomFields", Result: "organization.customFields", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/orgs/{organizationId}/custom-fields", Op: "CreateCustomField", Body: true, Status: created},
	{Method: get, Path: "/v1/orgs/{organizationId}/custom-fields/{fieldName}", Op: "GetCustomField", Result: "organization.customField", Status: ok},
	{Method: patch, Path: "/v1/orgs/{organizationId}/custom-fields/{fieldName}", Op: "UpdateCustomField", Body: true, Status: ok},
	{Method: del, Path: "/v1/orgs/{organizationId}/custom-fields/{fieldName}", Op: "DeleteCustomField", Status: noContent},
}
