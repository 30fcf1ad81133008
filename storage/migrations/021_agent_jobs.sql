-- A table whose next decision belongs to an agent seat waits on a job: the row is written in
-- the same transaction as the move that handed the agent the turn, so a crash cannot lose it.
-- A worker claims it until claimed_until ('' = never claimed); a claim that runs out (its
-- worker died) can be taken by another worker.
CREATE TABLE agent_jobs (
    table_id      INTEGER PRIMARY KEY REFERENCES game_tables(id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,   -- the table version the agent decides at
    created_at    TEXT    NOT NULL,
    claimed_by    TEXT,
    claimed_until TEXT    NOT NULL DEFAULT '',
    attempts      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX agent_jobs_claimable ON agent_jobs (claimed_until);
