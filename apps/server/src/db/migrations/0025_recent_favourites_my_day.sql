CREATE TABLE "crm_favourite_record" (
	"user_id" bigint NOT NULL,
	"module" text NOT NULL,
	"record_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_favourite_record_user_id_module_record_id_pk" PRIMARY KEY("user_id","module","record_id")
);
--> statement-breakpoint
CREATE TABLE "crm_recent_record" (
	"user_id" bigint NOT NULL,
	"module" text NOT NULL,
	"record_id" bigint NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_recent_record_user_id_module_record_id_pk" PRIMARY KEY("user_id","module","record_id")
);
--> statement-breakpoint
CREATE INDEX "crm_favourite_record_user_idx" ON "crm_favourite_record" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "crm_recent_record_user_idx" ON "crm_recent_record" USING btree ("user_id","viewed_at" desc);--> statement-breakpoint
CREATE INDEX "crm_lead_owner_created_idx" ON "crm_lead" USING btree ("owner_id","create_time") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_task_owner_open_due_idx" ON "crm_task" USING btree ("owner_id","due_date") WHERE deleted_at is null and completed_at is null;