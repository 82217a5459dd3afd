package rest

// insightsRoutes are GitBook's site insights: trackEventsInSiteById (public
// for published sites, within the rate limit) and aggregateSiteEvents.
var insightsRoutes = []Route{
	{Method: post, Path: sitePath + "/insights/events", Op: "TrackSiteInsightsEvents", Body: true, Status: noContent, Public: true},
	{Method: post, Path: sitePath + "/insights/events/aggregate", Op: "AggregateSiteEvents", Body: true, Status: ok},
}
