-- Tables, seats, the append-only action log, per-version snapshots and the outbox.
-- Timestamps are UTC ISO-8601 text with microseconds, so they sort as strings.

CREATE TABLE game_tables (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game             TEXT    NOT NULL,
    guild_id         INTEGER,                 -- NULL for tables outside a server
    channel_id       INTEGER,
    lobby_message_id INTEGER,
    thread_id        INTEGER UNIQUE,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX game_tables_guild_status ON game_tables (guild_id, status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER,                        -- a person, or
    agent     TEXT,                           -- an agent level such as 'greedy'
    name      TEXT    NOT NULL,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id),
    CHECK ((user_id IS NULL) <> (agent IS NULL))
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 1),   -- the table version this action made
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                        -- canonical notation
    request_id TEXT    NOT NULL,
    user_id    INTEGER,                                 -- NULL when an agent moved
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, version),
    UNIQUE (table_id, request_id)
);

CREATE TABLE snapshots (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 0),
    state      TEXT    NOT NULL,                        -- Game.to_json at that version
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, version)
);

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id     INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    payload      TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    delivered_at TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    not_before   TEXT
);
CREATE INDEX outbox_undelivered ON outbox (table_id, id) WHERE delivered_at IS NULL;
