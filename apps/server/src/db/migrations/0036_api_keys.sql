CREATE TABLE "sys_api_key" (
	"key_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_api_key_key_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_api_key_hash_uq" ON "sys_api_key" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "sys_api_key_user_idx" ON "sys_api_key" USING btree ("user_id");