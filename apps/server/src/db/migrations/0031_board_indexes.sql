CREATE INDEX "crm_account_type_board_idx" ON "crm_account" USING btree ("type","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_account_industry_board_idx" ON "crm_account" USING btree ("industry","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_account_rating_board_idx" ON "crm_account" USING btree ("rating","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_activity_kind_board_idx" ON "crm_activity" USING btree ("kind","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_activity_direction_board_idx" ON "crm_activity" USING btree ("direction","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_activity_outcome_board_idx" ON "crm_activity" USING btree ("outcome","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_campaign_type_board_idx" ON "crm_campaign" USING btree ("type","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_campaign_status_board_idx" ON "crm_campaign" USING btree ("status","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_contact_lead_source_board_idx" ON "crm_contact" USING btree ("lead_source","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_lead_source_board_idx" ON "crm_lead" USING btree ("lead_source","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_status_board_idx" ON "crm_lead" USING btree ("status","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_industry_board_idx" ON "crm_lead" USING btree ("industry","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_lead_rating_board_idx" ON "crm_lead" USING btree ("rating","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_opportunity_stage_board_idx" ON "crm_opportunity" USING btree ("stage","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_opportunity_type_board_idx" ON "crm_opportunity" USING btree ("type","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_opportunity_lead_source_board_idx" ON "crm_opportunity" USING btree ("lead_source","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_task_status_board_idx" ON "crm_task" USING btree ("status","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_task_priority_board_idx" ON "crm_task" USING btree ("priority","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
-- Hand-written: the board index of the custom picklists an installation already has (a new one gets
-- it from engine/ddl/customColumns.ts, kind 'board'), named as that file names it: <table>_cf<id>_board.
DO $$
DECLARE
  f record;
  tables CONSTANT jsonb := '{"leads": "crm_lead", "opportunity": "crm_opportunity", "account": "crm_account", "task": "crm_task", "campaign": "crm_campaign", "contact": "crm_contact", "activity": "crm_activity"}';
BEGIN
  FOR f IN SELECT id, module, column_name FROM crm_field WHERE NOT is_standard AND active AND filterable AND type = 'picklist' AND tables ? module LOOP
    EXECUTE format('create index if not exists %I on %I (%I, dept_id, owner_id) where deleted_at is null', (tables ->> f.module) || '_cf' || f.id || '_board', tables ->> f.module, f.column_name);
  END LOOP;
END
$$;
