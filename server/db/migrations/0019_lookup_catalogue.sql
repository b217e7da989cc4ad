CREATE TABLE "lookup_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"display_order" integer NOT NULL,
	CONSTRAINT "lookup_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "lookup_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type_id" uuid NOT NULL,
	"code" varchar(128) NOT NULL,
	"name" varchar(256) DEFAULT '' NOT NULL,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_type_id_lookup_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."lookup_types"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_values_type_code_idx" ON "lookup_values" USING btree ("type_id","code");