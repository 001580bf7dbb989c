-- Search aids (docs/search.md): index browse (SPEC §3 index types), did-you-mean and
-- autocomplete. Two tables kept current by statement triggers on title, title_authority and
-- authority, so every writer (import, demo seed, synthetic seed) keeps them right without a
-- rebuild: browse_entry (one row per index entry, with its record count) and search_word (the
-- catalogue's own words with the number of records holding each).

-- Filing form of a heading: accents, case and punctuation ignored, single spaces
-- ("Dom Casmurro: romance" → "dom casmurro romance"; "869.3 A848d" → "869 3 a848d"). The
-- punctuation is named, not taken from a character class, so the result does not depend on the
-- database's locale; the ordinal indicators are written out because only newer unaccent rules do
-- it ("2º grau" → "2o grau" on every server).
CREATE OR REPLACE FUNCTION public.f_filing(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(lower(public.f_unaccent(translate($1, 'ºª', 'oa'))),
    '[[:space:]!-/:-@[-`{-~«»“”‘’„‚‹›–—¿¡…·]+', ' ', 'g'));

-- One row per index entry. norm is the filing form (digits and X for ISBN/ISSN) and sorts
-- byte-wise (COLLATE "C") so PGlite and PostgreSQL browse in the same order whatever their
-- locale. Author and subject entries are authorities (authority_id); the others have 0.
CREATE TABLE browse_entry (
  kind text NOT NULL CHECK (kind IN ('titulo', 'serie', 'autor', 'assunto', 'numero_chamada', 'isbn', 'issn')),
  norm text COLLATE "C" NOT NULL,
  authority_id integer NOT NULL DEFAULT 0,
  display text NOT NULL,
  title_count integer NOT NULL,
  PRIMARY KEY (kind, norm, authority_id)
);
-- Autocomplete: words inside titles, authors and subjects ("casmu" → "Dom Casmurro").
CREATE INDEX browse_entry_words ON browse_entry USING gin (norm gin_trgm_ops)
  WHERE kind IN ('titulo', 'autor', 'assunto');

-- The titles under a title, series or call-number entry.
CREATE INDEX title_filing_title ON title (public.f_filing(title));
CREATE INDEX title_filing_series ON title (public.f_filing(series));
CREATE INDEX title_filing_call_number ON title (public.f_filing(call_number));

-- The words of titles, authors and subjects: word without accents, lower-case; form as first
-- seen (with its accents, for showing a correction); title_count the records holding it.
CREATE TABLE search_word (
  word text PRIMARY KEY,
  form text NOT NULL,
  title_count integer NOT NULL
);
CREATE INDEX search_word_trgm ON search_word USING gin (word gin_trgm_ops);

-- The title, series, call-number, ISBN and ISSN entries of one title (authors and subjects
-- come from its authorities).
CREATE OR REPLACE FUNCTION public.title_browse_keys(title text, series text, call_number text, isbn text[], issn text[])
  RETURNS TABLE (kind text, norm text, display text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT ON (k.kind, k.norm) k.kind, k.norm, k.display FROM (
    SELECT 'titulo', public.f_filing(title), title
    UNION ALL SELECT 'serie', public.f_filing(series), series WHERE series IS NOT NULL
    UNION ALL SELECT 'numero_chamada', public.f_filing(call_number), call_number WHERE call_number IS NOT NULL
    UNION ALL SELECT 'isbn', upper(i), i FROM unnest(isbn) AS i
    UNION ALL SELECT 'issn', replace(upper(i), '-', ''), i FROM unnest(issn) AS i
  ) AS k (kind, norm, display)
  WHERE k.norm <> ''
  ORDER BY k.kind, k.norm, k.display
$$;

-- The vocabulary words of one title: title, vernacular title, authors and subjects, split as
-- the search splits them; numbers left out.
CREATE OR REPLACE FUNCTION public.title_words(title text, vernacular_title text, authors_text text, subjects_text text)
  RETURNS TABLE (word text, form text)
  LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT public.f_unaccent(lexeme), min(lexeme)
    FROM unnest(to_tsvector('simple', concat_ws(' ', title, vernacular_title, authors_text, subjects_text)))
   WHERE lexeme !~ '^[-+.,0-9]*$'
   GROUP BY 1
$$;

-- Adds the changes (kind, norm, authority, display, delta) to browse_entry, in key order so two
-- writers lock rows in the same order; entries left without records go.
CREATE OR REPLACE FUNCTION public.browse_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql
AS $$
BEGIN
  WITH summed AS (
    SELECT c.kind, c.norm COLLATE "C" AS norm, c.authority_id, max(c.display) AS display, sum(c.delta)::int AS delta
      FROM jsonb_to_recordset(changes) AS c (kind text, norm text, authority_id int, display text, delta int)
     GROUP BY 1, 2, 3
  )
  -- Removals carry no display form (''): the entry keeps the one it has. An added record brings
  -- its own form, so the entry shows the form most recently written.
  INSERT INTO browse_entry AS b (kind, norm, authority_id, display, title_count)
  SELECT kind, norm, authority_id, coalesce(display, ''), delta FROM summed
   WHERE delta <> 0 OR display IS NOT NULL
   ORDER BY kind, norm, authority_id
  ON CONFLICT (kind, norm, authority_id) DO UPDATE
    SET title_count = b.title_count + excluded.title_count,
        display = CASE WHEN excluded.display = '' THEN b.display ELSE excluded.display END
    WHERE excluded.title_count <> 0 OR (excluded.display <> '' AND excluded.display <> b.display);
  DELETE FROM browse_entry b
   USING jsonb_to_recordset(changes) AS c (kind text, norm text, authority_id int)
   WHERE b.kind = c.kind AND b.norm = c.norm COLLATE "C" AND b.authority_id = c.authority_id AND b.title_count <= 0;
END
$$;

-- Adds word deltas to search_word, in word order; words left without records go.
CREATE OR REPLACE FUNCTION public.search_word_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql
AS $$
BEGIN
  WITH summed AS (
    SELECT c.word, min(c.form) AS form, sum(c.delta)::int AS delta
      FROM jsonb_to_recordset(changes) AS c (word text, form text, delta int)
     GROUP BY 1
    HAVING sum(c.delta) <> 0
  )
  INSERT INTO search_word AS w (word, form, title_count)
  SELECT word, form, delta FROM summed ORDER BY word
  ON CONFLICT (word) DO UPDATE SET title_count = w.title_count + excluded.title_count;
  DELETE FROM search_word w
   USING jsonb_to_recordset(changes) AS c (word text)
   WHERE w.word = c.word AND w.title_count <= 0;
END
$$;

-- Title rows inserted, updated or deleted: +1 for each entry and word of a new row, -1 for each
-- of an old one (an unchanged re-import nets to nothing).
CREATE OR REPLACE FUNCTION public.title_search_aids_sync() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  entries jsonb;
  words jsonb;
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
    -- Only rows whose indexed columns changed count: updates of other columns (circulation,
    -- result filters) cost a comparison and nothing more.
    SELECT jsonb_agg(e) INTO entries FROM (
      SELECT jsonb_build_object('kind', k.kind, 'norm', k.norm, 'authority_id', 0, 'display', k.display, 'delta', 1) AS e
        FROM new_rows n JOIN old_rows o ON o.id = n.id,
             public.title_browse_keys(n.title, n.series, n.call_number, n.isbn, n.issn) k
       WHERE (n.title, n.series, n.call_number, n.isbn, n.issn) IS DISTINCT FROM (o.title, o.series, o.call_number, o.isbn, o.issn)
      UNION ALL
      SELECT jsonb_build_object('kind', k.kind, 'norm', k.norm, 'authority_id', 0, 'display', NULL, 'delta', -1)
        FROM new_rows n JOIN old_rows o ON o.id = n.id,
             public.title_browse_keys(o.title, o.series, o.call_number, o.isbn, o.issn) k
       WHERE (n.title, n.series, n.call_number, n.isbn, n.issn) IS DISTINCT FROM (o.title, o.series, o.call_number, o.isbn, o.issn)
    ) changes;
    SELECT jsonb_agg(e) INTO words FROM (
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
    ) changes;
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

CREATE TRIGGER title_search_aids_insert AFTER INSERT ON title
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_search_aids_sync();
CREATE TRIGGER title_search_aids_update AFTER UPDATE ON title
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_search_aids_sync();
CREATE TRIGGER title_search_aids_delete AFTER DELETE ON title
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_search_aids_sync();

-- Links between titles and authorities: an author link counts in the author index, a subject link
-- in the subject index (one link per title, authority and role: writer.ts).
CREATE OR REPLACE FUNCTION public.title_authority_browse_sync() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  entries jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO browse_entry AS b (kind, norm, authority_id, display, title_count)
    SELECT CASE l.role WHEN 'author' THEN 'autor' ELSE 'assunto' END, public.f_filing(a.heading), a.id, a.heading,
           count(*)
      FROM new_rows l JOIN authority a ON a.id = l.authority_id
     WHERE public.f_filing(a.heading) <> ''
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3
    ON CONFLICT (kind, norm, authority_id) DO UPDATE SET title_count = b.title_count + excluded.title_count;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(e) INTO entries FROM (
      SELECT jsonb_build_object('kind', CASE l.role WHEN 'author' THEN 'autor' ELSE 'assunto' END,
               'norm', public.f_filing(a.heading), 'authority_id', a.id, 'display', a.heading, 'delta', 1) AS e
        FROM new_rows l JOIN authority a ON a.id = l.authority_id
       WHERE public.f_filing(a.heading) <> ''
      UNION ALL
      SELECT jsonb_build_object('kind', CASE l.role WHEN 'author' THEN 'autor' ELSE 'assunto' END,
               'norm', public.f_filing(a.heading), 'authority_id', a.id, 'display', NULL, 'delta', -1)
        FROM old_rows l JOIN authority a ON a.id = l.authority_id
       WHERE public.f_filing(a.heading) <> ''
    ) changes;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('kind', CASE l.role WHEN 'author' THEN 'autor' ELSE 'assunto' END,
             'norm', public.f_filing(a.heading), 'authority_id', a.id, 'display', NULL, 'delta', -1))
      INTO entries
      FROM old_rows l JOIN authority a ON a.id = l.authority_id
     WHERE public.f_filing(a.heading) <> '';
  END IF;
  IF entries IS NOT NULL THEN PERFORM public.browse_apply(entries); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER title_authority_browse_insert AFTER INSERT ON title_authority
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_authority_browse_sync();
CREATE TRIGGER title_authority_browse_update AFTER UPDATE ON title_authority
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_authority_browse_sync();
CREATE TRIGGER title_authority_browse_delete AFTER DELETE ON title_authority
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_authority_browse_sync();

-- An authority record imported over a heading made from bibliographic records may change its
-- display form (and, rarely, its filing form): its entries follow.
CREATE OR REPLACE FUNCTION public.authority_browse_sync() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE browse_entry SET norm = public.f_filing(NEW.heading), display = NEW.heading
   WHERE authority_id = NEW.id AND kind IN ('autor', 'assunto');
  RETURN NULL;
END
$$;

CREATE TRIGGER authority_browse_heading AFTER UPDATE OF heading ON authority
  FOR EACH ROW WHEN (OLD.heading IS DISTINCT FROM NEW.heading) EXECUTE FUNCTION public.authority_browse_sync();

-- Rebuilds both tables from the catalogue (this migration, and a repair after bulk SQL that
-- bypassed the triggers).
CREATE OR REPLACE FUNCTION public.rebuild_search_aids() RETURNS void
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM browse_entry;
  DELETE FROM search_word;
  INSERT INTO browse_entry (kind, norm, authority_id, display, title_count)
  SELECT k.kind, k.norm, 0, min(k.display), count(*)
    FROM title t, public.title_browse_keys(t.title, t.series, t.call_number, t.isbn, t.issn) k
   GROUP BY k.kind, k.norm;
  INSERT INTO browse_entry (kind, norm, authority_id, display, title_count)
  SELECT CASE l.role WHEN 'author' THEN 'autor' ELSE 'assunto' END, public.f_filing(a.heading), a.id, a.heading, count(*)
    FROM title_authority l JOIN authority a ON a.id = l.authority_id
   WHERE public.f_filing(a.heading) <> ''
   GROUP BY 1, 2, 3, 4;
  INSERT INTO search_word (word, form, title_count)
  SELECT w.word, min(w.form), count(*)
    FROM title t, public.title_words(t.title, t.vernacular_title, t.authors_text, t.subjects_text) w
   GROUP BY w.word;
END
$$;

SELECT public.rebuild_search_aids();
