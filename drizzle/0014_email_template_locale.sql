DROP INDEX "email_templates_template_type_idx";--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE INDEX "email_templates_template_type_idx" ON "email_templates" USING btree ("template_type","locale");