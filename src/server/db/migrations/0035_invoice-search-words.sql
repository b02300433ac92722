-- The invoice search's trigram indexes over the words the search rule sees (decision 021): pg_trgm
-- breaks words at any punctuation, so in "job-1130-inv-8266" it indexes the word "inv" and every
-- invoice held the trigrams of a word starting "in"; a search for "in" (a word starting "in") looked
-- up all 500,000 invoices (the paid list's capped count read 219,768 rows to keep 10,001: 100-180
-- ms). The indexes are built over trigramWords(search_text) (src/server/db/schema/columns.ts: "-",
-- "." and "/" as "x", U+001F as a space, a space first), which the searches name beside their
-- condition on the text itself, with one pattern a word. About 45 s on the large PostgreSQL set.
DROP INDEX IF EXISTS "invoice_search_text_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "invoice_search_issued_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "invoice_search_paid_trgm";--> statement-breakpoint
CREATE INDEX "invoice_search_words_trgm" ON "invoice_search" USING gin ((' ' || replace(replace(replace(replace("search_text", chr(31), ' '), '-', 'x'), '.', 'x'), '/', 'x')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_search_issued_words_trgm" ON "invoice_search" USING gin ((' ' || replace(replace(replace(replace("search_text", chr(31), ' '), '-', 'x'), '.', 'x'), '/', 'x')) gin_trgm_ops) WHERE "invoice_search"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoice_search_paid_words_trgm" ON "invoice_search" USING gin ((' ' || replace(replace(replace(replace("search_text", chr(31), ' '), '-', 'x'), '.', 'x'), '/', 'x')) gin_trgm_ops) WHERE "invoice_search"."status" = 'paid';