// Drives subscriptions against Folio with the graphql-sse client from npm,
// unchanged (distinct connections mode, the client's default). The Go test
// sends one JSON command a line on stdin:
//   {"op":"subscribe","id":"a","token":"...","query":"...","variables":{...}}
//   {"op":"dispose","id":"a"}
//   {"op":"stats","id":"s"}   how many results the quiet subscriptions got
// and reads one JSON line per thing the client reports on stdout:
//   {"id":"a","event":"connected"}             the server accepted the stream
//   {"id":"a","event":"next","data":{...}}     a result (data and/or errors)
//   {"id":"a","event":"complete"}              the server completed the stream
//   {"id":"a","event":"error","message":"...","status":429}
//   {"id":"a","event":"disposed"}
//   {"id":"s","event":"stats","results":1234}
// A subscription with "quiet": true reports only connected, errors and
// complete, and counts its results (the benchmarks hold a thousand).
// The client never retries (retryAttempts: 0): the test sees every refusal.
import readline from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The client's own module (graphql-sse's index also loads its server side,
// which needs graphql): from the test cache, NODE_PATH.
const { createClient } = await import(pathToFileURL(join(process.env.NODE_PATH, 'graphql-sse', 'lib', 'client.mjs')).href);

const url = process.env.FOLIO_GRAPHQL;
const subs = new Map();
let quietResults = 0;
const out = (o) => process.stdout.write(JSON.stringify(o) + '\n');

function subscribe(cmd) {
  const headers = cmd.token ? { Authorization: 'Bearer ' + cmd.token } : {};
  const client = createClient({ url, headers, retryAttempts: 0 });
  const dispose = client.subscribe(
    { query: cmd.query, variables: cmd.variables ?? {} },
    {
      next: (data) => (cmd.quiet ? quietResults++ : out({ id: cmd.id, event: 'next', data })),
      error: (err) => out({ id: cmd.id, event: 'error', message: String(err?.message ?? err), status: err?.response?.status ?? 0 }),
      complete: () => out({ id: cmd.id, event: 'complete' }),
    },
    { connected: () => out({ id: cmd.id, event: 'connected' }) },
  );
  subs.set(cmd.id, { dispose, client });
}

function disposeAll() {
  for (const s of subs.values()) {
    s.dispose();
    s.client.dispose();
  }
  subs.clear();
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const cmd = JSON.parse(line);
  switch (cmd.op) {
    case 'subscribe':
      subscribe(cmd);
      break;
    case 'dispose': {
      const s = subs.get(cmd.id);
      if (s) {
        s.dispose();
        s.client.dispose();
        subs.delete(cmd.id);
      }
      out({ id: cmd.id, event: 'disposed' });
      break;
    }
    case 'stats':
      out({ id: cmd.id, event: 'stats', results: quietResults });
      break;
    default:
      out({ id: cmd.id ?? '', event: 'error', message: 'unknown op ' + cmd.op, status: 0 });
  }
});
rl.on('close', () => {
  disposeAll();
  process.exit(0);
});
