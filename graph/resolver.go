// Package graph is Folio's GraphQL layer: the schema (schema/*.graphqls),
// its resolvers, the input-rule directives and the error mapping. The REST
// API runs on top of it (package rest).
package graph

import (
	"time"

	"folio/graph/model"
	"folio/internal/blob"
	"folio/internal/lrucache"
	"folio/internal/metrics"
	"folio/service/insights"
	"folio/service/siteimport"
	"folio/store"
)

// Resolver is the root of all resolvers; it holds what every one of them needs.
type Resolver struct {
	Store *store.Store
	Base  model.Base
	Blobs blob.Store // the bytes of uploaded files
	// Limits bound each operation; zero fields take DefaultLimits.
	Limits Limits
	// Metrics is where background work started by a resolver reports
	// itself (Metrics.JobStarted); nil records nothing.
	Metrics *metrics.Metrics
	// Importer crawls websites for content imports.
	Importer *siteimport.Importer
	// TrustedDocuments, when set, are the only documents /graphql runs
	// (FOLIO_GRAPHQL_TRUSTED_DOCUMENTS; REST routes run their own
	// operations whatever it holds).
	TrustedDocuments TrustedDocuments
	// Subscriptions serves the subscriptions of /graphql (nil: none).
	Subscriptions *Subscriptions
	// SessionIdle is the idle lifetime of browser sessions
	// (FOLIO_SESSION_IDLE): a session unused for that long has ended, so
	// it is listed and found no more. Zero checks no idle lifetime.
	SessionIdle time.Duration
	// Insights records the events of published sites' readers
	// (trackSiteInsightsEvents); nil refuses them as UNAVAILABLE.
	Insights *insights.Recorder

	trees *treeCache // rendered page trees (Schema makes it)
	// pageTrees are published contents' built page trees (Schema makes
	// it; pagetrees.go).
	pageTrees *lrucache.Cache[pageTreeKey, *pageTree]
}
