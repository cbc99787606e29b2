ALTER TABLE "crm_field" ADD COLUMN "formula" text;--> statement-breakpoint
ALTER TABLE "crm_field" ADD COLUMN "rollup" jsonb;