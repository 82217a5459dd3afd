// Package folio is the root of Folio's module. It holds no code: only this
// map of the floors and the test that keeps them (floors_test.go).
//
// A package's path says which floor it is on, and a package imports only
// from its own floor and the floors below it. Top to bottom:
//
//	cmd/, bench/  the binaries: the server and its commands, the benchmark suite
//	              (and docs/, whose tests check the documents against the code)
//	rest/         HTTP in front of GraphQL: REST routes, the published-site
//	              reader, the playground
//	graph/        the GraphQL schema, resolvers, loaders, limits
//	service/      services above persistence, each importing store: export,
//	              jobs, seed, siteimport
//	store/        persistence only: bun models and queries, transactions,
//	              keyset pages, the embedded cluster
//	domain/       storage-free and shared by every floor: the error codes and
//	              the domain error, roles, ids
//	internal/     leaf libraries that know nothing of Folio's domain (markdown,
//	              safe fetching, blobs, caches, buffer pools, logs, metrics,
//	              the build's version); they import only each other
//	migrations/   SQL migrations: data that only the store floor and the
//	              binaries import
//
// Test helpers, the packages whose names end in "test" (store/pgtest,
// rest/resttest, internal/blob/blobtest), are for _test.go files and other
// helpers: no binary links them. A _test.go file may use any floor's
// helpers and otherwise keeps to its package's floor. Only the store floor
// (and migrations) imports bun. The few exceptions are listed, each with
// its reason, in floors_test.go.
package folio
