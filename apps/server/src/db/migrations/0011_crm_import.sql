CREATE TABLE "crm_import" (
	"file_id" bigint PRIMARY KEY NOT NULL,
	"module" text NOT NULL,
	"user_id" bigint NOT NULL,
	"headers" jsonb NOT NULL,
	"sample" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"record_type_id" bigint,
	"settings" jsonb,
	"run_time" timestamp with time zone,
	"next_row" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error_file_id" bigint,
	"finish_time" timestamp with time zone,
	"revert_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_import_row" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_import_row_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"action" text NOT NULL,
	"record_id" bigint,
	"old_values" jsonb,
	"version" integer,
	"message" text,
	"revert" text
);
--> statement-breakpoint
ALTER TABLE "crm_import" ADD CONSTRAINT "crm_import_file_id_sys_user_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_user_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_import_row" ADD CONSTRAINT "crm_import_row_file_id_crm_import_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."crm_import"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_import_row_file_idx" ON "crm_import_row" USING btree ("file_id","action","row_no");