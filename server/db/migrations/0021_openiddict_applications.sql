ALTER TABLE "applications" ADD COLUMN "json_web_key_set" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "allow_hybrid_flow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "allow_end_session_endpoint" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "allow_device_authorization_endpoint" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "allow_pushed_authorization_endpoint" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "force_pushed_authorization" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "token_lifetimes" jsonb DEFAULT '{}'::jsonb NOT NULL;