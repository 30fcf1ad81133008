-- The Discord message a delivered outbox row became, so later posts can link to or edit it.
ALTER TABLE outbox ADD COLUMN message_id INTEGER;
