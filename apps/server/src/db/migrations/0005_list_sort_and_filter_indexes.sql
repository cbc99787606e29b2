DROP INDEX "sys_logininfor_time_idx";--> statement-breakpoint
DROP INDEX "sys_logininfor_user_idx";--> statement-breakpoint
DROP INDEX "sys_oper_log_time_idx";--> statement-breakpoint
DROP INDEX "sys_oper_log_type_idx";--> statement-breakpoint
DROP INDEX "sys_oper_log_status_idx";--> statement-breakpoint
CREATE INDEX "sys_logininfor_ip_idx" ON "sys_logininfor" USING btree ("ipaddr","info_id");--> statement-breakpoint
CREATE INDEX "sys_logininfor_status_idx" ON "sys_logininfor" USING btree ("status","info_id");--> statement-breakpoint
CREATE INDEX "sys_logininfor_user_trgm_idx" ON "sys_logininfor" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_logininfor_ip_trgm_idx" ON "sys_logininfor" USING gin ("ipaddr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_oper_log_title_idx" ON "sys_oper_log" USING btree ("title","oper_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_name_idx" ON "sys_oper_log" USING btree ("oper_name","oper_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_cost_idx" ON "sys_oper_log" USING btree ("cost_time","oper_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_name_trgm_idx" ON "sys_oper_log" USING gin ("oper_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_user_nick_sort_idx" ON "sys_user" USING btree ("nick_name");--> statement-breakpoint
CREATE INDEX "sys_logininfor_time_idx" ON "sys_logininfor" USING btree ("login_time","info_id");--> statement-breakpoint
CREATE INDEX "sys_logininfor_user_idx" ON "sys_logininfor" USING btree ("user_name","info_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_time_idx" ON "sys_oper_log" USING btree ("oper_time","oper_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_type_idx" ON "sys_oper_log" USING btree ("business_type","oper_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_status_idx" ON "sys_oper_log" USING btree ("status","oper_id");