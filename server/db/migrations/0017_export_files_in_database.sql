CREATE TABLE "export_file_chunks" (
	"job_id" uuid NOT NULL,
	"tenant_id" uuid,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "export_file_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "export_file_chunks" ADD CONSTRAINT "export_file_chunks_job_id_export_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_file_chunks_tenant_idx" ON "export_file_chunks" USING btree ("tenant_id");