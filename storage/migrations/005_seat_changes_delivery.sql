-- Seats that change hands during a game, and delivery attempts of outbox rows.

-- While an agent stands in for a person, owner_id is that person (they may reclaim the seat).
ALTER TABLE seats ADD COLUMN owner_id INTEGER;
CREATE INDEX seats_owner ON seats (owner_id) WHERE owner_id IS NOT NULL;

CREATE TABLE seat_changes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    reason     TEXT    NOT NULL,                  -- takeover, reclaim, take_seat, left, conceded
    by_user    INTEGER,
    from_user  INTEGER,
    from_agent TEXT,
    from_name  TEXT    NOT NULL,
    to_user    INTEGER,
    to_agent   TEXT,
    to_name    TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX seat_changes_table ON seat_changes (table_id, id);

-- When a dispatcher last started to deliver the row; set before the post, so a restarted
-- dispatcher that finds it set (and the row undelivered) knows an earlier post may have landed.
ALTER TABLE outbox ADD COLUMN attempted_at TEXT;
