CREATE TABLE "sys_throttle" (
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_throttle_action_subject_client_pk" PRIMARY KEY("action","subject","client")
);
--> statement-breakpoint
DROP INDEX "sys_user_phone_uq";--> statement-breakpoint
DROP INDEX "sys_user_email_uq";--> statement-breakpoint
ALTER TABLE "sys_email_code" ADD COLUMN "user_id" bigint;--> statement-breakpoint
CREATE INDEX "sys_throttle_window_idx" ON "sys_throttle" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sys_email_code_user_idx" ON "sys_email_code" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
-- Hand-written: addresses are stored in their normalised form from now on (normaliseEmail in
-- packages/shared: NFKC, trimmed, lower case); codes are keyed by account, so pending ones go.
UPDATE "sys_user" SET "email" = lower(btrim(normalize("email", NFKC))) WHERE "email" <> lower(btrim(normalize("email", NFKC)));--> statement-breakpoint
DELETE FROM "sys_email_code";--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_email_uq" ON "sys_user" USING btree ("email") WHERE "sys_user"."del_flag" = '0' and "sys_user"."email" <> '';--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "last_failed_login_at";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "locked_until";