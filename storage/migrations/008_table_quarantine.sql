-- A table whose stored data cannot be read or played is quarantined: its rows are all kept,
-- but no timer, agent or move touches it until someone has looked at it.
ALTER TABLE game_tables ADD COLUMN broken TEXT;        -- why; NULL while the table is healthy
ALTER TABLE game_tables ADD COLUMN broken_at TEXT;
CREATE INDEX game_tables_broken ON game_tables (id) WHERE broken IS NOT NULL;
