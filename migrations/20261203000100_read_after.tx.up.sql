-- The primary's WAL position after each credential's last write, for read
-- replicas (store/replicas.go): that credential's reads go to a replica
-- only once it has replayed this far. Unlogged: nothing here outlives a
-- crash usefully (a crash restarts the replicas' positions too), and its
-- writes add no WAL of their own.
CREATE UNLOGGED TABLE read_after (
    credential text PRIMARY KEY,
    lsn        pg_lsn NOT NULL,
    written_at timestamptz NOT NULL
);
