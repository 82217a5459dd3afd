-- The change feed: one row per write, appended in the write's transaction.
-- Ids are per organization and taken from event_counters in the same
-- transaction: the counter row stays locked until the write commits, so an
-- organization's events commit in id order and a reader paging with
-- "after" never skips one that commits later.
CREATE TABLE event_counters (
    organization_id text PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    last_id         bigint NOT NULL
);

--bun:split

CREATE TABLE events (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    id              bigint NOT NULL,
    type            text NOT NULL,
    actor_id        text,
    object_id       text NOT NULL,
    -- The space the event is about, when it is about one (its readers see it).
    space_id        text,
    created_at      timestamptz NOT NULL,
    payload         jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (organization_id, id)
);
CREATE INDEX events_created_at_idx ON events (created_at);
CREATE INDEX events_type_idx ON events (organization_id, type, id);
