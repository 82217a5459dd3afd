// Package service is the floor of Folio's services: work that sits above
// persistence and below the GraphQL layer, each in a package named after
// what it does and importing store for its data: export (a space as a
// Git Sync folder archive, and an archive back into a space), jobs (the
// background workers on River, one per kind of job), mail (the e-mail
// the server sends, rendered and sent by a job), seed (demo data for
// `folio seed`, one step per area) and siteimport (a website crawled into
// pages). A new service belongs here when it uses the store but is not a
// query of its own; graph and the binaries call it, and it never imports
// graph or rest (floors_test.go at the module root checks). This package
// holds no code.
package service
