CREATE TABLE "audit_log_daily_stats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_daily_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid,
	"day" date NOT NULL,
	"log_count" bigint NOT NULL,
	"failed_count" bigint NOT NULL,
	"duration_sum" bigint NOT NULL,
	"duration_count" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_logs_tenant_duration_idx";--> statement-breakpoint
DROP INDEX "entity_changes_tenant_entity_idx";--> statement-breakpoint
CREATE INDEX "audit_log_daily_stats_tenant_day_idx" ON "audit_log_daily_stats" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_duration_time_idx" ON "audit_logs" USING btree ("tenant_id","execution_duration","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_url_time_idx" ON "audit_logs" USING btree ("tenant_id","url","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_change_type_time_idx" ON "entity_changes" USING btree ("tenant_id","change_type","change_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_entity_idx" ON "entity_changes" USING btree ("tenant_id","entity_id","entity_type_full_name","change_time" DESC NULLS FIRST,"id");--> statement-breakpoint
-- The daily rollup is kept by the database itself (ADR 0021): statement-level AFTER triggers with
-- transition tables append one delta row per (tenant, UTC day) a statement touched, in the
-- statement's transaction. The batch writer's inserts and completions, the deleter's deletes and the
-- seed's COPY all keep it right, and no statistics row is ever updated in place (no hot row).
CREATE FUNCTION audit_log_daily_stats_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
    SELECT tenant_id, (execution_time AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE exceptions <> ''),
      coalesce(sum(execution_duration), 0), count(execution_duration)
    FROM audit_log_stats_new GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
    SELECT tenant_id, (execution_time AT TIME ZONE 'UTC')::date, -count(*), -count(*) FILTER (WHERE exceptions <> ''),
      -coalesce(sum(execution_duration), 0), -count(execution_duration)
    FROM audit_log_stats_old GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
    SELECT tenant_id, day, sum(n), sum(f), sum(s), sum(c) FROM (
      SELECT tenant_id, (execution_time AT TIME ZONE 'UTC')::date AS day, 1 AS n, coalesce((exceptions <> '')::int, 0) AS f,
        coalesce(execution_duration, 0)::bigint AS s, (execution_duration IS NOT NULL)::int AS c
      FROM audit_log_stats_new
      UNION ALL
      SELECT tenant_id, (execution_time AT TIME ZONE 'UTC')::date, -1, -coalesce((exceptions <> '')::int, 0),
        -coalesce(execution_duration, 0)::bigint, -((execution_duration IS NOT NULL)::int)
      FROM audit_log_stats_old
    ) d
    GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(f) <> 0 OR sum(s) <> 0 OR sum(c) <> 0;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_log_daily_stats;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_daily_stats_insert AFTER INSERT ON audit_logs
  REFERENCING NEW TABLE AS audit_log_stats_new FOR EACH STATEMENT EXECUTE FUNCTION audit_log_daily_stats_delta();
--> statement-breakpoint
CREATE TRIGGER audit_logs_daily_stats_update AFTER UPDATE ON audit_logs
  REFERENCING OLD TABLE AS audit_log_stats_old NEW TABLE AS audit_log_stats_new FOR EACH STATEMENT EXECUTE FUNCTION audit_log_daily_stats_delta();
--> statement-breakpoint
CREATE TRIGGER audit_logs_daily_stats_delete AFTER DELETE ON audit_logs
  REFERENCING OLD TABLE AS audit_log_stats_old FOR EACH STATEMENT EXECUTE FUNCTION audit_log_daily_stats_delta();
--> statement-breakpoint
CREATE TRIGGER audit_logs_daily_stats_truncate AFTER TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_daily_stats_delta();
--> statement-breakpoint
-- Installations with logs already: one row per (tenant, day) from what is there.
INSERT INTO audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
SELECT tenant_id, (execution_time AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE exceptions <> ''),
  coalesce(sum(execution_duration), 0), count(execution_duration)
FROM audit_logs GROUP BY 1, 2;
