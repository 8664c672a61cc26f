CREATE TABLE "local_gateway_subscriptions" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"gateway_customer_id" varchar(255) NOT NULL,
	"order_id" uuid,
	"status" varchar(30) DEFAULT 'active' NOT NULL,
	"amount_cents" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD CONSTRAINT "local_gateway_subscriptions_gateway_customer_id_local_gateway_customers_id_fk" FOREIGN KEY ("gateway_customer_id") REFERENCES "public"."local_gateway_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD CONSTRAINT "local_gateway_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_gateway_subscriptions_order_id_idx" ON "local_gateway_subscriptions" USING btree ("order_id");