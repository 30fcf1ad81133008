-- A move deleted its table's pending timers and inserted the next seat's reminders and
-- deadline, four rows a move on a daily pace, each an entry in every index of timers: on
-- PostgreSQL the largest part of a move's cost. A move now writes one row, the deadline,
-- with the turn's reminders folded in as JSON [[number, time], ...]; a reminder becomes a
-- row of its own when it falls due and the scheduler claims it. wake_at is when the
-- scheduler next looks at a timer: the earliest of its due_at and its folded reminders.
ALTER TABLE timers ADD COLUMN reminders TEXT;
ALTER TABLE timers ADD COLUMN wake_at TEXT NOT NULL DEFAULT '';
UPDATE timers SET wake_at = due_at;
DROP INDEX timers_pending;
CREATE INDEX timers_pending ON timers (wake_at) WHERE fired_at IS NULL;
