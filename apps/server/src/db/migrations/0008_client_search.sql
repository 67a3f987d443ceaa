-- the back office's client search (issue 13): trigram indexes make `%term%` an index scan over
-- 100,000 clients; the expressions are exactly those clients.repo.ts searches
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name" || chr(1) || "email" || chr(1) || "phone" || chr(1) || "pin")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_digits_trgm_idx" ON "users" USING gin ((translate("phone", ' -()./', '')) gin_trgm_ops);
