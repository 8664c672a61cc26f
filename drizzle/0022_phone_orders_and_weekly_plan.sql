-- Issue 29: orders taken by phone and the weekly plan. A phone order is an ordinary pending order with a unit held
-- for up to 48 hours; the customer signs and pays through an e-mailed link whose key is an HMAC of the order id and
-- its link_version (a new link replaces the old), so no live token is stored. link_sent_at / link_opened_at /
-- link_signed_at are what the owner sees ("link sent / opened / signed / paid"). The embedded gateway's
-- sessions and subscriptions renew monthly or weekly (interval), as Stripe's prices do.
ALTER TABLE "orders" ADD COLUMN "source" varchar(20) DEFAULT 'checkout' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_opened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_signed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "orders_pending_phone_idx" ON "orders" USING btree ("created_at") WHERE "source" = 'phone' AND "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD COLUMN "interval" varchar(10) DEFAULT 'month' NOT NULL;
--> statement-breakpoint
ALTER TABLE "local_gateway_sessions" ADD COLUMN "interval" varchar(10) DEFAULT 'month' NOT NULL;
--> statement-breakpoint
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING btree (regexp_replace("phone", '\D', '', 'g'));
