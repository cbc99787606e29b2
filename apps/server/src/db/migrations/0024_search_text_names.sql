ALTER TABLE "crm_contact" drop column "search_text";--> statement-breakpoint
ALTER TABLE "crm_contact" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(case when coalesce(first_name, '') || coalesce(last_name, '') ~ '[一-鿿]' then coalesce(last_name, '') || coalesce(first_name, '') || ' ' || coalesce(first_name, '') else coalesce(first_name, '') || ' ' || coalesce(last_name, '') end || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(mobile, ''))) STORED;--> statement-breakpoint
ALTER TABLE "crm_lead" drop column "search_text";--> statement-breakpoint
ALTER TABLE "crm_lead" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(case when coalesce(first_name, '') || coalesce(last_name, '') ~ '[一-鿿]' then coalesce(last_name, '') || coalesce(first_name, '') || ' ' || coalesce(first_name, '') else coalesce(first_name, '') || ' ' || coalesce(last_name, '') end || ' ' || coalesce(company, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(mobile, ''))) STORED;--> statement-breakpoint
-- Hand-written (issue 30, h/sbench): keep this block at the END of the migration. Dropping the
-- generated column above dropped its trigram index with it; drizzle-kit sees the index unchanged
-- in the schema and does not build it again.
CREATE INDEX "crm_contact_search_trgm_idx" ON "crm_contact" USING gin ("search_text" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_search_trgm_idx" ON "crm_lead" USING gin ("search_text" gin_trgm_ops) WHERE deleted_at is null;
