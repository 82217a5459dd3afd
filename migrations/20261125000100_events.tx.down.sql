DROP TABLE events;

--bun:split

DROP TABLE event_counters;
