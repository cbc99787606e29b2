CREATE INDEX "sys_user_status_idx" ON "sys_user" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sys_user_name_sort_idx" ON "sys_user" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "sys_user_name_trgm_idx" ON "sys_user" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_user_nick_trgm_idx" ON "sys_user" USING gin ("nick_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_user_phone_trgm_idx" ON "sys_user" USING gin ("phonenumber" gin_trgm_ops);