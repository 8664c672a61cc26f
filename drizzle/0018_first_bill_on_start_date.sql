-- Issue 27 item 1: the first month runs from the rental's start date and is paid at checkout; the subscription
-- renews on start date + 1 month and monthly after. On Stripe that is Checkout's subscription_data.trial_end; the
-- embedded gateway keeps the same facts (ADR 012 addendum).
ALTER TABLE "local_gateway_sessions" ADD COLUMN "trial_end" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD COLUMN "trial_start" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD COLUMN "trial_end" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_reason" varchar(40);
