CREATE TABLE "crm_field_security" (
	"field_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"access" text NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	CONSTRAINT "crm_field_security_field_id_role_id_pk" PRIMARY KEY("field_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "crm_field_security" ADD CONSTRAINT "crm_field_security_field_id_crm_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."crm_field"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_field_security" ADD CONSTRAINT "crm_field_security_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;