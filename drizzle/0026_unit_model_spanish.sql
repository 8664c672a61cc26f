-- Unit models in Spanish (issue 33): the owner writes a model's name, room size and description in Spanish too;
-- a Spanish reader sees them, and English wherever one is blank. Expand-only: three nullable columns.
ALTER TABLE "unit_models" ADD COLUMN "name_es" varchar(100);
--> statement-breakpoint
ALTER TABLE "unit_models" ADD COLUMN "recommended_room_size_es" varchar(100);
--> statement-breakpoint
ALTER TABLE "unit_models" ADD COLUMN "description_es" text;
--> statement-breakpoint
-- The two models the business opens with (unit-model-catalog.ts) get their Spanish where the owner kept the
-- opening English word for word; a model the owner renamed or rewrote is left for the owner to translate.
UPDATE "unit_models" SET
	"name_es" = 'Aire portátil de 10,000 BTU',
	"recommended_room_size_es" = 'Cuartos de hasta 350 pies²',
	"description_es" = 'Equipo compacto de una manguera para recámaras, departamentos tipo dormitorio y oficinas en casa de hasta 350 pies².'
WHERE "name" = 'Portable AC 10,000 BTU' AND "name_es" IS NULL;
--> statement-breakpoint
UPDATE "unit_models" SET
	"name_es" = 'Aire portátil de 12,000-14,000 BTU',
	"recommended_room_size_es" = 'Cuartos medianos de hasta 500 pies²',
	"description_es" = 'Equipo de doble manguera que enfría cuartos medianos de hasta 500 pies² más rápido y con más eficiencia.'
WHERE "name" = 'Portable AC 12,000-14,000 BTU' AND "name_es" IS NULL;
