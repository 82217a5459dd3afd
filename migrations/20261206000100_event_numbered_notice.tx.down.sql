CREATE OR REPLACE FUNCTION folio_number_at_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF pg_try_advisory_xact_lock(hashtext('folio_number_events'), hashtext(NEW.organization_id)) THEN
        PERFORM folio_number_pending(NEW.organization_id);
    END IF;
    RETURN NULL;
END
$$;
