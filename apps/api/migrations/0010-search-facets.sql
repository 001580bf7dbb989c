-- Result filters (SPEC §4) precomputed per title: `facet_keys` holds one `TYPE:value` key for every
-- filter value the title has ('T:LIVRO', 'Y:1899', 'I:por', 'B:3', 'D:S', 'A:812' …), so a search
-- counts its filters in one pass over the matched titles (unnest + GROUP BY) and applies them
-- with `facet_keys && ARRAY[…]` on a GIN index, without joining copies, authorities or teaching
-- plans per query. docs/decisions/0020-result-filters.md says what each type means.
--
-- Keeping it current: a title computes the keys of its own columns when written (trigger below);
-- a change to its copies, authorities, online links or teaching plans marks it stale, and a
-- deferred trigger recomputes the stale titles once, when the transaction commits.
-- refresh_title_facets(ids) recomputes on demand (all titles when ids is null).

ALTER TABLE title ADD COLUMN facet_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX title_facet_keys_gin ON title USING gin (facet_keys);

-- Relevance (docs/search.md "Ranking"): what the typed text is compared with to find an exact
-- title or an exact author, ignoring accents, case, spaces and punctuation ("Grande sertão: veredas"
-- is the title "Grande sertão : veredas"). Null when nothing is left.
CREATE FUNCTION public.f_match_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN nullif(regexp_replace(public.f_norm($1), '[[:space:][:punct:]«»“”‘’„—–…¿¡·]+', '', 'g'), '');

-- The keys of an author heading without its dates or fuller form, as written and, for an
-- inverted personal name, in direct order: "Assis, Machado de, 1839-1908" → assismachadode,
-- machadodeassis.
CREATE FUNCTION public.f_author_keys(name text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    bare text := regexp_replace(regexp_replace(name, '\s*\([^)]*\)', '', 'g'),
      ',?\s*(approximately\s*|active\s*|ca\.\s*|b\.\s*|d\.\s*|fl\.\s*)?[0-9]{3,4}\??-?([0-9]{3,4}\??)?\.?\s*$', '');
  BEGIN
    RETURN array_remove(ARRAY[
      public.f_match_key(bare),
      CASE WHEN bare ~ '^[^,]+,[^,]+$'
        THEN public.f_match_key(split_part(bare, ',', 2) || ' ' || split_part(bare, ',', 1)) END
    ], NULL);
  END
  $$;

ALTER TABLE title
  ADD COLUMN title_key text GENERATED ALWAYS AS (public.f_match_key(title)) STORED,
  -- The title proper: the title without what follows " : ", " = ", " / " or " ; ".
  ADD COLUMN title_proper_key text GENERATED ALWAYS AS
    (public.f_match_key(regexp_replace(title, '\s+[:=/;]\s.*$', ''))) STORED,
  ADD COLUMN author_keys text[] GENERATED ALWAYS AS (public.f_author_keys(main_author)) STORED;

-- A text filter value (series, place, publisher, loan type, location): spaces collapsed, at most
-- 200 characters; null when empty.
CREATE FUNCTION public.f_facet_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN nullif(left(btrim(regexp_replace($1, '\s+', ' ', 'g')), 200), '');

-- P and E: a place or publisher, leaving out the cataloguer's "no place" / "no publisher" marks
-- ([S.l.], [s.n.], "place of publication not identified" …), which are no value to filter by.
CREATE FUNCTION public.f_imprint_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN CASE
    WHEN $1 ~* '^\s*\[?\s*s\.?\s*[ln]\.?\s*\]?\s*$|not identified|n[aã]o identificad|no identificad|sine (loco|nomine)'
      THEN NULL
    ELSE public.f_facet_text($1)
  END;

-- K: the area of a classification: the hundreds of a DDC/UDC class ('869.3' → '800'), from 082/080,
-- else from a call number that starts with three digits; else the main class letter of an LC call
-- number ('PQ9697.M3' → 'P'). Null when neither applies.
CREATE FUNCTION public.f_class_area(classification text, call_number text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN btrim(classification) ~ '^[0-9]' THEN left(btrim(classification), 1) || '00'
    WHEN btrim(call_number) ~ '^[0-9]{3}' THEN left(btrim(call_number), 1) || '00'
    WHEN btrim(call_number) ~ '^[A-HJ-NP-VZ][A-Z]{0,2} ?[0-9]' THEN left(btrim(call_number), 1)
  END;

-- Form of item of a stored MARC record: 008/23 (008/29 for maps and visual materials).
CREATE FUNCTION public.f_marc_form(marc jsonb) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
  BEGIN
    RETURN (
      SELECT nullif(substr(f ->> 'value',
               CASE WHEN substr(marc ->> 'leader', 7, 1) IN ('e', 'f', 'g', 'k', 'o', 'r') THEN 30 ELSE 24 END, 1), ' ')
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(marc -> 'fields') = 'array' THEN marc -> 'fields' END) f
       WHERE f ->> 'tag' = '008'
       LIMIT 1);
  END
  $$;

-- M: the medium (carrier) of a title, from its work type, online access, the form of item and
-- the words of its physical description and notes.
-- (The functions called per title are plpgsql, or plain SQL expressions the planner inlines: a
-- non-inlined SQL function costs far more per call.)
CREATE FUNCTION public.f_medium_keys(work_type text, remote_access text, description text, form text)
  RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
  DECLARE
    words text := lower(public.f_unaccent(coalesce(description, '')));
    braille boolean := words ~ '\mbraille\M' OR coalesce(form = 'f', false);
    large boolean := words ~ '(fonte|letra|tipos?) ampliad|large print|macrotipo' OR coalesce(form = 'd', false);
    micro boolean := words ~ '\mmicrof(ilm|ich|orm)' OR coalesce(form IN ('a', 'b', 'c'), false);
  BEGIN
    RETURN array_remove(ARRAY[
      CASE WHEN braille THEN 'M:braille' END,
      CASE WHEN large THEN 'M:ampliado' END,
      CASE WHEN micro THEN 'M:microforma' END,
      CASE WHEN work_type IN ('AUDIOLIVRO', 'GRAVACAO_SONORA', 'MUSICA_GRAVADA') OR words ~ '\mdaisy\M'
        THEN 'M:audio' END,
      CASE WHEN work_type = 'VIDEO' THEN 'M:video' END,
      CASE WHEN remote_access = 'cr' OR work_type = 'EBOOK' OR form = 'o' THEN 'M:online' END,
      CASE WHEN work_type = 'ARQUIVO_COMPUTADOR' OR form IN ('q', 's') THEN 'M:digital' END,
      CASE WHEN work_type IN ('LIVRO', 'PERIODICO', 'TESE', 'ARTIGO', 'PARTITURA', 'MAPA')
             AND NOT (braille OR large OR micro) AND coalesce(form, '') NOT IN ('o', 'q', 's')
        THEN 'M:impresso' END
    ], NULL);
  END
  $$;

-- Keys as stored: each once, in order.
CREATE FUNCTION public.f_key_set(keys text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
  BEGIN
    RETURN ARRAY(SELECT DISTINCT k FROM unnest(keys) k WHERE k IS NOT NULL ORDER BY k);
  END
  $$;

-- The keys a title's own columns give (an expression the planner inlines).
CREATE FUNCTION public.title_own_facet_keys(work_type text, year integer, language text, knowledge_area_id integer,
    classification text, call_number text, series text, publication_place text, publisher text, cover_url text,
    remote_access text, is_accessible boolean, physical_description text, notes text[], marc jsonb)
  RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT ARRAY[
      'T:' || work_type,
      'Y:' || coalesce(year::text, 'sem-data'),
      'I:' || language,
      'R:' || knowledge_area_id,
      'K:' || public.f_class_area(classification, call_number),
      'C:' || public.f_facet_text(regexp_replace(series, '\s*;.*$', '')),
      'P:' || public.f_imprint_text(publication_place),
      'E:' || public.f_imprint_text(publisher),
      CASE WHEN nullif(cover_url, '') IS NOT NULL THEN 'X:C' END,
      CASE WHEN remote_access = 'cr' THEN 'X:O' END,
      CASE WHEN is_accessible THEN 'X:A' END
    ] || public.f_medium_keys(work_type, remote_access,
           coalesce(physical_description, '') || ' ' || public.f_join(notes), public.f_marc_form(marc))
  $$;

-- The keys a title has through other tables: copies (B library, U campus, D available now, O loan
-- type, L location), authorities (A author; S subject, N name or work as subject, G geographic
-- subject, F genre/form), online links (X:O, M:online) and teaching plans (NA_C course).
CREATE FUNCTION public.title_linked_facet_keys(for_title integer) RETURNS text[]
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
  BEGIN
    RETURN ARRAY(
      SELECT unnest(ARRAY[
               'B:' || c.library_id,
               'U:' || l.campus_id,
               CASE WHEN c.status = 'disponivel' THEN 'D:S' END,
               'O:' || public.f_facet_text(c.loan_type),
               -- MFHD holdings append the call number after a dash: the location is what precedes it.
               'L:' || public.f_facet_text(split_part(c.location, ' — ', 1))
             ])
        FROM copy c JOIN library l ON l.id = c.library_id
       WHERE c.title_id = for_title
      UNION ALL
      SELECT CASE
               WHEN ta.role = 'author' THEN 'A:'
               WHEN a.type IN ('assunto_geografico', 'subdivisao_geografica') THEN 'G:'
               WHEN a.type IN ('genero_forma', 'subdivisao_genero_forma') THEN 'F:'
               WHEN a.type IN ('pessoa', 'instituicao', 'evento', 'titulo_uniforme') THEN 'N:'
               ELSE 'S:'
             END || a.id
        FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
       WHERE ta.title_id = for_title
      UNION ALL
      SELECT unnest(ARRAY['X:O', 'M:online']) FROM online_link o WHERE o.title_id = for_title
      UNION ALL
      SELECT 'NA_C:' || p.course_id
        FROM teaching_plan_title pt JOIN teaching_plan p ON p.id = pt.plan_id
       WHERE pt.title_id = for_title);
  END
  $$;

-- Every key of a title, as stored.
CREATE FUNCTION public.title_facet_keys(t title) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT public.f_key_set(public.title_own_facet_keys(t.work_type, t.year, t.language, t.knowledge_area_id,
             t.classification, t.call_number, t.series, t.publication_place, t.publisher, t.cover_url, t.remote_access,
             t.is_accessible, t.physical_description, t.notes, t.marc)
           || public.title_linked_facet_keys(t.id))
  $$;

-- Recomputes the keys of the given titles (every title when ids is null); answers how many changed.
CREATE FUNCTION public.refresh_title_facets(ids integer[] DEFAULT NULL) RETURNS integer
  LANGUAGE sql
  AS $$
    WITH fresh AS MATERIALIZED (
      SELECT t.id, public.title_facet_keys(t) AS keys FROM title t WHERE ids IS NULL OR t.id = ANY (ids)
    ), changed AS (
      UPDATE title t SET facet_keys = fresh.keys FROM fresh
       WHERE t.id = fresh.id AND t.facet_keys IS DISTINCT FROM fresh.keys
      RETURNING 1
    )
    SELECT count(*)::int FROM changed
  $$;

-- A new title has no copies, authorities or plans yet: its own columns give all its keys. An update
-- of the columns the keys read recomputes them all.
CREATE FUNCTION public.title_facets_on_write() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.facet_keys := public.f_key_set(
      public.title_own_facet_keys(NEW.work_type, NEW.year, NEW.language, NEW.knowledge_area_id, NEW.classification,
        NEW.call_number, NEW.series, NEW.publication_place, NEW.publisher, NEW.cover_url, NEW.remote_access,
        NEW.is_accessible, NEW.physical_description, NEW.notes, NEW.marc)
      || CASE WHEN TG_OP = 'INSERT' THEN '{}'::text[] ELSE public.title_linked_facet_keys(NEW.id) END);
    RETURN NEW;
  END
  $$;
CREATE TRIGGER title_facets BEFORE INSERT OR UPDATE OF work_type, year, language, knowledge_area_id, classification,
  call_number, series, publication_place, publisher, cover_url, remote_access, is_accessible, physical_description,
  notes, marc
  ON title FOR EACH ROW EXECUTE FUNCTION public.title_facets_on_write();

-- Titles whose keys wait for the end of their transaction; a title is listed once however many of
-- its rows change, and recomputed once.
CREATE TABLE title_facet_stale (
  title_id integer PRIMARY KEY
);

CREATE FUNCTION public.mark_title_facets_stale(ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO title_facet_stale (title_id)
    SELECT DISTINCT id FROM unnest(ids) id WHERE id IS NOT NULL
    ON CONFLICT DO NOTHING
  $$;

-- At commit the first stale title refreshes every stale title of the transaction in one statement
-- (set-based, so a bulk load pays one pass); the triggers of the others find their row gone.
CREATE FUNCTION public.title_facets_refresh_stale() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids integer[];
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM title_facet_stale WHERE title_id = NEW.title_id) THEN
      RETURN NULL;
    END IF;
    WITH gone AS (DELETE FROM title_facet_stale RETURNING title_id)
    SELECT array_agg(title_id) INTO ids FROM gone;
    PERFORM public.refresh_title_facets(ids);
    RETURN NULL;
  END
  $$;
CREATE CONSTRAINT TRIGGER title_facet_stale_refresh AFTER INSERT ON title_facet_stale
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.title_facets_refresh_stale();

-- Rows that name a title (copy, title_authority, online_link, teaching_plan_title) mark it stale.
CREATE FUNCTION public.title_facets_mark_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM public.mark_title_facets_stale(ARRAY[NEW.title_id]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM public.mark_title_facets_stale(ARRAY[OLD.title_id]);
    ELSE
      PERFORM public.mark_title_facets_stale(ARRAY[OLD.title_id, NEW.title_id]);
    END IF;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER copy_facets AFTER INSERT OR DELETE OR UPDATE OF title_id, library_id, status, loan_type, location
  ON copy FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();
CREATE TRIGGER title_authority_facets AFTER INSERT OR DELETE OR UPDATE
  ON title_authority FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();
CREATE TRIGGER online_link_facets AFTER INSERT OR DELETE OR UPDATE OF title_id
  ON online_link FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();
CREATE TRIGGER teaching_plan_title_facets AFTER INSERT OR DELETE OR UPDATE
  ON teaching_plan_title FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();

-- An authority whose type changes moves its titles' keys between S, N, G and F.
CREATE FUNCTION public.authority_facets_mark() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.mark_title_facets_stale(ARRAY(SELECT title_id FROM title_authority WHERE authority_id = NEW.id));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER authority_facets AFTER UPDATE OF type ON authority
  FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION public.authority_facets_mark();

-- A teaching plan moved to another course moves its titles' NA_C keys.
CREATE FUNCTION public.teaching_plan_facets_mark() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.mark_title_facets_stale(ARRAY(SELECT title_id FROM teaching_plan_title WHERE plan_id = NEW.id));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER teaching_plan_facets AFTER UPDATE OF course_id ON teaching_plan
  FOR EACH ROW WHEN (OLD.course_id IS DISTINCT FROM NEW.course_id) EXECUTE FUNCTION public.teaching_plan_facets_mark();

-- A library moved to another campus moves the U keys of the titles it holds.
CREATE FUNCTION public.library_facets_mark() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.mark_title_facets_stale(ARRAY(SELECT DISTINCT title_id FROM copy WHERE library_id = NEW.id));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER library_facets AFTER UPDATE OF campus_id ON library
  FOR EACH ROW WHEN (OLD.campus_id IS DISTINCT FROM NEW.campus_id) EXECUTE FUNCTION public.library_facets_mark();

-- Positional operators of the advanced search (docs/search.md): `a` then `b` within n words, in
-- order, as the tsquery (a <1> b) | (a <2> b) | … | (a <n> b).
CREATE FUNCTION public.f_tsquery_within(a tsquery, b tsquery, n integer) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  DECLARE
    q tsquery := tsquery_phrase(a, b, 1);
  BEGIN
    FOR d IN 2..n LOOP
      q := q || tsquery_phrase(a, b, d);
    END LOOP;
    RETURN q;
  END
  $$;

-- A tsquery whose every word must carry the weight w (A title, B author, C subject, D the rest).
CREATE FUNCTION public.f_tsquery_weight(q tsquery, w text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN CASE WHEN numnode(q) = 0 THEN q
              ELSE regexp_replace(q::text, '(''(?:[^'']|'''')*'')', '\1:' || w, 'g')::tsquery END;

-- A tsquery matched inside one field: every word of a match carries the same weight.
CREATE FUNCTION public.f_tsquery_same_field(q tsquery) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN public.f_tsquery_weight(q, 'A') || public.f_tsquery_weight(q, 'B') || public.f_tsquery_weight(q, 'C')
    || public.f_tsquery_weight(q, 'D');

-- Titles already in the catalogue.
SELECT public.refresh_title_facets();
