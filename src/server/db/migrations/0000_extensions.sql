-- Trigram indexes make the accent-free prefix search (activities.search_text) fast.
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
