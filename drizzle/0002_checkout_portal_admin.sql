CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_type" varchar(20) NOT NULL,
	"actor_id" uuid,
	"action" varchar(100) NOT NULL,
	"entity_type" varchar(50) NOT NULL,
	"entity_id" uuid NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_login_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"token" varchar(255) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_login_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "local_gateway_customers" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"card_brand" varchar(20),
	"card_last4" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_sessions" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"kind" varchar(20) DEFAULT 'checkout' NOT NULL,
	"gateway_customer_id" varchar(255) NOT NULL,
	"order_id" uuid,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"subscription_id" varchar(255),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" varchar(255) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_buckets_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "pdf_data" "bytea";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_key" varchar(100);--> statement-breakpoint
ALTER TABLE "customer_login_links" ADD CONSTRAINT "customer_login_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_login_links" ADD CONSTRAINT "customer_login_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_sessions" ADD CONSTRAINT "local_gateway_sessions_gateway_customer_id_local_gateway_customers_id_fk" FOREIGN KEY ("gateway_customer_id") REFERENCES "public"."local_gateway_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_sessions" ADD CONSTRAINT "local_gateway_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_login_links_customer_id_idx" ON "customer_login_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_login_links_order_id_idx" ON "customer_login_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "local_gateway_sessions_customer_idx" ON "local_gateway_sessions" USING btree ("gateway_customer_id");--> statement-breakpoint
CREATE INDEX "local_gateway_sessions_order_id_idx" ON "local_gateway_sessions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_window_idx" ON "rate_limit_buckets" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin (lower("order_number") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkoutKey_unique" UNIQUE("checkout_key");