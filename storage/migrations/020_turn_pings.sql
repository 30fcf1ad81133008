-- Which of a member's turns ping them: every_turn (when a turn starts and they are away from
-- the table), reminders (no ping when a turn starts; the pace's reminders still come) or
-- digest (no turn pings and no reminders: a daily digest lists what waits on them).
ALTER TABLE user_settings ADD COLUMN turn_pings TEXT NOT NULL DEFAULT 'every_turn'
    CHECK (turn_pings IN ('every_turn', 'reminders', 'digest'));
