-- Comic search made cheaper (POST /comics/search, docs/decisions.md "Search").
-- 1. The comics' search index keeps no pending list (fastupdate off): new entries go straight into the index.
--    PostgreSQL's autovacuum merges a pending list now and then, PGlite runs none, and every search reads the
--    whole list (on PGlite, comics added in bulk left the planner scanning the table instead). The entries
--    already pending are merged now.
ALTER INDEX "comics_search_vector_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('comics_search_vector_idx');--> statement-breakpoint
-- 2. The catalogue's words like a typed word: the `most` likest within `least_similarity` (pg_trgm's `%`, whose
--    threshold the GiST index applies while it walks, instead of taking the `most` nearest words and
--    filtering them after: the same words), and the `most` nearest of those the typed word begins. The threshold is set for the
--    call only (the SET clause restores it when the function returns); in PL/pgSQL, whose statements keep
--    their plans for the session.
CREATE FUNCTION search_words_like(typed text, least_similarity real, most integer) RETURNS SETOF text
  LANGUAGE plpgsql STABLE
  SET pg_trgm.similarity_threshold = 0.3
  AS $$
BEGIN
  PERFORM set_config('pg_trgm.similarity_threshold', least_similarity::text, true);
  RETURN QUERY
    (SELECT search_words.word FROM search_words WHERE search_words.word % typed ORDER BY search_words.word <-> typed LIMIT most)
    UNION
    (SELECT search_words.word FROM search_words
      WHERE search_words.word LIKE replace(replace(replace(typed, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      ORDER BY search_words.word <-> typed LIMIT most);
END $$;
