CREATE TABLE "audit_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
