-- Webhooks: each is sent the organization's events of the types it names,
-- signed with its secret. The secret is kept as it is: signing needs it
-- back, and a key to encrypt it with would live in this same database.
CREATE TABLE webhooks (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    url             text NOT NULL,
    events          text[] NOT NULL DEFAULT '{}',
    secret          text NOT NULL,
    active          boolean NOT NULL DEFAULT true,
    disabled_reason text,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX webhooks_org_idx ON webhooks (organization_id, created_at, id);

--bun:split

-- One row per (event, webhook): the unique index makes the enqueue happen
-- once; seq orders a webhook's deliveries as its events committed.
CREATE TABLE webhook_deliveries (
    id              text PRIMARY KEY,
    seq             bigint GENERATED ALWAYS AS IDENTITY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    webhook_id      text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id        bigint NOT NULL,
    event_type      text NOT NULL,
    body            text NOT NULL,
    redelivery_of   text,
    status          text NOT NULL DEFAULT 'pending',
    attempts        integer NOT NULL DEFAULT 0,
    response_code   integer,
    duration_ms     integer,
    error           text,
    created_at      timestamptz NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    last_attempt_at timestamptz,
    delivered_at    timestamptz
);
CREATE UNIQUE INDEX webhook_deliveries_once_idx ON webhook_deliveries (webhook_id, event_id) WHERE redelivery_of IS NULL;
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (webhook_id, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (webhook_id, seq DESC);
