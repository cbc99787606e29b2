DROP INDEX "crm_campaign_member_lead_idx";--> statement-breakpoint
DROP INDEX "crm_campaign_member_figures_idx";--> statement-breakpoint
ALTER TABLE "crm_campaign_member" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_campaign_member" ADD COLUMN "contact_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_campaign_member_contact_uq" ON "crm_campaign_member" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "crm_campaign_member_contact_idx" ON "crm_campaign_member" USING btree ("contact_id") WHERE "crm_campaign_member"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_campaign_member_contact_figures_idx" ON "crm_campaign_member" USING btree ("campaign_id","contact_id","status") WHERE "crm_campaign_member"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_contact_membership_idx" ON "crm_contact" USING btree ("id","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_campaign_member_lead_idx" ON "crm_campaign_member" USING btree ("lead_id") WHERE "crm_campaign_member"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_campaign_member_figures_idx" ON "crm_campaign_member" USING btree ("campaign_id","lead_id","status") WHERE "crm_campaign_member"."lead_id" is not null;--> statement-breakpoint
ALTER TABLE "crm_campaign_member" ADD CONSTRAINT "crm_campaign_member_one_person" CHECK (("crm_campaign_member"."lead_id" is null) <> ("crm_campaign_member"."contact_id" is null));