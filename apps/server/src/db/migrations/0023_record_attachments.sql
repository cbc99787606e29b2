CREATE TABLE "crm_attachment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_attachment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"module" text NOT NULL,
	"record_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"create_by" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_attachment_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE INDEX "crm_attachment_record_idx" ON "crm_attachment" USING btree ("module","record_id","create_time");