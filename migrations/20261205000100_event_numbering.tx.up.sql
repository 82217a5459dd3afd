-- An organization's events are numbered after their write commits, in
-- batches, not by the write's own commit. Measured with 16 writers in one
-- organization (store's BenchmarkConcurrentWrites, pg_stat_activity
-- sampled): the deferred trigger of 20261204000100 held the counter row to
-- the end of each commit, its WAL flush included, so the organization's
-- writes committed one flush after another, and most of their time was
-- spent waiting for that row (Lock:transactionid at COMMIT) behind a
-- flush (IO:WALSync).
--
-- Now a write leaves its events in event_pending (logged: a committed
-- write's events must survive a crash until they are numbered), and after
-- its commit Folio calls folio_number_events for the organization, which
-- numbers every committed pending row of it at once: the writes' commits
-- flush together (group commit), and one numbering transaction, with one
-- flush, serves all the writes that committed while the one before it
-- flushed. Numbering takes an advisory lock per organization and holds it
-- to its end, so an organization's events still commit in the order of
-- their ids, which still count 1, 2, 3, ...; a reader remembering the last
-- id it saw still never misses one.
DROP TRIGGER event_pending_commit ON event_pending;

--bun:split

DROP FUNCTION folio_append_events();

--bun:split

ALTER TABLE event_pending SET LOGGED;

--bun:split

CREATE INDEX event_pending_organization_idx ON event_pending (organization_id, id);

--bun:split

-- folio_number_events numbers the committed pending events of one
-- organization: their ids from its counter, the event rows, and one
-- webhook delivery per (event, webhook the write queued a job for that
-- wants its type and is active). It answers how many events it numbered.
--
-- mine are the pending rows of the write that calls it, after its commit
-- (empty: the sweep's call, which numbers whatever is pending). A call
-- whose rows another call numbered meanwhile returns at once, without
-- taking the lock or writing anything. The lock is only tried: a call that
-- finds it taken waits for the numbering in flight to commit (a shared
-- lock, taken in a block rolled back at once, which releases it: waiters
-- wake together rather than each taking the lock in turn) and looks again,
-- most often to find its rows numbered by that one.
CREATE FUNCTION folio_number_events(org text, mine bigint[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    numbered bigint;
BEGIN
    LOOP
        IF cardinality(mine) > 0 THEN
            IF NOT EXISTS (SELECT 1 FROM event_pending WHERE id = ANY(mine)) THEN
                RETURN 0;
            END IF;
        ELSIF NOT EXISTS (SELECT 1 FROM event_pending WHERE organization_id = org) THEN
            RETURN 0;
        END IF;
        -- Not the counter row: a row lock would make even a call that
        -- finds nothing left to number write WAL and wait for its flush.
        EXIT WHEN pg_try_advisory_xact_lock(hashtext('folio_number_events'), hashtext(org));
        BEGIN
            PERFORM pg_advisory_xact_lock_shared(hashtext('folio_number_events'), hashtext(org));
            RAISE SQLSTATE 'FN001';
        EXCEPTION WHEN SQLSTATE 'FN001' THEN
            NULL;
        END;
    END LOOP;
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = org) THEN
        DELETE FROM event_pending WHERE organization_id = org;
        RETURN 0;
    END IF;
    -- One statement, so one snapshot, taken after the lock: the rows it
    -- deletes are exactly the ones it numbers, and all of them committed.
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
