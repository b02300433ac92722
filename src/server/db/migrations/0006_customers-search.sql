CREATE TABLE "customer_counts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"companies" bigint DEFAULT 0 NOT NULL,
	"locations" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"active_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_single_row" CHECK ("customer_counts"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_search_trgm" ON "locations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "units_search_trgm" ON "units" USING gin ("search_text" gin_trgm_ops);