DROP TRIGGER event_pending_number ON event_pending;

--bun:split

DROP FUNCTION folio_number_at_commit();

--bun:split

DROP FUNCTION folio_number_events(text, bigint[]);

--bun:split

DROP FUNCTION folio_number_pending(text);

--bun:split

DROP INDEX event_pending_organization_idx;

--bun:split

ALTER TABLE event_pending SET UNLOGGED;

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
