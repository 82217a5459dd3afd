package rest

import "net/http"

// Routes is the REST route table, area by area.
func Routes() []Route {
	var all []Route
	for _, area := range [][]Route{
		organizationRoutes,
		memberRoutes,
		teamRoutes,
		spaceRoutes,
		openAPIRoutes,
		translationRoutes,
		contentRoutes,
		commentRoutes,
		siteRoutes,
		insightsRoutes,
		searchRoutes,
		linkRoutes,
		importRoutes,
		eventRoutes,
		webhookRoutes,
		accountRoutes,
	} {
		all = append(all, area...)
	}
	return all
}

// pageParams are the query parameters of every list.
var pageParams = []Param{{"page", String}, {"limit", Int}}

func withPage(more ...Param) []Param { return append(append([]Param{}, pageParams...), more...) }

const (
	get, post, put, patch, del           = http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete
	ok, created, noContent, resetContent = http.StatusOK, http.StatusCreated, http.StatusNoContent, http.StatusResetContent
)
