ALTER TABLE "crm_email" ALTER COLUMN "module" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_email" ALTER COLUMN "record_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_email" ADD COLUMN "direction" text DEFAULT 'out' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_email" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "crm_email" ADD COLUMN "thread_id" bigint;--> statement-breakpoint
ALTER TABLE "crm_email" ADD COLUMN "pending_files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_email_inbox_idx" ON "crm_email" USING btree ("create_by","create_time") WHERE "crm_email"."status" = 'inbox';--> statement-breakpoint
-- Hand-written
-- The Inbox page (received mail waiting to be linked) on installs seeded before it (db/seed/menuTree.ts;
-- keep the two in step). A fresh install has no menus yet when migrations run: the seed adds them.
INSERT INTO sys_menu (menu_name, parent_id, order_num, path, component, route_name, menu_type, perms, icon, create_by)
SELECT 'Inbox', 0, 8, 'inbox', 'crm/inbox/index', 'Inbox', 'C', 'crm:activity:add', 'email', 'migration'
WHERE EXISTS (SELECT 1 FROM sys_menu) AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE route_name = 'Inbox');
--> statement-breakpoint
-- Every role that logs activities (and so sends mail) has an inbox.
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT DISTINCT rm.role_id, m.menu_id FROM sys_role_menu rm
JOIN sys_menu held ON held.menu_id = rm.menu_id AND held.perms = 'crm:activity:add'
CROSS JOIN sys_menu m WHERE m.route_name = 'Inbox'
ON CONFLICT DO NOTHING;
