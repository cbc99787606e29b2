DROP INDEX "sys_user_dept_idx";--> statement-breakpoint
DROP INDEX "sys_user_create_time_idx";--> statement-breakpoint
DROP INDEX "sys_user_status_idx";--> statement-breakpoint
CREATE INDEX "sys_user_dept_idx" ON "sys_user" USING btree ("dept_id") WHERE "sys_user"."del_flag" = '0';--> statement-breakpoint
CREATE INDEX "sys_user_create_time_idx" ON "sys_user" USING btree ("create_time","user_id") WHERE "sys_user"."del_flag" = '0';--> statement-breakpoint
CREATE INDEX "sys_user_status_idx" ON "sys_user" USING btree ("status") WHERE "sys_user"."del_flag" = '0';