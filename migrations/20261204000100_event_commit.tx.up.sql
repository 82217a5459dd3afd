-- An organization's events are numbered at their write's commit, not at
-- its emit statement. emit (store/events_emit.go) leaves each write's
-- events here, one row per organization; a deferred trigger takes the
-- organization's counter row when the transaction commits, appends the
-- events and their webhook deliveries, and deletes the row. The counter
-- row stays locked to the end of the commit (its WAL flush included), so
-- an organization's events still commit in the order of their ids, which
-- still count 1, 2, 3, ...; but it is held only for that, inside the
-- server, where it was held from the emit statement on: its answer's way
-- back to Folio, Folio's turn on a busy CPU, and the COMMIT's way there.
-- Writes of one organization queue on the counter for that time each.
--
-- Unlogged: a row lives only inside its transaction (the trigger deletes
-- it before the commit ends), so nothing here needs WAL or survives a
-- crash usefully.
CREATE UNLOGGED TABLE event_pending (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id text NOT NULL,
    actor_id        text,
    created_at      timestamptz NOT NULL,
    types           text[] NOT NULL,
    object_ids      text[] NOT NULL,
    space_ids       text[] NOT NULL,
    payloads        text[] NOT NULL,
    -- Each delivery's body is head, the event's id, then its tail (the
    -- event as the feed shows it, built by emit).
    tails           text[] NOT NULL,
    head            text NOT NULL,
    -- The webhooks emit found wanting one of the events, whose delivery
    -- jobs it queued: deliveries are made for these only, so none is left
    -- without a job by a webhook created or switched on meanwhile.
    hooks           text[] NOT NULL
);

--bun:split

CREATE FUNCTION folio_append_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    total bigint := cardinality(NEW.types);
    last  bigint;
BEGIN
    DELETE FROM event_pending WHERE id = NEW.id;
    INSERT INTO event_counters AS c (organization_id, last_id) VALUES (NEW.organization_id, total)
    ON CONFLICT (organization_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id
    RETURNING c.last_id INTO last;
    WITH x AS (
        SELECT last - total + x.n AS id, x.type, x.object_id, NULLIF(x.space_id, '') AS space_id, x.payload, x.tail, x.n
        FROM unnest(NEW.types, NEW.object_ids, NEW.space_ids, NEW.payloads, NEW.tails) WITH ORDINALITY AS x(type, object_id, space_id, payload, tail, n)
    ), e AS (
        INSERT INTO events (organization_id, id, type, actor_id, object_id, space_id, created_at, payload)
        SELECT NEW.organization_id, x.id, x.type, NEW.actor_id, x.object_id, x.space_id, NEW.created_at, x.payload::jsonb FROM x
    )
    INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event_type, body, created_at, next_attempt_at)
    SELECT substr(md5(random()::text || clock_timestamp()::text || wh.id || x.id), 1, 20), wh.organization_id, wh.id, x.id, x.type,
        NEW.head || x.id || x.tail, NEW.created_at, NEW.created_at
    FROM webhooks AS wh, x
    WHERE wh.id = ANY(NEW.hooks) AND wh.organization_id = NEW.organization_id AND wh.active
      AND (cardinality(wh.events) = 0 OR x.type = ANY(wh.events) OR split_part(x.type, '.', 1) || '.*' = ANY(wh.events))
    ORDER BY wh.id, x.n
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

--bun:split

CREATE CONSTRAINT TRIGGER event_pending_commit AFTER INSERT ON event_pending
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION folio_append_events();
