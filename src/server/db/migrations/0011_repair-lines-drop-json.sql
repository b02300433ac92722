ALTER TABLE "job_repairs" DROP COLUMN "accessories";--> statement-breakpoint
ALTER TABLE "job_repairs" DROP COLUMN "additional_items";