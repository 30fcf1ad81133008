-- A move read its table and seats again before every decision, on PostgreSQL about a tenth
-- of a move's statement time and a round trip. A process now keeps the record it last read,
-- and a move made from it checks, in its compare-and-set, that the record is unchanged:
-- revision counts every change to a table's row or seats other than a move (which the
-- version counts already).
ALTER TABLE game_tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
