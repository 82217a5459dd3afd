// Runs the GraphQL over HTTP specification's audit suite (graphql-http's
// auditServer) against a running Folio and prints its results as one JSON
// array on stdout. rest/graphql_http_audit_test.go installs graphql-http and
// runs this script with:
//
//   NODE_PATH      the node_modules directory holding graphql-http
//   FOLIO_GRAPHQL  the server's GraphQL endpoint (http://127.0.0.1:port/graphql)
//   FOLIO_TOKEN    an API token, sent as Authorization: Bearer with every
//                  request: several audits introspect (__type), which Folio
//                  allows to authenticated callers only
//
// A result that is not "ok" carries the reason and what the server answered
// (status, Content-Type and body), so a failing Go test shows why.

import { createRequire } from 'node:module';
import path from 'node:path';

const env = (name) => {
    const v = process.env[name];
    if (!v) {
        console.error(`${name} is not set`);
        process.exit(2);
    }
    return v;
};
const url = env('FOLIO_GRAPHQL');
const token = env('FOLIO_TOKEN');
// ES modules ignore NODE_PATH: resolve the package from it explicitly.
const require = createRequire(path.join(env('NODE_PATH'), 'noop.js'));
const { auditServer } = require('graphql-http');

// Each audit's response is kept as text before the audit reads it, so a
// failure can be reported with the body the server sent.
const bodies = new WeakMap();
const fetchFn = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const res = await fetch(input, { ...init, headers });
    bodies.set(res, res.clone().text());
    return res;
};

const results = await auditServer({ url, fetchFn });
const out = [];
for (const r of results) {
    const entry = { id: r.id, name: r.name, status: r.status };
    if (r.status !== 'ok') {
        entry.reason = r.reason;
        entry.response = {
            status: r.response.status,
            contentType: r.response.headers.get('content-type'),
            body: await (bodies.get(r.response) ?? Promise.resolve('')),
        };
    }
    out.push(entry);
}
console.log(JSON.stringify(out));
