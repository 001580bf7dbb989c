-- Search speed at a million titles (docs/search.md "How a search is answered", decision 0027):
-- indexes for big result sets and field searches, filter counts kept per frequent word, a
-- catalogue version for the API's count cache, and cheaper facet refreshes.

-- Big result sets (more than FULL_RANK_LIMIT matches) are ordered without ts_rank_cd: the exact
-- title, title proper and author matches come through these indexes, the rest newest first
-- along title_year_recent, so the first page reads a few dozen titles instead of every match.
CREATE INDEX title_year_recent ON title (year DESC NULLS LAST, id);
CREATE INDEX title_title_key ON title (title_key);
CREATE INDEX title_title_proper_key ON title (title_proper_key);
CREATE INDEX title_author_keys ON title USING gin (author_keys) WITH (fastupdate = off);

-- Title, author and subject searches: one index per weighted field. The GIN index on
-- search_vector has no weights, so `search_vector @@ 'janeiro':C` rechecks every title holding
-- "janeiro" anywhere; `ts_filter(search_vector, '{c}') @@ 'janeiro'` means the same (positions
-- kept, so phrases too) and finds the subjects alone.
CREATE INDEX title_search_a ON title USING gin (ts_filter(search_vector, '{a}')) WITH (fastupdate = off);
CREATE INDEX title_search_b ON title USING gin (ts_filter(search_vector, '{b}')) WITH (fastupdate = off);
CREATE INDEX title_search_c ON title USING gin (ts_filter(search_vector, '{c}')) WITH (fastupdate = off);

-- No pending list on the GIN indexes searches read. With fastupdate a GIN index gathers new
-- entries in a list of up to 4 MB that every search reads from end to end until a vacuum merges
-- it; PGlite has no autovacuum, and at 100,000 titles that list cost 15–30 ms per search. Writes
-- now add their entries to the index at once (a little slower), and the lists left are merged.
DO $$
DECLARE
  idx regclass;
BEGIN
  FOREACH idx IN ARRAY ARRAY['title_search_gin', 'title_stem_gin', 'title_facet_keys_gin', 'title_isbn_gin',
                             'title_issn_gin', 'authority_search_gin', 'search_word_trgm', 'browse_entry_words',
                             'network_record_search_gin', 'network_record_stem_gin', 'network_record_isbn_gin',
                             'network_record_issn_gin']::regclass[] LOOP
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', idx);
    PERFORM gin_clean_pending_list(idx);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- Filter counts per frequent word. Counting the filter keys of 40,000 matches takes 150–450 ms;
-- for the words held by many titles the counts are kept instead, per field searched:
-- search_term_count (lexeme, scope, key) = n titles holding the word in that scope and the key
-- ('#' is every title holding the word). Scopes: '*' any field (free search), 'A' title,
-- 'B' author, 'C' subject. The empty lexeme '' stands for the whole catalogue (scope '*'):
-- it gives the share of titles holding each key, which the engine reads to choose how a filter
-- is checked.

-- The frequent words (lexemes of search_vector). Which words are listed only decides which
-- searches read kept counts instead of counting: every word's counts are right either way.
-- rebuild_search_term_counts() chooses them again (estante search-stats, the synthetic seed).
CREATE TABLE search_term (
  lexeme text PRIMARY KEY
);

CREATE TABLE search_term_count (
  lexeme text NOT NULL,
  scope "char" NOT NULL,
  key text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (lexeme, scope, key)
);
-- The most frequent values of one filter type for a word, in the order the counting query ranks
-- them (count, then key).
CREATE INDEX search_term_count_top ON search_term_count (lexeme, scope, split_part(key, ':', 1), n DESC, key);

-- The word of a search text when the text is a single word (as plainto_tsquery and
-- phraseto_tsquery read it); null otherwise.
CREATE FUNCTION public.f_single_lexeme(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN CASE WHEN numnode(plainto_tsquery('simple', public.f_unaccent($1))) = 1
              THEN (tsvector_to_array(to_tsvector('simple', public.f_unaccent($1))))[1] END;

-- The advisory lock a writer of the catalogue holds from its first change to its commit (shared,
-- so writers never wait for each other); see search_catalogue_version() below.
CREATE FUNCTION public.search_catalogue_lock_key() RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN 7306238460211016;

-- Keeps search_term_count current: statement-level, from the transition tables, one upsert per
-- statement in key order (two writers lock rows in the same order). A title whose words did not
-- change (a loan only changes D:S) moves the keys it gained or lost; otherwise its old keys
-- leave with its old words and its new keys arrive with its new words.
-- The statements run through EXECUTE, planned for each statement: PL/pgSQL would keep the plan
-- made for the first (one-row) statement of a connection, and a 5,000-row statement run with it
-- took 42 s instead of 0.3 s.
CREATE FUNCTION public.search_term_count_sync() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := 'SELECT n.search_vector AS v, n.facet_keys || ''{#}''::text[] AS keys, 1 AS sign FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    changed := 'SELECT o.search_vector AS v, o.facet_keys || ''{#}''::text[] AS keys, -1 AS sign FROM old_rows o';
  ELSE
    changed := $sql$
      WITH pairs AS MATERIALIZED (
        SELECT n.search_vector AS nv, o.search_vector AS ov,
               n.facet_keys || '{#}'::text[] AS nk, o.facet_keys || '{#}'::text[] AS ok
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE n.search_vector IS DISTINCT FROM o.search_vector OR n.facet_keys IS DISTINCT FROM o.facet_keys
      )
      SELECT nv AS v, ARRAY(SELECT unnest(nk) EXCEPT SELECT unnest(ok)) AS keys, 1 AS sign FROM pairs WHERE nv = ov
      UNION ALL
      SELECT nv, ARRAY(SELECT unnest(ok) EXCEPT SELECT unnest(nk)), -1 FROM pairs WHERE nv = ov
      UNION ALL
      SELECT nv, nk, 1 FROM pairs WHERE nv <> ov
      UNION ALL
      SELECT ov, ok, -1 FROM pairs WHERE nv <> ov
    $sql$;
  END IF;
  EXECUTE format($sql$
    WITH changed AS MATERIALIZED (%s), words AS (
      SELECT ''::text AS lexeme, '*'::"char" AS scope, c.keys, c.sign FROM changed c
      UNION ALL
      SELECT u.lexeme, s.scope, c.keys, c.sign
        FROM changed c
        CROSS JOIN LATERAL unnest(c.v) AS u(lexeme, positions, weights)
        JOIN search_term st ON st.lexeme = u.lexeme
        CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                             WHERE w IN ('A', 'B', 'C')) s(scope)
    ), delta AS (
      SELECT w.lexeme, w.scope, k.key, sum(w.sign)::int AS n
        FROM words w CROSS JOIN LATERAL unnest(w.keys) AS k(key)
       GROUP BY 1, 2, 3
      HAVING sum(w.sign) <> 0
    )
    INSERT INTO search_term_count AS t (lexeme, scope, key, n)
    SELECT lexeme, scope, key, n FROM delta ORDER BY 1, 2, 3
    ON CONFLICT (lexeme, scope, key) DO UPDATE SET n = t.n + excluded.n
  $sql$, changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER title_search_term_count_insert AFTER INSERT ON title
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_term_count_sync();
CREATE TRIGGER title_search_term_count_update AFTER UPDATE ON title
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_term_count_sync();
CREATE TRIGGER title_search_term_count_delete AFTER DELETE ON title
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_term_count_sync();

-- How many titles make a word frequent: 0.1 % of the titles, and at least 500 (below that,
-- counting the matches takes a few milliseconds). At a million titles: 724 words.
CREATE FUNCTION public.search_term_min_titles() RETURNS integer
  LANGUAGE sql STABLE
  RETURN greatest(500, ceil(0.001 * (SELECT count(*) FROM title))::int);

-- Chooses the frequent words again (those held by at least min_titles titles, by default
-- search_term_min_titles()) and recounts every kept count from the catalogue; answers how many
-- words are listed. Writers of titles wait until it commits (their counts would otherwise be
-- lost or counted twice); searches go on reading the previous counts.
CREATE FUNCTION public.rebuild_search_term_counts(min_titles integer DEFAULT NULL) RETURNS integer
  LANGUAGE plpgsql
AS $$
DECLARE
  threshold integer := coalesce(min_titles, public.search_term_min_titles());
BEGIN
  LOCK TABLE search_term_count IN EXCLUSIVE MODE;
  PERFORM set_config('work_mem', '256MB', true);
  DELETE FROM search_term;
  INSERT INTO search_term (lexeme)
  SELECT word FROM ts_stat('SELECT search_vector FROM title') WHERE ndoc >= threshold;
  DELETE FROM search_term_count;
  INSERT INTO search_term_count (lexeme, scope, key, n)
  SELECT u.lexeme, s.scope, k.key, count(*)::int
    FROM title t
    CROSS JOIN LATERAL unnest(t.search_vector) AS u(lexeme, positions, weights)
    JOIN search_term st ON st.lexeme = u.lexeme
    CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                         WHERE w IN ('A', 'B', 'C')) s(scope)
    CROSS JOIN LATERAL unnest(t.facet_keys || '{#}'::text[]) AS k(key)
   GROUP BY 1, 2, 3;
  INSERT INTO search_term_count (lexeme, scope, key, n)
  SELECT '', '*', k.key, count(*)::int
    FROM title t CROSS JOIN LATERAL unnest(t.facet_keys || '{#}'::text[]) AS k(key)
   GROUP BY 3;
  PERFORM nextval('search_catalogue_version');
  RETURN (SELECT count(*)::int FROM search_term);
END
$$;

-- ---------------------------------------------------------------------------------------------
-- Catalogue version: the API keeps the counts of recent searches (a count cache) under the
-- version it read before the search; any change that can alter a search's matches, counts or
-- filter descriptions takes a new version, so a kept count is never served after a change.
-- Changes: titles, network records, the side tables of the search tabs, and the names that
-- describe filter values (authorities, libraries, campuses, areas, courses, work types,
-- languages, network institutions).
CREATE SEQUENCE search_catalogue_version;

-- A writer holds the shared advisory lock until it commits, and takes a new version while it
-- holds it. Empty statements (a facet refresh that changed nothing) take none.
CREATE FUNCTION public.search_catalogue_changed() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(public.search_catalogue_lock_key());
  PERFORM nextval('search_catalogue_version');
  RETURN NULL;
END
$$;

-- The catalogue version, and whether a search that starts now may keep its counts under it:
-- not while a writer is between its first change and its commit (it holds the lock), since that
-- writer has taken its version already but a search starting now does not see its changes, so
-- counts kept now could outlive them. (Reading the version inside the search's own snapshot
-- would race the other way: snapshot first, then a change committed with a new version, and old
-- counts kept under the new version; so the API reads it in a statement of its own, before the
-- search begins.) The version is read before the lock is tried: a writer that took a version had
-- the lock first. Two searches trying the lock at the same instant may both see it taken: they
-- only keep nothing.
CREATE FUNCTION public.search_catalogue_version(OUT version bigint, OUT keepable boolean)
  LANGUAGE sql VOLATILE
AS $$
  -- The row is read, then its columns computed: the lock is tried after the version is read.
  SELECT CASE WHEN is_called THEN last_value ELSE 0 END,
         pg_try_advisory_xact_lock(public.search_catalogue_lock_key())
    FROM search_catalogue_version
$$;

DO $$
DECLARE
  tab text;
BEGIN
  -- Every change of these tables counts.
  FOREACH tab IN ARRAY ARRAY['title', 'network_record', 'title_archive', 'title_normative_act', 'title_case_law'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_search_version_insert AFTER INSERT ON %1$I
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_catalogue_changed()', tab);
    EXECUTE format('CREATE TRIGGER %1$s_search_version_update AFTER UPDATE ON %1$I
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_catalogue_changed()', tab);
    EXECUTE format('CREATE TRIGGER %1$s_search_version_delete AFTER DELETE ON %1$I
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_catalogue_changed()', tab);
    EXECUTE format('CREATE TRIGGER %1$s_search_version_truncate AFTER TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION public.search_catalogue_changed()', tab);
  END LOOP;
  -- Names describing filter values: a new row describes nothing shown yet, a changed or deleted one may.
  FOREACH tab IN ARRAY ARRAY['authority', 'library', 'campus', 'knowledge_area', 'course', 'work_type', 'language',
                             'network_institution'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_search_version_update AFTER UPDATE ON %1$I
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_catalogue_changed()', tab);
    EXECUTE format('CREATE TRIGGER %1$s_search_version_delete AFTER DELETE ON %1$I
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_catalogue_changed()', tab);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------
-- Cheaper writes.

-- refresh_title_facets(ids) reaches the titles through the primary key (the single statement of
-- migration 0010, `ids IS NULL OR t.id = ANY (ids)`, was planned without the value of ids and
-- walked the whole title table: half a second per loan at 1M titles).
CREATE OR REPLACE FUNCTION public.refresh_title_facets(ids integer[] DEFAULT NULL) RETURNS integer
  LANGUAGE plpgsql
AS $$
DECLARE
  changed integer;
BEGIN
  IF ids IS NULL THEN
    UPDATE title t SET facet_keys = fresh.keys
      FROM (SELECT x.id, public.title_facet_keys(x) AS keys FROM title x) fresh
     WHERE t.id = fresh.id AND t.facet_keys IS DISTINCT FROM fresh.keys;
  ELSE
    WITH fresh AS MATERIALIZED (
      SELECT x.id, public.title_facet_keys(x) AS keys
        FROM (SELECT DISTINCT i.id FROM unnest(ids) AS i(id)) wanted
        JOIN title x ON x.id = wanted.id
    )
    UPDATE title t SET facet_keys = fresh.keys FROM fresh
     WHERE t.id = fresh.id AND t.facet_keys IS DISTINCT FROM fresh.keys;
  END IF;
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;

-- The search-aid trigger of migration 0011 on updates: an update that changes none of the
-- indexed columns (a facet refresh, circulation) stops after one comparison, and the statements
-- run through EXECUTE so each is planned for its own number of rows (see search_term_count_sync).
CREATE OR REPLACE FUNCTION public.title_search_aids_sync() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  entries jsonb;
  words jsonb;
  indexed boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- The path of imports and seeds: counts only grow, straight from the new rows.
    INSERT INTO browse_entry AS b (kind, norm, authority_id, display, title_count)
    SELECT k.kind, k.norm, 0, max(k.display), count(*)
      FROM new_rows n, public.title_browse_keys(n.title, n.series, n.call_number, n.isbn, n.issn) k
     GROUP BY k.kind, k.norm
     ORDER BY k.kind, k.norm
    ON CONFLICT (kind, norm, authority_id) DO UPDATE
      SET title_count = b.title_count + excluded.title_count, display = excluded.display;
    INSERT INTO search_word AS w (word, form, title_count)
    SELECT x.word, min(x.form), count(*)
      FROM new_rows n, public.title_words(n.title, n.vernacular_title, n.authors_text, n.subjects_text) x
     GROUP BY x.word
     ORDER BY x.word
    ON CONFLICT (word) DO UPDATE SET title_count = w.title_count + excluded.title_count;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE $sql$
      SELECT EXISTS (
        SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE (n.title, n.series, n.call_number, n.isbn, n.issn, n.vernacular_title, n.authors_text, n.subjects_text)
               IS DISTINCT FROM
               (o.title, o.series, o.call_number, o.isbn, o.issn, o.vernacular_title, o.authors_text, o.subjects_text))
    $sql$ INTO indexed;
    IF NOT indexed THEN
      RETURN NULL;
    END IF;
    EXECUTE $sql$
      SELECT jsonb_agg(e) FROM (
        SELECT jsonb_build_object('kind', k.kind, 'norm', k.norm, 'authority_id', 0, 'display', k.display, 'delta', 1) AS e
          FROM new_rows n JOIN old_rows o ON o.id = n.id,
               public.title_browse_keys(n.title, n.series, n.call_number, n.isbn, n.issn) k
         WHERE (n.title, n.series, n.call_number, n.isbn, n.issn) IS DISTINCT FROM (o.title, o.series, o.call_number, o.isbn, o.issn)
        UNION ALL
        SELECT jsonb_build_object('kind', k.kind, 'norm', k.norm, 'authority_id', 0, 'display', NULL, 'delta', -1)
          FROM new_rows n JOIN old_rows o ON o.id = n.id,
               public.title_browse_keys(o.title, o.series, o.call_number, o.isbn, o.issn) k
         WHERE (n.title, n.series, n.call_number, n.isbn, n.issn) IS DISTINCT FROM (o.title, o.series, o.call_number, o.isbn, o.issn)
      ) changes
    $sql$ INTO entries;
    EXECUTE $sql$
      SELECT jsonb_agg(e) FROM (
        SELECT jsonb_build_object('word', w.word, 'form', w.form, 'delta', 1) AS e
          FROM new_rows n JOIN old_rows o ON o.id = n.id,
               public.title_words(n.title, n.vernacular_title, n.authors_text, n.subjects_text) w
         WHERE (n.title, n.vernacular_title, n.authors_text, n.subjects_text)
               IS DISTINCT FROM (o.title, o.vernacular_title, o.authors_text, o.subjects_text)
        UNION ALL
        SELECT jsonb_build_object('word', w.word, 'form', w.form, 'delta', -1)
          FROM new_rows n JOIN old_rows o ON o.id = n.id,
               public.title_words(o.title, o.vernacular_title, o.authors_text, o.subjects_text) w
         WHERE (n.title, n.vernacular_title, n.authors_text, n.subjects_text)
               IS DISTINCT FROM (o.title, o.vernacular_title, o.authors_text, o.subjects_text)
      ) changes
    $sql$ INTO words;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('kind', k.kind, 'norm', k.norm, 'authority_id', 0, 'display', NULL, 'delta', -1))
      INTO entries
      FROM old_rows o, public.title_browse_keys(o.title, o.series, o.call_number, o.isbn, o.issn) k;
    SELECT jsonb_agg(jsonb_build_object('word', w.word, 'form', w.form, 'delta', -1))
      INTO words
      FROM old_rows o, public.title_words(o.title, o.vernacular_title, o.authors_text, o.subjects_text) w;
  END IF;
  IF entries IS NOT NULL THEN PERFORM public.browse_apply(entries); END IF;
  IF words IS NOT NULL THEN PERFORM public.search_word_apply(words); END IF;
  RETURN NULL;
END
$$;

-- The counts of the catalogue as it is: every title counted for the whole catalogue (''), and
-- the words of 0.1 % of the titles (at least 500) counted per word.
SELECT public.rebuild_search_term_counts();
ANALYZE title;
ANALYZE search_term_count;
