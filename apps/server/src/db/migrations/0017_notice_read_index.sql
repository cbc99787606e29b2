CREATE INDEX "sys_notice_read_notice_idx" ON "sys_notice_read" USING btree ("notice_id","read_at","user_id");--> statement-breakpoint
-- Read marks belong to present users (deleting a user deletes theirs), so a notice's readers are counted from this index alone.
DELETE FROM "sys_notice_read" r WHERE NOT EXISTS (SELECT 1 FROM "sys_user" u WHERE u."user_id" = r."user_id" AND u."del_flag" = '0');
