-- Days-long play: a pace per table, per-user notification settings, and timers as rows.

ALTER TABLE game_tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'daily';

CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,              -- a Discord user id
    time_zone   TEXT,                             -- IANA name; NULL means UTC
    quiet_start TEXT,                             -- local 'HH:MM', both NULL or both set
    quiet_end   TEXT,
    notify      TEXT    NOT NULL DEFAULT 'thread' CHECK (notify IN ('thread', 'dm')),
    updated_at  TEXT    NOT NULL,
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL))
);

-- A reminder or deadline of one seat for one table version. A timer whose version is no
-- longer the table's never fires; each timer is finished once (fired_at and outcome set).
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    number     INTEGER NOT NULL DEFAULT 0,        -- 1, 2, … for reminders; 0 for deadlines
    due_at     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    fired_at   TEXT,
    outcome    TEXT    CHECK (outcome IN ('fired', 'stale', 'cancelled', 'skipped')),
    CHECK ((fired_at IS NULL) = (outcome IS NULL))
);
CREATE INDEX timers_pending ON timers (due_at) WHERE fired_at IS NULL;
CREATE INDEX timers_table ON timers (table_id, version);
