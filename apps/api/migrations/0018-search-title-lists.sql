-- Searches of frequent words with filters, and of several frequent words, without reading their
-- matches from the title table (decision 0032, docs/search.md "How a search is answered").
-- Finding the 90,000 titles holding "cultura" at a million titles reads 80,000 heap pages
-- (130–180 ms) before anything is counted. The titles of each frequent word are kept as one
-- sorted array per field searched, and the API keeps every title's filter keys in memory, fresh
-- through a per-title version, so such a search reads a few rows and counts in the API.

-- ---------------------------------------------------------------------------------------------
-- Titles of each frequent word (search_term), per scope as search_term_count: '*' any field,
-- 'A' title, 'B' author, 'C' subject, in chunks of 16,384 title ids (`chunk` = id >> 14), so that
-- a write rewrites the small array of its own ids' chunk, not the word's whole list (a batch of
-- 200 new titles touches about 1,500 lists at a million titles: 15 s with whole lists, well under
-- a second in chunks). `changed` takes a new value whenever `ids` changes, so the API may keep what
-- it read until then.
CREATE TABLE search_term_titles (
  lexeme text NOT NULL,
  scope "char" NOT NULL,
  chunk integer NOT NULL,
  ids integer[] NOT NULL,
  changed bigint NOT NULL,
  PRIMARY KEY (lexeme, scope, chunk)
);

-- Keeps search_term_titles current: statement-level, from the transition tables, only for titles
-- whose words changed (a loan changes none); one update per word and scope, in key order.
CREATE FUNCTION public.search_term_titles_sync() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := 'SELECT n.id, n.search_vector AS v, 1 AS sign FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    changed := 'SELECT o.id, o.search_vector AS v, -1 AS sign FROM old_rows o';
  ELSE
    changed := $sql$
      SELECT n.id, n.search_vector AS v, 1 AS sign
        FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_vector IS DISTINCT FROM o.search_vector
      UNION ALL
      SELECT o.id, o.search_vector, -1
        FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_vector IS DISTINCT FROM o.search_vector
    $sql$;
  END IF;
  EXECUTE format($sql$
    WITH changed AS MATERIALIZED (%s), words AS (
      SELECT u.lexeme, s.scope, c.id, c.sign
        FROM changed c
        CROSS JOIN LATERAL unnest(c.v) AS u(lexeme, positions, weights)
        JOIN search_term st ON st.lexeme = u.lexeme
        CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                             WHERE w IN ('A', 'B', 'C')) s(scope)
    ), delta AS MATERIALIZED (
      SELECT lexeme, scope, id >> 14 AS chunk,
             coalesce(array_agg(id ORDER BY id) FILTER (WHERE sign > 0), '{}') AS added,
             coalesce(array_agg(id) FILTER (WHERE sign < 0), '{}') AS removed
        FROM words
       GROUP BY 1, 2, 3
    ), updated AS (
      UPDATE search_term_titles t
         SET ids = ARRAY(SELECT unnest(t.ids) EXCEPT SELECT unnest(d.removed) UNION SELECT unnest(d.added) ORDER BY 1),
             changed = nextval('search_catalogue_version')
        FROM (SELECT * FROM delta ORDER BY 1, 2, 3) d
       WHERE t.lexeme = d.lexeme AND t.scope = d.scope AND t.chunk = d.chunk
      RETURNING t.lexeme, t.scope, t.chunk
    )
    -- A chunk without a row yet (new titles past the last one): only additions can reach it.
    INSERT INTO search_term_titles AS t (lexeme, scope, chunk, ids, changed)
    SELECT d.lexeme, d.scope, d.chunk, d.added, nextval('search_catalogue_version')
      FROM delta d
     WHERE cardinality(d.added) > 0
       AND NOT EXISTS (SELECT FROM updated u WHERE u.lexeme = d.lexeme AND u.scope = d.scope AND u.chunk = d.chunk)
     ORDER BY 1, 2, 3
    ON CONFLICT (lexeme, scope, chunk) DO UPDATE
       SET ids = ARRAY(SELECT unnest(t.ids) UNION SELECT unnest(excluded.ids) ORDER BY 1), changed = excluded.changed
  $sql$, changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER title_search_term_titles_insert AFTER INSERT ON title
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_term_titles_sync();
CREATE TRIGGER title_search_term_titles_update AFTER UPDATE ON title
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_term_titles_sync();
CREATE TRIGGER title_search_term_titles_delete AFTER DELETE ON title
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.search_term_titles_sync();

-- Lists the titles of every frequent word, per scope and chunk, into an empty search_term_titles.
CREATE FUNCTION public.fill_search_term_titles() RETURNS void
  LANGUAGE sql
AS $$
  INSERT INTO search_term_titles (lexeme, scope, chunk, ids, changed)
  SELECT u.lexeme, s.scope, t.id >> 14, array_agg(t.id ORDER BY t.id), nextval('search_catalogue_version')
    FROM title t
    CROSS JOIN LATERAL unnest(t.search_vector) AS u(lexeme, positions, weights)
    JOIN search_term st ON st.lexeme = u.lexeme
    CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                         WHERE w IN ('A', 'B', 'C')) s(scope)
   GROUP BY 1, 2, 3
$$;

-- The rebuild of migration 0016, now also listing the titles of each frequent word.
CREATE OR REPLACE FUNCTION public.rebuild_search_term_counts(min_titles integer DEFAULT NULL) RETURNS integer
  LANGUAGE plpgsql
AS $$
DECLARE
  threshold integer := coalesce(min_titles, public.search_term_min_titles());
BEGIN
  LOCK TABLE search_term_count IN EXCLUSIVE MODE;
  LOCK TABLE search_term_titles IN EXCLUSIVE MODE;
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
  DELETE FROM search_term_titles;
  PERFORM public.fill_search_term_titles();
  PERFORM nextval('search_catalogue_version');
  RETURN (SELECT count(*)::int FROM search_term);
END
$$;

-- The words listed now.
SELECT public.fill_search_term_titles();

-- ---------------------------------------------------------------------------------------------
-- The version of each title's filter keys and year, for the copy the API keeps in memory: a new
-- title, or one whose keys or year change, takes a new catalogue version, and the API reads again
-- the titles whose version is above the one its copy is complete to. NULL: unchanged since this
-- migration. The shared advisory lock is taken first, as search_catalogue_changed() does, so that
-- a version the API reads while no writer holds the lock covers every committed change below it.
ALTER TABLE title ADD COLUMN keys_version bigint;
CREATE INDEX title_keys_version ON title (keys_version) WHERE keys_version IS NOT NULL;

CREATE FUNCTION public.title_keys_version_on_write() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(public.search_catalogue_lock_key());
  NEW.keys_version := nextval('search_catalogue_version');
  RETURN NEW;
END
$$;

-- After title_facets (BEFORE triggers run in name order), which computes the keys of a write.
CREATE TRIGGER title_keys_version_insert BEFORE INSERT ON title
  FOR EACH ROW EXECUTE FUNCTION public.title_keys_version_on_write();
CREATE TRIGGER title_keys_version_update BEFORE UPDATE ON title
  FOR EACH ROW
  WHEN (OLD.facet_keys IS DISTINCT FROM NEW.facet_keys OR OLD.year IS DISTINCT FROM NEW.year)
  EXECUTE FUNCTION public.title_keys_version_on_write();

-- The API reads `keys_version > its version` at every such search: the planner must know the
-- column is nearly all NULL to go through title_keys_version (without statistics it would
-- estimate a third of the titles and read them all).
ANALYZE title (keys_version);
