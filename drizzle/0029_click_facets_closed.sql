-- The facet rollups of a UTC day are made once the day is over (modules/clicks/facets.ts,
-- closeFacetDays), from the raw click rows, instead of by every stored batch: in the many-visitors mix
-- nearly every click is a new combination, and upserting its rows in each batch cost the clicks worker
-- most of its throughput. Days before "until" are closed: a click of such a day stored later (a late
-- batch, an import) goes into the facet rollups with its batch, as before. Filtered stats read the
-- open days from the raw clicks.
-- No row means every day is closed, as before this migration: every click stored so far has its facet
-- rows. The first closing (within ten minutes of the start) sets "until" to tomorrow: today stays a
-- "late" day, and the first day closed from raw clicks is tomorrow. (A row made here would make the
-- database not empty for a restore.)
CREATE TABLE "click_facets_closed" (
	"one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
	"until" date NOT NULL
);
