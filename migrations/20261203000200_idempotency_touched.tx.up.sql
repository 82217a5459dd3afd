-- When the request that holds a key's row (committed, not yet answered)
-- last said it is still being served (store/idempotency.go): a row no one
-- has touched for IdempotencyStale belongs to a server that died between
-- its commit and its answer, and its retries are told the answer is lost
-- at once, instead of "still being served" for ten minutes. NULL: not
-- touched since created_at.
ALTER TABLE idempotency_keys ADD COLUMN touched_at timestamptz;
