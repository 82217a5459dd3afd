// Package domain is what every floor of Folio shares and none stores: the
// error codes and the one domain error type (errors.go), which GraphQL puts
// in extensions.code and REST turns into a status; the roles and their
// order (roles.go); and opaque ids and secrets (ids.go). It imports nothing
// of Folio and nothing of storage, so rest and graph name a code or a role
// without importing the store; turning driver errors into domain errors is
// the store's job (store/errors.go).
package domain
