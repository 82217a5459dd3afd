package rest

// accountRoutes are the caller's own credentials: personal API tokens,
// browser sessions and the password (docs/api/accounts.md). Folio's own:
// GitBook's API has none of them, so GitBook's schemas check none of their
// bodies. Those whose request or answer carries a secret are Secret.
var accountRoutes = []Route{
	{Method: get, Path: "/v1/user/tokens", Op: "ListPersonalTokens", Query: pageParams, Status: ok},
	{Method: post, Path: "/v1/user/tokens", Op: "CreatePersonalToken", Body: true, Status: created, Secret: true},
	{Method: del, Path: "/v1/user/tokens/{tokenId}", Op: "RevokePersonalToken", Status: noContent},
	{Method: get, Path: "/v1/user/sessions", Op: "ListSessions", Query: pageParams, Status: ok},
	// Sign out everywhere else: 200 with how many ended ({"ended": n}).
	{Method: del, Path: "/v1/user/sessions", Op: "EndOtherSessions", Status: ok},
	{Method: del, Path: "/v1/user/sessions/{sessionId}", Op: "EndSession", Status: noContent},
	{Method: post, Path: "/v1/user/password", Op: "ChangePassword", Body: true, Status: noContent, Secret: true},
}
