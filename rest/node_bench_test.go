package rest_test

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"
)

// graphQLGet is the GET /graphql path of a query with its variables.
func graphQLGet(b *testing.B, query string, vars map[string]any) string {
	v, err := json.Marshal(vars)
	if err != nil {
		b.Fatal(err)
	}
	return "/graphql?" + url.Values{"query": {query}, "variables": {string(v)}}.Encode()
}

// BenchmarkNode measures what locating an id costs: node(id:) for a space
// ("node-space") against the existing space(id:) ("space"), the same
// fields; a node(id:) for an id that names nothing ("node-unknown"), and
// nodes(ids:) for 100 spaces in one request ("nodes-100-spaces", per
// request) against the first page of 100 of the organization's spaces
// ("list-100-spaces"). statements/op says how many SQL statements one request made.
func BenchmarkNode(b *testing.B) {
	srv, alice, org, ids := thousandSpaces(b)
	h := benchHandler(b, srv.Store)
	// As autovacuum would have by then: the planner knows the tables' sizes.
	if _, err := srv.Store.DB.ExecContext(context.Background(), "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	const fields = `id title visibility createdAt permissions { view edit }`
	for _, c := range []struct {
		name, query string
		vars        map[string]any
	}{
		{"space", `query($id: ID!) { space(id: $id) { ` + fields + ` } }`, map[string]any{"id": ids[0]}},
		{"node-space", `query($id: ID!) { node(id: $id) { ... on Space { ` + fields + ` } } }`, map[string]any{"id": ids[0]}},
		{"node-unknown", `query($id: ID!) { node(id: $id) { ... on Space { ` + fields + ` } } }`, map[string]any{"id": "00000000000000000000"}},
		{"list-100-spaces", `query($org: ID!) { organization(id: $org) { spaces(limit: 100) { items { ` + fields + ` } } } }`, map[string]any{"org": org}},
		{"nodes-100-spaces", `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Space { ` + fields + ` } } }`, map[string]any{"ids": ids[:100]}},
	} {
		b.Run(c.name, func(b *testing.B) { runRead(b, h, graphQLGet(b, c.query, c.vars), alice.Token) })
	}
}
