-- Comic search (POST /comics/search): the words of a comic's title and description, folded by search_fold
-- (accents removed, lower case), in a full-text vector with its GIN index, and every such word once in
-- search_words with a pg_trgm GiST index, where a typed word finds the words nearest to it. Both extensions are
-- trusted (a database owner may create them) and ship with PGlite as with PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the fold IMMUTABLE,
-- as a generated column needs.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comics" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_fold("title")) STORED;--> statement-breakpoint
ALTER TABLE "comics" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_fold("title" || ' ' || "description"))) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "comics_search_vector_idx" ON "comics" USING gin ("search_vector");--> statement-breakpoint
CREATE FUNCTION search_words_of_comic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER comics_search_words AFTER INSERT OR UPDATE OF title, description ON comics
  FOR EACH ROW EXECUTE FUNCTION search_words_of_comic();--> statement-breakpoint
INSERT INTO search_words (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM comics ON CONFLICT DO NOTHING;
