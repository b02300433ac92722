DROP INDEX "agreement_units_unique";--> statement-breakpoint
ALTER TABLE "agreement_units" ADD CONSTRAINT "agreement_units_pkey" PRIMARY KEY("agreement_id","unit_id");