-- Server life: per-server settings, the moderators' log, members' away time and the daily
-- digest opt-in.

-- One row per server; the settings are a JSON object the service validates (moderator role,
-- /newgame channel, caps, lobby lifetime, thread archiving, dashboard message).
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL
);

-- Every moderator action, newest last.
CREATE TABLE moderator_actions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,                 -- the moderator
    table_id   INTEGER,                          -- NULL for a server setting
    action     TEXT    NOT NULL,                 -- e.g. cancel, seat_bot, extend, caps
    detail     TEXT    NOT NULL DEFAULT '',      -- the reason or the new value, as shown
    created_at TEXT    NOT NULL
);
CREATE INDEX moderator_actions_guild ON moderator_actions (guild_id, id);

-- A member's declared absence; their deadlines pause within each table's allowance.
CREATE TABLE away_periods (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   INTEGER NOT NULL,
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL
);
CREATE INDEX away_periods_user ON away_periods (user_id, ends_at);

-- How much away time a member has used at a table (seconds), against the pace's allowance.
CREATE TABLE away_used (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    seconds  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, user_id)
);

-- The daily DM digest: opted in or not, and when the last one was sent.
ALTER TABLE user_settings ADD COLUMN daily_digest INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_settings ADD COLUMN digest_sent_at TEXT;

-- A member's moves, for their time per turn.
CREATE INDEX actions_user ON actions (user_id, created_at);
