CREATE TABLE "crm_reminder" (
	"module" text NOT NULL,
	"record_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"for_reminder_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "crm_reminder_module_record_id_user_id_pk" PRIMARY KEY("module","record_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "crm_activity" ADD COLUMN "reminder_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "crm_activity_attendee_user_idx" ON "crm_activity_attendee" USING btree ("user_id","activity_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "crm_activity_reminder_due_idx" ON "crm_activity" USING btree ("owner_id","reminder_at") WHERE deleted_at is null and reminder_at is not null;--> statement-breakpoint
-- Hand-written: a meeting's reminder time is derived from its start (activity.hooks.ts), and the
-- task reminders' read/dismissed states move to the table every module's reminders share.
UPDATE "crm_activity" SET "reminder_at" = "start_at" - "reminder_minutes" * interval '1 minute'
  WHERE "kind" = 'meeting' AND "start_at" IS NOT NULL AND "reminder_minutes" IS NOT NULL AND "reminder_minutes" >= 0;--> statement-breakpoint
INSERT INTO "crm_reminder" ("module", "record_id", "user_id", "for_reminder_at", "read_at", "dismissed_at")
  SELECT 'task', "task_id", "user_id", "for_reminder_at", "read_at", "dismissed_at" FROM "crm_task_reminder";
--> statement-breakpoint
-- An activity's notes become the rich-text type they always held (HTML cleaned on every write).
UPDATE "crm_field" SET "type" = 'richtext' WHERE "module" = 'activity' AND "name" = 'notes' AND "type" = 'textarea';
