-- Several bot processes share one database: a process claims a table's due posts before it
-- delivers them, so each is posted by one process, in order. A claim lasts until
-- claimed_until; the posts of a process that died are taken over once it has passed.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
