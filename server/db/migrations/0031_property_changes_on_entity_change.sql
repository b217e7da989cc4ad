-- ADR 0029: an entity change's property changes are a jsonb array on its row, not a row each.
-- Existing property changes move onto their entity change, ordered by property name as the
-- audit log screens list them; then their table goes.
ALTER TABLE "entity_changes" ADD COLUMN "property_changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "entity_changes" c SET "property_changes" = p.changes
FROM (
  SELECT "entity_change_id",
    jsonb_agg(jsonb_build_object('propertyName', "property_name", 'propertyTypeFullName', "property_type_full_name",
      'originalValue', "original_value", 'newValue', "new_value") ORDER BY "property_name", "id") AS changes
  FROM "entity_property_changes" GROUP BY "entity_change_id"
) p
WHERE p."entity_change_id" = c."id";--> statement-breakpoint
DROP TABLE "entity_property_changes" CASCADE;
