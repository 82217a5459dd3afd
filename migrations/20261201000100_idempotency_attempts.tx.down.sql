ALTER TABLE idempotency_keys DROP COLUMN attempt, DROP COLUMN lost;
