-- Checkout under load (issue 14): the unit pick reads the first free unit of a model from an index instead of
-- sorting the model's fleet, and the hold limits count a client's, customer's and delivery address's live holds through
-- indexes (the address as units/hold-limits.ts normalises it) instead of every live hold.
CREATE INDEX "orders_delivery_place_idx" ON "orders" USING btree ("zip_code",lower(regexp_replace(trim("address"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "units_offerable_pick_idx" ON "units" USING btree ("model_id","held_until" NULLS FIRST,"serial") WHERE "units"."status" = 'available';--> statement-breakpoint
CREATE INDEX "units_held_for_client_idx" ON "units" USING btree ("held_for_client","held_until") WHERE "units"."held_for_client" is not null;