-- An organization's events are numbered by its write's commit only when
-- no other numbering of the organization is in flight; otherwise after
-- the write commits, in a batch. Measured with 16 writers in one
-- organization (store's BenchmarkConcurrentWrites, pg_stat_activity
-- sampled): the deferred trigger of 20261204000100 took the counter row at
-- each commit and held it to the end of the commit, its WAL flush
-- included, so the organization's writes committed one flush after
-- another, most of them waiting for that row (Lock:transactionid at
-- COMMIT) behind a flush (IO:WALSync).
--
-- Now numbering takes an advisory lock per organization and holds it to
-- the end of its commit, so an organization's events still commit in the
-- order of their ids, which still count 1, 2, 3, ...; a reader
-- remembering the last id it saw still never misses one. A write's commit
-- only tries the lock (the deferred trigger below): got, it numbers its
-- events and those pending before them in its own commit, as before and
-- at the same cost; taken, its commit goes on without them, and they stay
-- in event_pending (logged now: a committed write's events must survive a
-- crash until they are numbered). After its commit Folio calls
-- folio_number_events for them, which waits for the lock unless another
-- call numbered them meanwhile, and numbers everything pending then: one
-- numbering commit, with one flush, serves the writes that committed while
-- the one before it flushed, and the writes' own commits flush together.
DROP TRIGGER event_pending_commit ON event_pending;

--bun:split

DROP FUNCTION folio_append_events();

--bun:split

ALTER TABLE event_pending SET LOGGED;

--bun:split

CREATE INDEX event_pending_organization_idx ON event_pending (organization_id, id);

--bun:split

-- folio_number_pending numbers the committed pending events of one
-- organization, and those its own transaction left, under the
-- organization's numbering lock, which its caller holds: their ids from
-- its counter, the event rows, and one webhook delivery per (event,
-- webhook the write queued a job for that wants its type and is active).
-- It answers how many events it numbered; with none it writes nothing.
CREATE FUNCTION folio_number_pending(org text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    numbered bigint;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = org) THEN
        DELETE FROM event_pending WHERE organization_id = org;
        RETURN 0;
    END IF;
    -- One statement, so one snapshot, taken after the lock: the rows it
    -- deletes are exactly the ones it numbers, and all of them committed
    -- (or its own transaction's).
    WITH p AS (
        DELETE FROM event_pending WHERE organization_id = org
        RETURNING id, actor_id, created_at, types, object_ids, space_ids, payloads, tails, head, hooks
    ), x AS (
        SELECT row_number() OVER (ORDER BY p.id, x.n) AS k, p.actor_id, p.created_at, p.head, p.hooks,
            x.type, NULLIF(x.space_id, '') AS space_id, x.object_id, x.payload, x.tail
        FROM p CROSS JOIN LATERAL unnest(p.types, p.object_ids, p.space_ids, p.payloads, p.tails)
            WITH ORDINALITY AS x(type, object_id, space_id, payload, tail, n)
    ), n AS (
        SELECT count(*) AS total FROM x HAVING count(*) > 0
    ), c AS (
        INSERT INTO event_counters AS c (organization_id, last_id) SELECT org, n.total FROM n
        ON CONFLICT (organization_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id
        RETURNING c.last_id - (SELECT total FROM n) AS base, (SELECT total FROM n) AS total
    ), e AS (
        INSERT INTO events (organization_id, id, type, actor_id, object_id, space_id, created_at, payload)
        SELECT org, c.base + x.k, x.type, x.actor_id, x.object_id, x.space_id, x.created_at, x.payload::jsonb FROM x, c
    ), d AS (
        INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event_type, body, created_at, next_attempt_at)
        SELECT substr(md5(random()::text || clock_timestamp()::text || wh.id || (c.base + x.k)), 1, 20), wh.organization_id, wh.id,
            c.base + x.k, x.type, x.head || (c.base + x.k) || x.tail, x.created_at, x.created_at
        FROM x, c, webhooks AS wh
        WHERE wh.id = ANY(x.hooks) AND wh.organization_id = org AND wh.active
          AND (cardinality(wh.events) = 0 OR x.type = ANY(wh.events) OR split_part(x.type, '.', 1) || '.*' = ANY(wh.events))
        ORDER BY wh.id, x.k
        ON CONFLICT DO NOTHING
    )
    SELECT c.total INTO numbered FROM c;
    RETURN COALESCE(numbered, 0);
END
$$;

--bun:split

-- folio_number_events numbers, after a write's commit, its pending events
-- if they still are, and whatever else is pending in the organization
-- then. mine are the write's pending rows (empty: the sweep's call, which
-- numbers whatever is pending). A call whose rows were numbered already
-- (by the write's own commit, most often, or by another call) returns at
-- once, without taking the lock or writing anything; one that waited for
-- the lock numbers what is pending then, its own rows or not, so that the
-- writes behind it find theirs numbered and return at once too.
CREATE FUNCTION folio_number_events(org text, mine bigint[]) RETURNS bigint
LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(mine) > 0 THEN
        IF NOT EXISTS (SELECT 1 FROM event_pending WHERE id = ANY(mine)) THEN
            RETURN 0;
        END IF;
    ELSIF NOT EXISTS (SELECT 1 FROM event_pending WHERE organization_id = org) THEN
        RETURN 0;
    END IF;
    -- Not the counter row: a row lock would make even a call that finds
    -- nothing left to number write WAL and wait for its flush.
    PERFORM pg_advisory_xact_lock(hashtext('folio_number_events'), hashtext(org));
    RETURN folio_number_pending(org);
END
$$;

--bun:split

-- At a write's commit: its events are numbered there if the lock is free.
CREATE FUNCTION folio_number_at_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF pg_try_advisory_xact_lock(hashtext('folio_number_events'), hashtext(NEW.organization_id)) THEN
        PERFORM folio_number_pending(NEW.organization_id);
    END IF;
    RETURN NULL;
END
$$;

--bun:split

CREATE CONSTRAINT TRIGGER event_pending_number AFTER INSERT ON event_pending
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION folio_number_at_commit();
