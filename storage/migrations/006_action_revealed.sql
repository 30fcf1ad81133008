-- Whether a move revealed hidden information or used chance, apart from whether it passed the
-- decision to another seat: the first is never undone, the second only with consent.
-- Rows written before this migration are taken as revealed, so they are never undone.
ALTER TABLE actions ADD COLUMN revealed INTEGER NOT NULL DEFAULT 1;
