DROP TABLE site_insight_events;
