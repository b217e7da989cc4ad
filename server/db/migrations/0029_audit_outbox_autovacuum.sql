-- audit_outbox is a queue: every changing request inserts a row and the writer deletes it within a
-- second, so the table is nearly empty and all dead rows. With the default thresholds autovacuum
-- waits for dead rows to reach a fifth of the estimated size, and that estimate grows with the
-- bloat. In the ledger benchmark (bench/README, "The audit outbox as a queue") 10,306 dead rows and
-- 20 MB for an empty table were never vacuumed, and the writer's scan took 3 ms per batch, 40 ms at
-- the end. Vacuumed after a fixed number of dead rows instead, whatever its size. PGlite has no
-- autovacuum: its maintenance job vacuums this table itself (server/jobs/database-maintenance.ts).
ALTER TABLE audit_outbox SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_analyze_scale_factor = 0,
  autovacuum_analyze_threshold = 1000
);
