-- The fair waitlist (issue 30, ADR 036). An out-of-stock model's line: one place per e-mail and model while it is
-- live (waiting, or offered a unit). A unit that comes free is held for the first in line (units.held_until, with
-- held_for_client 'waitlist:<entry id>' and no order) for the owner's offer time; the offer's link checks it out.
-- The line's order: those the owner moved up (by when), then everyone else by when they joined.
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"email" varchar(255) NOT NULL,
	"zip_code" varchar(10),
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"moved_up_at" timestamp with time zone,
	"moved_up_reason" text,
	"offered_at" timestamp with time zone,
	"offered_until" timestamp with time zone,
	"offered_unit_id" uuid,
	"order_id" uuid,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("status" IN ('waiting', 'offered', 'rented', 'lapsed', 'left', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_model_id_unit_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."unit_models"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offered_unit_id_units_id_fk" FOREIGN KEY ("offered_unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- One live place per e-mail and model: joining again answers the same place.
CREATE UNIQUE INDEX "waitlist_entries_live_email_idx" ON "waitlist_entries" USING btree ("model_id","email") WHERE "status" IN ('waiting', 'offered');
--> statement-breakpoint
-- The line of a model, in its order (and "is anyone waiting for this model?", which the checkout's pick asks).
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("model_id","moved_up_at","created_at") WHERE "status" = 'waiting';
--> statement-breakpoint
-- The sweep's offers that end.
CREATE INDEX "waitlist_entries_offered_idx" ON "waitlist_entries" USING btree ("offered_until") WHERE "status" = 'offered';
--> statement-breakpoint
-- Analytics' joins by day and the line's length.
CREATE INDEX "waitlist_entries_created_at_idx" ON "waitlist_entries" USING btree ("created_at");
--> statement-breakpoint
-- The "Notify me" sign-ups kept before the line existed: those not yet told wait in line in the order they asked;
-- those told keep their history (waited until told) as ended entries. The leads rows stay as they were.
INSERT INTO "waitlist_entries" ("model_id", "email", "zip_code", "locale", "status", "ended_at", "ended_reason", "created_at")
SELECT l."model_id", l."email", l."zip_code", l."locale",
	CASE WHEN l."notified_at" IS NULL THEN 'waiting' ELSE 'lapsed' END,
	l."notified_at",
	CASE WHEN l."notified_at" IS NULL THEN NULL ELSE 'Told "back in stock" before the waitlist existed' END,
	l."created_at"
FROM "leads" l
WHERE l."kind" = 'restock' AND l."model_id" IS NOT NULL
ORDER BY l."created_at"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A join or a change of line changes what the catalog offers: the same notice as units and unit models (0013).
CREATE TRIGGER "waitlist_entries_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "waitlist_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
-- checkout_hold_unit (0016) again, with one rule more: a model with anyone waiting in its line is out of stock for
-- every checkout; its free units go to the line, first in line first (the waitlist sweep). Same signature and answer.
CREATE OR REPLACE FUNCTION "checkout_hold_unit"(
	p_customer_id uuid, p_client text, p_zip_code text, p_address text, p_city text, p_model_id uuid,
	p_now timestamptz, p_until timestamptz, p_min_btu integer,
	p_per_client integer, p_per_customer integer, p_per_address integer,
	p_order_number text, p_start_date date, p_months_min integer, p_price_cents integer, p_building_notes text,
	p_checkout_key text, p_delivery_charge_cents integer, p_delivery_miles numeric
) RETURNS TABLE (refused text, order_id uuid, model_id uuid, btu_tier text) LANGUAGE plpgsql AS $$
DECLARE
	v_unit_id uuid;
	v_model_id uuid;
	v_btu_tier text;
	v_order_id uuid;
BEGIN
	IF (SELECT count(*) FROM units u WHERE u.held_for_client = left(p_client, 64) AND u.held_until > p_now)
		>= p_per_client THEN
		RETURN QUERY SELECT 'client', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	IF (SELECT count(*) FROM orders o JOIN units u ON u.held_by_order_id = o.id
		WHERE o.customer_id = p_customer_id AND u.held_until > p_now) >= p_per_customer THEN
		RETURN QUERY SELECT 'customer', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	IF (SELECT count(*) FROM orders o JOIN units u ON u.held_by_order_id = o.id
		WHERE o.zip_code = p_zip_code
			AND lower(regexp_replace(trim(o.address), '\s+', ' ', 'g')) = lower(regexp_replace(trim(p_address), '\s+', ' ', 'g'))
			AND lower(regexp_replace(trim(o.city), '\s+', ' ', 'g')) = lower(regexp_replace(trim(p_city), '\s+', ' ', 'g'))
			AND u.held_until > p_now) >= p_per_address THEN
		RETURN QUERY SELECT 'address', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;

	-- Two statements rather than one with "p_model_id IS NULL OR ...", so that each keeps a plan on the index.
	IF p_model_id IS NULL THEN
		SELECT u.id, u.model_id, m.btu_tier INTO v_unit_id, v_model_id, v_btu_tier
		FROM units u JOIN unit_models m ON m.id = u.model_id
		WHERE u.status = 'available' AND (u.held_until IS NULL OR u.held_until <= p_now) AND u.btu >= p_min_btu
			AND m.active
			AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.model_id = u.model_id AND w.status = 'waiting')
		ORDER BY u.held_until ASC NULLS FIRST, u.serial ASC LIMIT 1
		FOR UPDATE OF u SKIP LOCKED;
	ELSE
		SELECT u.id, u.model_id, m.btu_tier INTO v_unit_id, v_model_id, v_btu_tier
		FROM units u JOIN unit_models m ON m.id = u.model_id
		WHERE u.model_id = p_model_id AND u.status = 'available' AND (u.held_until IS NULL OR u.held_until <= p_now)
			AND u.btu >= p_min_btu AND m.active
			AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.model_id = u.model_id AND w.status = 'waiting')
		ORDER BY u.held_until ASC NULLS FIRST, u.serial ASC LIMIT 1
		FOR UPDATE OF u SKIP LOCKED;
	END IF;
	IF v_unit_id IS NULL THEN
		RETURN QUERY SELECT
			CASE WHEN p_model_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM unit_models m WHERE m.id = p_model_id AND m.active)
				THEN 'not_offered' ELSE 'out_of_stock' END,
			NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;

	INSERT INTO orders (order_number, customer_id, model_id, type, btu_tier, start_date, months_min, price_cents,
		address, city, zip_code, building_notes, checkout_key, delivery_charge_cents, delivery_miles, created_at)
	VALUES (p_order_number, p_customer_id, v_model_id, 'monthly', v_btu_tier, p_start_date, p_months_min, p_price_cents,
		p_address, p_city, p_zip_code, p_building_notes, p_checkout_key, p_delivery_charge_cents, p_delivery_miles, p_now)
	RETURNING id INTO v_order_id;
	UPDATE units SET held_by_order_id = v_order_id, held_until = p_until, held_for_client = left(p_client, 64),
		updated_at = now()
	WHERE id = v_unit_id;
	RETURN QUERY SELECT NULL::text, v_order_id, v_model_id, v_btu_tier;
END;
$$;
