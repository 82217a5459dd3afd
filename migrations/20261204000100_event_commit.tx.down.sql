DROP TABLE event_pending;

--bun:split

DROP FUNCTION folio_append_events();
