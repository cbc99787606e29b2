CREATE INDEX "crm_activity_calendar_meeting_idx" ON "crm_activity" USING btree ("owner_id","start_at") WHERE deleted_at is null and start_at is not null;--> statement-breakpoint
CREATE INDEX "crm_task_calendar_due_idx" ON "crm_task" USING btree ("owner_id","due_date") WHERE deleted_at is null and due_date is not null;--> statement-breakpoint
-- Hand-written
-- Installs seeded before the calendar get its page (a fresh install has no menus yet when migrations
-- run: the seed adds it, db/seed/menuTree.ts), granted to every role that lists tasks (its one source).
INSERT INTO sys_menu (menu_name, parent_id, order_num, path, component, route_name, menu_type, perms, icon, create_by)
SELECT 'Calendar', 0, 5, 'calendar', 'crm/calendar/index', 'Calendar', 'C', 'crm:calendar:list', 'calendar', 'migration'
WHERE EXISTS (SELECT 1 FROM sys_menu) AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE perms = 'crm:calendar:list');
--> statement-breakpoint
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT DISTINCT rm.role_id, cal.menu_id FROM sys_role_menu rm
JOIN sys_menu task ON task.menu_id = rm.menu_id AND task.perms = 'crm:task:list'
CROSS JOIN (SELECT menu_id FROM sys_menu WHERE perms = 'crm:calendar:list' AND create_by = 'migration') cal
ON CONFLICT DO NOTHING;
