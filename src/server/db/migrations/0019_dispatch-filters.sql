-- The dispatch board's Tags filter matches whole tags case-insensitively: the GIN index is on the
-- tags in lower case. plpgsql (not inlined), so the index expression and the query's stay the same call.
CREATE OR REPLACE FUNCTION "jobs_tags_key"(p_tags text[]) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN ARRAY(SELECT lower(t) FROM unnest(p_tags) t);
END $$;
--> statement-breakpoint
DROP INDEX "jobs_tags_gin";--> statement-breakpoint
CREATE INDEX "locations_zip5_idx" ON "locations" USING btree (left("zip", 5));--> statement-breakpoint
CREATE INDEX "jobs_tags_key_gin" ON "jobs" USING gin (jobs_tags_key("tags"));--> statement-breakpoint
CREATE INDEX "jobs_tagged_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST) WHERE cardinality("jobs"."tags") > 0;