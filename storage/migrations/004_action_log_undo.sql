-- The action log stays append-only. A row is a game move, an undo, or a concession:
--   move:     applies `action` to the state of the previous effective version;
--   undo:     its state is the state at version `undo_to` (an earlier effective version);
--   concede:  ends the game without changing its state.
-- Replaying the effective log (moves not undone, in order) gives the state at any version.
-- Rows written before this migration are moves with unknown reversibility, so never undone.

ALTER TABLE actions ADD COLUMN kind TEXT NOT NULL DEFAULT 'move'
    CHECK (kind IN ('move', 'undo', 'concede'));
ALTER TABLE actions ADD COLUMN reversible INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN events TEXT NOT NULL DEFAULT '[]';   -- JSON list of sentences
ALTER TABLE actions ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE actions ADD COLUMN undo_to INTEGER;

CREATE TABLE undo_requests (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id       INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    requested_by   INTEGER NOT NULL,
    seat           INTEGER NOT NULL,
    at_version     INTEGER NOT NULL,              -- the table version it was asked at
    target_version INTEGER NOT NULL,              -- the version the table would go back to
    needed         TEXT    NOT NULL,              -- JSON list of user ids who must consent
    consents       TEXT    NOT NULL DEFAULT '[]', -- JSON list of user ids who did
    status         TEXT    NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'applied', 'declined', 'stale')),
    created_at     TEXT    NOT NULL,
    resolved_at    TEXT
);
CREATE INDEX undo_requests_open ON undo_requests (table_id) WHERE status = 'open';
