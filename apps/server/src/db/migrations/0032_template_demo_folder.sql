-- Hand-written
-- The template demo's top-level entries move under one folder, "Template demo" (issue 36; a fresh
-- install has no menus yet when migrations run: the seed adds the folder, db/seed/demoMenu.ts).
-- Its empty path keeps the pages' addresses. Only installs seeded with the template demo have them.
INSERT INTO sys_menu (menu_name, parent_id, order_num, path, route_name, menu_type, icon, create_by)
SELECT 'Template demo', 0, MIN(order_num), '', 'TemplateDemo', 'M', 'example', 'migration'
FROM sys_menu
WHERE parent_id = 0
  AND route_name IN ('Permission', 'Icons', 'ComponentDemo', 'Charts', 'Nested', 'Example', 'Tab', 'ErrorPages', 'ErrorLog', 'Excel', 'ExportZip', 'PDF', 'PDFDown', 'Theme', 'ClipboardDemo', 'I18n', 'ExternalLink')
  AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE route_name = 'TemplateDemo')
HAVING COUNT(*) > 0;
--> statement-breakpoint
-- Every role that opens one of the entries opens the folder (a role's menu holds the folders above its pages).
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT DISTINCT rm.role_id, folder.menu_id FROM sys_role_menu rm
JOIN sys_menu entry ON entry.menu_id = rm.menu_id AND entry.parent_id = 0
  AND entry.route_name IN ('Permission', 'Icons', 'ComponentDemo', 'Charts', 'Nested', 'Example', 'Tab', 'ErrorPages', 'ErrorLog', 'Excel', 'ExportZip', 'PDF', 'PDFDown', 'Theme', 'ClipboardDemo', 'I18n', 'ExternalLink')
CROSS JOIN (SELECT menu_id FROM sys_menu WHERE route_name = 'TemplateDemo') folder
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE sys_menu SET parent_id = (SELECT menu_id FROM sys_menu WHERE route_name = 'TemplateDemo'), update_by = 'migration'
WHERE parent_id = 0
  AND route_name IN ('Permission', 'Icons', 'ComponentDemo', 'Charts', 'Nested', 'Example', 'Tab', 'ErrorPages', 'ErrorLog', 'Excel', 'ExportZip', 'PDF', 'PDFDown', 'Theme', 'ClipboardDemo', 'I18n', 'ExternalLink')
  AND EXISTS (SELECT 1 FROM sys_menu WHERE route_name = 'TemplateDemo');
