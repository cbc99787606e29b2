CREATE TABLE "sys_job" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"user_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"heartbeat_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_user_file" ADD COLUMN "progress_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_file" ADD COLUMN "progress_total" integer;--> statement-breakpoint
ALTER TABLE "sys_user_file" ADD COLUMN "result" jsonb;--> statement-breakpoint
CREATE INDEX "sys_job_state_idx" ON "sys_job" USING btree ("state","id");