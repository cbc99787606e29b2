CREATE INDEX "crm_account_phone_lower_idx" ON "crm_account" USING btree (lower("phone")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_account_website_lower_idx" ON "crm_account" USING btree (lower("website")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_email_lower_idx" ON "crm_lead" USING btree (lower("email")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_phone_lower_idx" ON "crm_lead" USING btree (lower("phone")) WHERE deleted_at is null;