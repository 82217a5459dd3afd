-- A write's commit that numbers its organization's pending events (the
-- deferred trigger of 20261205000100_event_numbering, when the
-- organization's numbering lock is free) says so to its client, in a
-- notice carried by the COMMIT's own answer: Folio then skips the
-- numbering call it otherwise makes after the commit (store/events_number.go),
-- one statement and one round trip for every write that numbered its own
-- events. No notice (the lock was taken, or a client_min_messages above
-- NOTICE drops it) means only that the call is made, as before: it finds
-- the events numbered or numbers them. NOTICE is below the default
-- log_min_messages, so the server's log does not get a line per write.
CREATE OR REPLACE FUNCTION folio_number_at_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF pg_try_advisory_xact_lock(hashtext('folio_number_events'), hashtext(NEW.organization_id)) THEN
        PERFORM folio_number_pending(NEW.organization_id);
        RAISE NOTICE USING ERRCODE = 'FO001', MESSAGE = 'folio: events numbered at commit', DETAIL = NEW.organization_id;
    END IF;
    RETURN NULL;
END
$$;
