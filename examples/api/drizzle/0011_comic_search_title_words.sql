-- Comic search ranks the comics whose title has a word typed (or one like it) first (docs/decisions.md "Search"):
-- the title's words, folded as the search's, kept by the database beside the words of title and description.
ALTER TABLE "comics" ADD COLUMN "search_title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_fold("title"))) STORED;
