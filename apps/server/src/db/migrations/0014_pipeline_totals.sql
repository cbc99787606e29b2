CREATE TABLE "crm_opportunity_pipeline_total" (
	"dept_id" bigint,
	"owner_id" bigint NOT NULL,
	"stage" text,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"amount_probability" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "crm_opportunity_pipeline_total_key" UNIQUE NULLS NOT DISTINCT("dept_id","owner_id","stage")
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not model functions or triggers): the table above kept by
-- statement-level triggers, so that every writer of crm_opportunity (forms, board moves, mass
-- updates, imports, the recycle bin, purges, lead conversion, plain SQL) keeps it true. A
-- statement's rows (its transition tables) are summed per key once, not row by row; the sums are
-- applied in key order, so concurrent statements lock the keys they share in the same order.
--
-- The changes of one statement, per key: count, Σ amount, Σ amount × probability (negative for
-- rows that left). Keys that net to nothing (a rename, a close-date change) are not written.
CREATE FUNCTION crm_opportunity_pipeline_total_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO crm_opportunity_pipeline_total AS t (dept_id, owner_id, stage, count, amount, amount_probability)
  SELECT d.dept_id, d.owner_id, d.stage, sum(d.count), sum(d.amount), sum(d.amount_probability)
  FROM jsonb_to_recordset(deltas) AS d(dept_id bigint, owner_id bigint, stage text, count bigint, amount numeric, amount_probability numeric)
  GROUP BY d.dept_id, d.owner_id, d.stage
  HAVING sum(d.count) <> 0 OR sum(d.amount) <> 0 OR sum(d.amount_probability) <> 0
  ORDER BY d.dept_id, d.owner_id, d.stage
  ON CONFLICT ON CONSTRAINT crm_opportunity_pipeline_total_key DO UPDATE SET
    count = t.count + excluded.count,
    amount = t.amount + excluded.amount,
    amount_probability = t.amount_probability + excluded.amount_probability
$$;
--> statement-breakpoint
-- One function for the three triggers: each branch reads only the transition tables its event has.
CREATE FUNCTION crm_opportunity_pipeline_total_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM crm_opportunity_pipeline_total;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(jsonb_agg(g), '[]') INTO added FROM (
      SELECT dept_id, owner_id, stage, count(*) AS count, coalesce(sum(amount), 0) AS amount,
        coalesce(sum(amount * coalesce(probability, 0)), 0) AS amount_probability
      FROM new_rows WHERE deleted_at IS NULL GROUP BY dept_id, owner_id, stage) g;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(jsonb_agg(g), '[]') INTO removed FROM (
      SELECT dept_id, owner_id, stage, -count(*) AS count, -coalesce(sum(amount), 0) AS amount,
        -coalesce(sum(amount * coalesce(probability, 0)), 0) AS amount_probability
      FROM old_rows WHERE deleted_at IS NULL GROUP BY dept_id, owner_id, stage) g;
  END IF;
  IF added <> '[]' OR removed <> '[]' THEN
    PERFORM crm_opportunity_pipeline_total_add(added || removed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER crm_opportunity_pipeline_total_insert AFTER INSERT ON crm_opportunity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_opportunity_pipeline_total_apply();
--> statement-breakpoint
CREATE TRIGGER crm_opportunity_pipeline_total_update AFTER UPDATE ON crm_opportunity
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_opportunity_pipeline_total_apply();
--> statement-breakpoint
CREATE TRIGGER crm_opportunity_pipeline_total_delete AFTER DELETE ON crm_opportunity
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_opportunity_pipeline_total_apply();
--> statement-breakpoint
CREATE TRIGGER crm_opportunity_pipeline_total_truncate AFTER TRUNCATE ON crm_opportunity
  FOR EACH STATEMENT EXECUTE FUNCTION crm_opportunity_pipeline_total_apply();
--> statement-breakpoint
-- The opportunities already there (the triggers above exist first and hold the table's lock until
-- the migration commits, so no write falls between the two).
INSERT INTO crm_opportunity_pipeline_total (dept_id, owner_id, stage, count, amount, amount_probability)
SELECT dept_id, owner_id, stage, count(*), coalesce(sum(amount), 0), coalesce(sum(amount * coalesce(probability, 0)), 0)
FROM crm_opportunity WHERE deleted_at IS NULL GROUP BY dept_id, owner_id, stage;
