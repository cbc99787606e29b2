-- Trigram indexes make 'contains' searches on lists fast at a million rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
