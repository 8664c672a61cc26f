-- The catalog (unit models and their stock) is served from each app instance's memory. Every committed change to
-- units or unit_models tells every instance listening on 'catalog_changed' to drop its copy: one trigger per table,
-- so no write path (checkout holds, releases, payments, inventory and model edits, sweeps, deliveries) can forget
-- it. Statement-level: one notification per statement, and PostgreSQL folds repeats within a transaction into one,
-- delivered at commit (none on rollback). ADR 024.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "units_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "units"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "unit_models_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "unit_models"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
