-- An Idempotency-Key's row is now written by the transaction of the write
-- it guards (the attempt that committed it), so a request that never
-- committed leaves no row and its retry runs, and one that committed is
-- never run again. attempt names the request that committed; lost marks
-- a committed request that failed before its answer was recorded.
ALTER TABLE idempotency_keys ADD COLUMN attempt bytea, ADD COLUMN lost boolean NOT NULL DEFAULT false;
