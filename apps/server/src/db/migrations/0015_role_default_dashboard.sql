ALTER TABLE "sys_role" ADD COLUMN "default_dashboard_id" bigint;--> statement-breakpoint
-- An install that already has the built-in sales dashboard: its sales roles land on it (a fresh one gets it when the dashboard is seeded).
UPDATE "sys_role" SET "default_dashboard_id" = (SELECT "id" FROM "crm_dashboard" WHERE "built_in_key" = 'sales') WHERE "role_key" IN ('sales_manager', 'sales_rep') AND "del_flag" = '0';
