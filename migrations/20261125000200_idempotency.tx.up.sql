-- Idempotency keys of REST writes: per API token (its SHA-256) and key,
-- the fingerprint of the first request and, once it was answered, the
-- answer to replay. Kept 24 hours.
CREATE TABLE idempotency_keys (
    token_hash  bytea NOT NULL,
    key         text NOT NULL,
    fingerprint bytea NOT NULL,
    status      integer,
    header      jsonb,
    body        bytea,
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (token_hash, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
