-- Hand-written
-- System › Exchange rates (issue 33) and its buttons, for installs seeded before it (db/seed/menuTree.ts;
-- keep the two in step). A fresh install has no System menu yet when migrations run: the seed adds it.
WITH sys AS (SELECT menu_id FROM sys_menu WHERE route_name = 'System' AND parent_id = 0 AND menu_type = 'M' ORDER BY menu_id LIMIT 1),
page AS (
  INSERT INTO sys_menu (menu_name, parent_id, order_num, path, component, route_name, menu_type, perms, icon, create_by)
  SELECT 'Exchange Rates', sys.menu_id, 9, 'exchange-rate', 'system/currency/index', 'ExchangeRate', 'C', 'system:exchangeRate:list', 'money', 'migration' FROM sys
  WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE route_name = 'ExchangeRate')
  RETURNING menu_id
)
INSERT INTO sys_menu (menu_name, parent_id, order_num, path, route_name, menu_type, perms, create_by)
SELECT b.name, page.menu_id, b.ord, '', '', 'F', b.perms, 'migration' FROM page,
  (VALUES ('Exchange rate add', 'system:exchangeRate:add', 1), ('Exchange rate remove', 'system:exchangeRate:remove', 2)) AS b(name, perms, ord);
--> statement-breakpoint
-- Whoever may change the settings (where the organisation currency is set) may keep its rates.
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT DISTINCT rm.role_id, m.menu_id FROM sys_role_menu rm
JOIN sys_menu held ON held.menu_id = rm.menu_id AND held.perms = 'system:config:edit'
CROSS JOIN sys_menu m WHERE m.perms IN ('system:exchangeRate:list', 'system:exchangeRate:add', 'system:exchangeRate:remove')
ON CONFLICT DO NOTHING;
