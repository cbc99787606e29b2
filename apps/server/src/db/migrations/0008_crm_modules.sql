CREATE TABLE "crm_task_reminder" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"for_reminder_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "crm_task_reminder_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "crm_campaign_member_figures_idx" ON "crm_campaign_member" USING btree ("campaign_id","lead_id","status");--> statement-breakpoint
CREATE INDEX "crm_lead_membership_idx" ON "crm_lead" USING btree ("id","converted_at","dept_id","owner_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_task_reminder_due_idx" ON "crm_task" USING btree ("owner_id","reminder_at") WHERE deleted_at is null and reminder_at is not null and completed_at is null;