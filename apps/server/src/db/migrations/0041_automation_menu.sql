-- Hand-written
-- Buttons for workflow rules (Set-up › module › Automation, issue 34) and everyone's API keys (System ›
-- Users, issue 34), so a role editor can grant them, for installs seeded before them
-- (db/seed/menuTree.ts; keep the two in step). Each button is added once, found by its permission.
-- A fresh install has no menu yet when migrations run: the seed adds them.
INSERT INTO sys_menu (menu_name, parent_id, order_num, path, route_name, menu_type, perms, create_by)
SELECT b.name, page.menu_id, b.ord, '', '', 'F', b.perms, 'migration'
FROM (SELECT menu_id FROM sys_menu WHERE route_name = 'LeadsFields' AND menu_type = 'C' ORDER BY menu_id LIMIT 1) AS page,
  (VALUES ('Workflow rule list', 'setup:automation:list', 4), ('Workflow rule add', 'setup:automation:add', 5),
          ('Workflow rule edit', 'setup:automation:edit', 6), ('Workflow rule remove', 'setup:automation:remove', 7)) AS b(name, perms, ord)
WHERE NOT EXISTS (SELECT 1 FROM sys_menu m WHERE m.perms = b.perms);
--> statement-breakpoint
INSERT INTO sys_menu (menu_name, parent_id, order_num, path, route_name, menu_type, perms, create_by)
SELECT b.name, page.menu_id, b.ord, '', '', 'F', b.perms, 'migration'
FROM (SELECT menu_id FROM sys_menu WHERE route_name = 'User' AND menu_type = 'C' ORDER BY menu_id LIMIT 1) AS page,
  (VALUES ('API key list', 'system:apikey:list', 8), ('API key remove', 'system:apikey:remove', 9)) AS b(name, perms, ord)
WHERE NOT EXISTS (SELECT 1 FROM sys_menu m WHERE m.perms = b.perms);
--> statement-breakpoint
-- Whoever may change a module's set-up (its fields and layout) may keep its workflow rules, as
-- exchange rates went to whoever edits the settings (0037).
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT DISTINCT rm.role_id, m.menu_id FROM sys_role_menu rm
JOIN sys_menu held ON held.menu_id = rm.menu_id AND held.perms = 'setup:fields:edit'
CROSS JOIN sys_menu m WHERE m.perms IN ('setup:automation:list', 'setup:automation:add', 'setup:automation:edit', 'setup:automation:remove')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Whoever manages users (edits them) may see and revoke their API keys; merely listing users is not
-- enough to revoke someone's access.
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT DISTINCT rm.role_id, m.menu_id FROM sys_role_menu rm
JOIN sys_menu held ON held.menu_id = rm.menu_id AND held.perms = 'system:user:edit'
CROSS JOIN sys_menu m WHERE m.perms IN ('system:apikey:list', 'system:apikey:remove')
ON CONFLICT DO NOTHING;
