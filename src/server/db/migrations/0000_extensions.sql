-- Trigram indexes back the case-insensitive "contains" filters of every list.
-- PGlite loads the extension in code (src/server/db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
