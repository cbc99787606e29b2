CREATE TABLE "crm_email" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_email_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" text NOT NULL,
	"module" text NOT NULL,
	"record_id" bigint NOT NULL,
	"from_address" text NOT NULL,
	"reply_to" text,
	"to_addresses" jsonb NOT NULL,
	"cc_addresses" jsonb NOT NULL,
	"bcc_addresses" jsonb NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachment_ids" jsonb NOT NULL,
	"attachment_names" jsonb NOT NULL,
	"template_id" bigint,
	"status" text DEFAULT 'queued' NOT NULL,
	"answer" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"create_by" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_email_link" (
	"email_id" bigint NOT NULL,
	"module" text NOT NULL,
	"record_id" bigint NOT NULL,
	CONSTRAINT "crm_email_link_email_id_module_record_id_pk" PRIMARY KEY("email_id","module","record_id")
);
--> statement-breakpoint
CREATE TABLE "crm_email_signature" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_email_template" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_email_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"owner_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_mail_server" (
	"id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"password_sealed" text,
	"from_address" text DEFAULT '' NOT NULL,
	"update_by" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_email_message_id_key" ON "crm_email" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "crm_email_link_record_idx" ON "crm_email_link" USING btree ("module","record_id","email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_email_template_name_key" ON "crm_email_template" USING btree ("owner_id",lower("name"));