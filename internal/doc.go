// Package internal is the floor of Folio's leaf libraries: code that knows
// nothing of Folio's domain (no store, no roles, no GraphQL) and could
// serve another program as it is: markdown (page metadata and document
// conversion), fetch (safe fetching of user-supplied URLs), openapidoc
// (an OpenAPI document fetched and validated), blob (file bytes in a
// directory or S3), lrucache and bufpool (memory kept between requests),
// logs and metrics, buildinfo (the release stamped in at link time) and
// npmcache (npm packages for the tests and the benchmarks). They import
// the standard library, outside modules and each other, nothing else of
// Folio (floors_test.go at the module root checks). This package holds no
// code.
package internal
