-- Indexes for the lookups made on every post, move and start-up at 10,000 tables; without
-- them each read scanned the whole outbox (tests/storage/test_query_plans.py checks them all).
CREATE INDEX outbox_table ON outbox (table_id, id);                       -- a table's posts
CREATE INDEX outbox_queue ON outbox (id) WHERE delivered_at IS NULL;      -- what is to post
CREATE INDEX game_tables_status ON game_tables (status);                  -- the active ones
