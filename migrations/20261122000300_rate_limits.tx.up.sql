-- Rate limits: one fixed-window counter per bucket (a token or a client
-- address), shared by every server on the database. UNLOGGED: counters are
-- worth no WAL; a crash forgets the current windows, which only lets their
-- callers start afresh.
CREATE UNLOGGED TABLE rate_limits (
    bucket       text        NOT NULL,
    window_start timestamptz NOT NULL,
    n            integer     NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

--bun:split

-- Pruning deletes windows that ended; this index keeps it off the whole table.
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
