ALTER TABLE "job_part_prices" DROP CONSTRAINT "job_part_prices_unit_cost_check";--> statement-breakpoint
ALTER TABLE "job_part_prices" ADD CONSTRAINT "job_part_prices_name_not_blank" CHECK (btrim("job_part_prices"."name") <> '');--> statement-breakpoint
ALTER TABLE "job_part_prices" ADD CONSTRAINT "job_part_prices_unit_cost_check" CHECK ("job_part_prices"."unit_cost" > 0);