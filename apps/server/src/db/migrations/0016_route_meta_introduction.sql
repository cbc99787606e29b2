ALTER TABLE "sys_menu" ADD COLUMN "affix" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_menu" ADD COLUMN "breadcrumb" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "introduction" text DEFAULT '' NOT NULL;