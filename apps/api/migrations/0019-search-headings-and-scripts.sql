-- Two search defects (docs/search.md "What is indexed", decision 0037):
-- 1. Phrases crossed from one heading to the next: subjects kept as one text ("Sociedade ;
--    Metodologia") made the last word of a heading adjacent to the first of the next. Now every
--    heading (each title, author and subject) is indexed on its own, the next one starting
--    HEADING_GAP positions after the previous one's last word.
-- 2. Original-script fields (880) were searched only by free search (and the 245's in titles):
--    each 880 is now also searched in the field of the tag its $6 links to (100/700 author, 6XX
--    subject, 245/246 title).
-- The vectors of existing titles and network records are computed again; the kept counts and word
-- lists change only for the records whose 880s moved into a field.

-- ---------------------------------------------------------------------------------------------
-- Several headings as one vector. `a || b` puts b's first word right after a's last, so between
-- two headings a placeholder lexeme (' ', which no text can give) sits 10 positions on, and is
-- deleted at the end: the first word of a heading is 11 positions after the last of the one
-- before. The widest distance a search asks for is NEAR_WORDS (5, ANTES / DEPOIS; a phrase and
-- PROX ask for 1), so no phrase or proximity reaches from one heading into the next.
-- (tsvector positions stop at 16,383: about 750 headings of ten words.)
CREATE FUNCTION public.f_headings_vector(config regconfig, headings text[]) RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  result tsvector := '';
  heading text;
BEGIN
  FOREACH heading IN ARRAY coalesce(headings, '{}') LOOP
    CONTINUE WHEN heading IS NULL;
    IF length(result) > 0 THEN
      result := result || $gap$' ':10$gap$::tsvector;
    END IF;
    result := result || to_tsvector(config, public.f_unaccent(heading));
  END LOOP;
  RETURN ts_delete(result, ' ');
END
$$;

-- ---------------------------------------------------------------------------------------------
-- The 880s of a record searched in a field ('A' title, 'B' author, 'C' subject), by the tag of
-- their $6, with the subfields the linked field is read with: the rule of linkedScriptsOf in
-- packages/marc (which fills these columns on every import), for records already stored.
CREATE FUNCTION public.f_linked_scripts(marc jsonb, field "char", has_vernacular_title boolean) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(x.text ORDER BY f.n), '{}')
    FROM jsonb_array_elements(marc -> 'fields') WITH ORDINALITY AS f(value, n)
    CROSS JOIN LATERAL (
      SELECT substr(s.value ->> 'value', 1, 3) AS tag
        FROM jsonb_array_elements(f.value -> 'subfields') WITH ORDINALITY AS s(value, k)
       WHERE s.value ->> 'code' = '6'
       ORDER BY s.k LIMIT 1) link
    CROSS JOIN LATERAL (
      SELECT string_agg(btrim(s.value ->> 'value'), ' ' ORDER BY s.k) AS text
        FROM jsonb_array_elements(f.value -> 'subfields') WITH ORDINALITY AS s(value, k)
       WHERE btrim(s.value ->> 'value') <> ''
         AND CASE
               WHEN link.tag IN ('245', '246') THEN s.value ->> 'code' IN ('a', 'b', 'n', 'p')
               WHEN link.tag IN ('100', '700') THEN s.value ->> 'code' IN ('a', 'b', 'c', 'q', 'd')
               WHEN link.tag IN ('110', '710') THEN s.value ->> 'code' IN ('a', 'b', 'c', 'd', 'g', 'n')
               WHEN link.tag IN ('111', '711') THEN s.value ->> 'code' IN ('a', 'c', 'd', 'e', 'g', 'n', 'q')
               ELSE s.value ->> 'code' !~ '^[0-9]$'
                    AND s.value ->> 'code' <> CASE link.tag WHEN '611' THEN 'j' WHEN '653' THEN '' ELSE 'e' END
             END) x
   WHERE f.value ->> 'tag' = '880'
     AND x.text IS NOT NULL
     AND CASE field
           WHEN 'A' THEN link.tag = '246' OR (link.tag = '245' AND NOT has_vernacular_title)
           WHEN 'B' THEN link.tag IN ('100', '110', '111', '700', '710', '711')
           WHEN 'C' THEN link.tag IN ('600', '610', '611', '630', '648', '650', '651', '653', '655')
           ELSE false
         END
$$;

ALTER TABLE title
  ADD COLUMN vernacular_titles text[] NOT NULL DEFAULT '{}',
  ADD COLUMN vernacular_authors text[] NOT NULL DEFAULT '{}',
  ADD COLUMN vernacular_subjects text[] NOT NULL DEFAULT '{}';
ALTER TABLE network_record
  ADD COLUMN vernacular_titles text[] NOT NULL DEFAULT '{}',
  ADD COLUMN vernacular_authors text[] NOT NULL DEFAULT '{}',
  ADD COLUMN vernacular_subjects text[] NOT NULL DEFAULT '{}';

-- ---------------------------------------------------------------------------------------------
-- The vectors again (PostgreSQL 15 cannot change a generated column's expression: drop and add,
-- one rewrite of the table), with their indexes (migrations 0001, 0014 and 0016). Authors and
-- subjects are stored joined by ' ; ' (catalogue writer, synthetic seed): each part is a heading.
ALTER TABLE title DROP COLUMN search_vector, DROP COLUMN stem_vector;
ALTER TABLE network_record DROP COLUMN search_vector, DROP COLUMN stem_vector;

-- The records with an 880 linked to a title, author or subject field get their columns (the others
-- keep '{}'). They are written between dropping the old vectors and adding the new ones, so the
-- update writes no vector and no search index entry (written afterwards, 880s included, the update
-- cost 12 ms a title on a busy 2-core machine); the statement triggers of the kept counts, which
-- read the vectors, are left out of it, and the counts are made right below. So is the trigger of
-- the search aids (browse entries, words for "did you mean"), which none of these columns feed:
-- its comparison of the old and new rows took 30 s for 6,000 titles.
CREATE TEMPORARY TABLE linked_scripts ON COMMIT DROP AS
SELECT id, titles, authors, subjects
  FROM (SELECT id,
               public.f_linked_scripts(marc, 'A', vernacular_title IS NOT NULL) AS titles,
               public.f_linked_scripts(marc, 'B', false) AS authors,
               public.f_linked_scripts(marc, 'C', false) AS subjects
          FROM title
         WHERE marc -> 'fields' @> '[{"tag": "880"}]') s
 WHERE titles <> '{}' OR authors <> '{}' OR subjects <> '{}';
-- (A temporary table has no statistics until analysed: the update would scan it once per title.)
ANALYZE linked_scripts;
ALTER TABLE title DISABLE TRIGGER title_search_term_count_update;
ALTER TABLE title DISABLE TRIGGER title_search_term_titles_update;
ALTER TABLE title DISABLE TRIGGER title_search_aids_update;
UPDATE title t
   SET vernacular_titles = l.titles, vernacular_authors = l.authors, vernacular_subjects = l.subjects
  FROM linked_scripts l
 WHERE t.id = l.id;
ALTER TABLE title ENABLE TRIGGER title_search_term_count_update;
ALTER TABLE title ENABLE TRIGGER title_search_term_titles_update;
ALTER TABLE title ENABLE TRIGGER title_search_aids_update;
UPDATE network_record r
   SET vernacular_titles = s.titles, vernacular_authors = s.authors, vernacular_subjects = s.subjects
  FROM (SELECT id,
               public.f_linked_scripts(marc, 'A', vernacular_title IS NOT NULL) AS titles,
               public.f_linked_scripts(marc, 'B', false) AS authors,
               public.f_linked_scripts(marc, 'C', false) AS subjects
          FROM network_record
         WHERE marc -> 'fields' @> '[{"tag": "880"}]') s
 WHERE r.id = s.id AND (s.titles <> '{}' OR s.authors <> '{}' OR s.subjects <> '{}');

-- The new vectors.
ALTER TABLE title
  -- Exact words, weighted: title A > author B > subject C > the rest D.
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(public.f_headings_vector('simple', ARRAY[title, vernacular_title] || vernacular_titles), 'A') ||
    setweight(public.f_headings_vector('simple', string_to_array(authors_text, ' ; ') || vernacular_authors), 'B') ||
    setweight(public.f_headings_vector('simple', string_to_array(subjects_text, ' ; ') || vernacular_subjects), 'C') ||
    setweight(to_tsvector('simple', public.f_unaccent(
      coalesce(series, '') || ' ' || coalesce(publisher, '') || ' ' || coalesce(publication_place, '') || ' ' ||
      extra_search)), 'D')
  ) STORED,
  -- Stemmed words in the record's own language, for the similar-words search.
  ADD COLUMN stem_vector tsvector GENERATED ALWAYS AS (
    setweight(public.f_headings_vector(ts_config, ARRAY[title, vernacular_title] || vernacular_titles), 'A') ||
    setweight(public.f_headings_vector(ts_config, string_to_array(authors_text, ' ; ') || vernacular_authors), 'B') ||
    setweight(public.f_headings_vector(ts_config, string_to_array(subjects_text, ' ; ') || vernacular_subjects), 'C') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(extra_search)), 'D')
  ) STORED;
CREATE INDEX title_search_gin ON title USING gin (search_vector) WITH (fastupdate = off);
CREATE INDEX title_stem_gin ON title USING gin (stem_vector) WITH (fastupdate = off);
CREATE INDEX title_search_a ON title USING gin (ts_filter(search_vector, '{a}')) WITH (fastupdate = off);
CREATE INDEX title_search_b ON title USING gin (ts_filter(search_vector, '{b}')) WITH (fastupdate = off);
CREATE INDEX title_search_c ON title USING gin (ts_filter(search_vector, '{c}')) WITH (fastupdate = off);

ALTER TABLE network_record
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(public.f_headings_vector('simple', ARRAY[title, vernacular_title] || vernacular_titles), 'A') ||
    setweight(public.f_headings_vector('simple', authors || vernacular_authors), 'B') ||
    setweight(public.f_headings_vector('simple', subjects || vernacular_subjects), 'C') ||
    setweight(to_tsvector('simple', public.f_unaccent(
      coalesce(series, '') || ' ' || coalesce(publisher, '') || ' ' || coalesce(publication_place, '') || ' ' ||
      extra_search)), 'D')
  ) STORED,
  ADD COLUMN stem_vector tsvector GENERATED ALWAYS AS (
    setweight(public.f_headings_vector(ts_config, ARRAY[title, vernacular_title] || vernacular_titles), 'A') ||
    setweight(public.f_headings_vector(ts_config, authors || vernacular_authors), 'B') ||
    setweight(public.f_headings_vector(ts_config, subjects || vernacular_subjects), 'C') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(extra_search)), 'D')
  ) STORED;
CREATE INDEX network_record_search_gin ON network_record USING gin (search_vector) WITH (fastupdate = off);
CREATE INDEX network_record_stem_gin ON network_record USING gin (stem_vector) WITH (fastupdate = off);

-- ---------------------------------------------------------------------------------------------
-- The kept counts and word lists (search_term_count, search_term_titles) hold which words each
-- title has in which field, not where: the new vectors have the same words with the same weights
-- as before, only their positions moved, except where 880s moved into a field. When some did, the
-- counts of the words listed now are recounted (the list itself is kept: it may have been chosen
-- with `estante search-stats --min-titles`); otherwise nothing changed. The whole catalogue's
-- counts (the empty word) do not depend on words.
DO $$
BEGIN
  IF EXISTS (SELECT FROM linked_scripts) THEN
    PERFORM set_config('work_mem', '256MB', true);
    DELETE FROM search_term_count WHERE lexeme <> '';
    INSERT INTO search_term_count (lexeme, scope, key, n)
    SELECT u.lexeme, s.scope, k.key, count(*)::int
      FROM title t
      CROSS JOIN LATERAL unnest(t.search_vector) AS u(lexeme, positions, weights)
      JOIN search_term st ON st.lexeme = u.lexeme
      CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                           WHERE w IN ('A', 'B', 'C')) s(scope)
      CROSS JOIN LATERAL unnest(t.facet_keys || '{#}'::text[]) AS k(key)
     GROUP BY 1, 2, 3;
    DELETE FROM search_term_titles;
    PERFORM public.fill_search_term_titles();
  END IF;
END
$$;

-- The catalogue version moves, so no count kept before the migration is used again.
SELECT nextval('search_catalogue_version');
ANALYZE title;
ANALYZE network_record;
