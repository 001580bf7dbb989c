-- Bulk import (decision 0072, amended): the triggers on the rows that name a title (copies,
-- authority links, online links) did, for every row, work a statement can do once.
--
-- * A copy inserted or deleted moved its title's OAI datestamp (migration 0039) with one UPDATE of
--   title per copy. Even when it touched no row (a title catalogued in the same transaction already
--   carries its time), each of those UPDATEs ran the title's statement-level triggers (search aids,
--   kept counts, frequent-word lists): measured over the shared MARC files into PostgreSQL, 16,443
--   such UPDATEs took 52 of the import's 123 s. Now one trigger per statement moves the datestamps
--   of the titles its rows name, and only when a title needs it, so an import's copies run the
--   title's triggers not at all.
-- * Inserting or deleting a copy, an authority link or an online link marked its title stale with
--   one statement per row (40,881 over the same files); now one per statement, from the rows it
--   wrote (transition tables).
-- * The refresh at commit computed each stale title's linked keys with queries of its own
--   (title_linked_facet_keys, one per title); it now reads them for every stale title in one query
--   per table (titles_linked_facet_keys), built with the same key functions (migration 0044).
--
-- Updates keep their row triggers: they name the columns that matter (UPDATE OF …), which a
-- trigger with transition tables may not, and imports rarely update copies.

-- A copy added or removed changes its title's library sets (migration 0039).
CREATE FUNCTION oai_copies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT title_id) INTO ids FROM new_rows;
  ELSE
    SELECT array_agg(DISTINCT title_id) INTO ids FROM old_rows;
  END IF;
  -- No UPDATE statement (and so none of the title's statement triggers) when every title already
  -- carries this transaction's time, as a title catalogued with its copies does.
  IF EXISTS (SELECT 1 FROM title WHERE id = ANY (ids) AND datestamp <> now()) THEN
    UPDATE title SET datestamp = now() WHERE id = ANY (ids) AND datestamp <> now();
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION oai_copy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE title SET datestamp = now() WHERE id IN (OLD.title_id, NEW.title_id) AND datestamp <> now();
  RETURN NULL;
END $$;

DROP TRIGGER copy_oai_datestamp ON copy;
CREATE TRIGGER copy_oai_datestamp AFTER UPDATE OF library_id, title_id ON copy
  FOR EACH ROW EXECUTE FUNCTION oai_copy_changed();
CREATE TRIGGER copy_oai_datestamp_insert AFTER INSERT ON copy
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oai_copies_changed();
CREATE TRIGGER copy_oai_datestamp_delete AFTER DELETE ON copy
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oai_copies_changed();

-- Rows inserted or deleted by one statement mark their titles stale at once (migration 0010).
CREATE FUNCTION public.title_facets_mark_rows() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM public.mark_title_facets_stale(ARRAY(SELECT title_id FROM new_rows));
    ELSE
      PERFORM public.mark_title_facets_stale(ARRAY(SELECT title_id FROM old_rows));
    END IF;
    RETURN NULL;
  END
  $$;

DROP TRIGGER copy_facets ON copy;
CREATE TRIGGER copy_facets AFTER UPDATE OF title_id, library_id, status, loan_type, location
  ON copy FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();
CREATE TRIGGER copy_facets_insert AFTER INSERT ON copy
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_facets_mark_rows();
CREATE TRIGGER copy_facets_delete AFTER DELETE ON copy
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_facets_mark_rows();

DROP TRIGGER title_authority_facets ON title_authority;
CREATE TRIGGER title_authority_facets AFTER UPDATE
  ON title_authority FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();
CREATE TRIGGER title_authority_facets_insert AFTER INSERT ON title_authority
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_facets_mark_rows();
CREATE TRIGGER title_authority_facets_delete AFTER DELETE ON title_authority
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_facets_mark_rows();

DROP TRIGGER online_link_facets ON online_link;
CREATE TRIGGER online_link_facets AFTER UPDATE OF title_id
  ON online_link FOR EACH ROW EXECUTE FUNCTION public.title_facets_mark_row();
CREATE TRIGGER online_link_facets_insert AFTER INSERT ON online_link
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_facets_mark_rows();
CREATE TRIGGER online_link_facets_delete AFTER DELETE ON online_link
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.title_facets_mark_rows();

-- The keys the given titles have through other tables, as title_linked_facet_keys gives them one
-- title at a time (migration 0044), for all of them in one query per table; a title without any
-- has no row.
CREATE FUNCTION public.titles_linked_facet_keys(ids integer[]) RETURNS TABLE (title_id integer, keys text[])
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT k.title_id, array_agg(k.key)
      FROM (SELECT c.title_id,
                   unnest(public.copy_facet_keys(c.library_id, l.campus_id, c.status, c.loan_type, c.location)) AS key
              FROM copy c JOIN library l ON l.id = c.library_id
             WHERE c.title_id = ANY (ids)
            UNION ALL
            SELECT ta.title_id, public.authority_facet_key(ta.role, a.type, a.id)
              FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
             WHERE ta.title_id = ANY (ids)
            UNION ALL
            SELECT o.title_id, unnest(ARRAY['X:O', 'M:online']) FROM online_link o WHERE o.title_id = ANY (ids)
            UNION ALL
            SELECT pt.title_id, 'NA_C:' || p.course_id
              FROM teaching_plan_title pt JOIN teaching_plan p ON p.id = pt.plan_id
             WHERE pt.title_id = ANY (ids)) k
     GROUP BY k.title_id
  $$;

-- As in migration 0016, but the keys of the given titles are computed together: their own columns
-- as title_facet_keys reads them, and their linked keys in one query per table.
CREATE OR REPLACE FUNCTION public.refresh_title_facets(ids integer[] DEFAULT NULL) RETURNS integer
  LANGUAGE plpgsql
AS $$
DECLARE
  changed integer;
  wanted integer[];
BEGIN
  IF ids IS NULL THEN
    UPDATE title t SET facet_keys = fresh.keys
      FROM (SELECT x.id, public.title_facet_keys(x) AS keys FROM title x) fresh
     WHERE t.id = fresh.id AND t.facet_keys IS DISTINCT FROM fresh.keys;
  ELSE
    wanted := ARRAY(SELECT DISTINCT i.id FROM unnest(ids) AS i(id) WHERE i.id IS NOT NULL);
    WITH linked AS MATERIALIZED (
      SELECT l.title_id, l.keys FROM public.titles_linked_facet_keys(wanted) l
    ), fresh AS MATERIALIZED (
      SELECT x.id,
             public.f_key_set(public.title_own_facet_keys(x.work_type, x.year, x.language, x.knowledge_area_id,
               x.classification, x.call_number, x.series, x.publication_place, x.publisher, x.cover_url,
               x.remote_access, x.is_accessible, x.physical_description, x.notes, x.marc)
             || coalesce(linked.keys, '{}'::text[])) AS keys
        FROM title x LEFT JOIN linked ON linked.title_id = x.id
       WHERE x.id = ANY (wanted)
    )
    UPDATE title t SET facet_keys = fresh.keys FROM fresh
     WHERE t.id = fresh.id AND t.facet_keys IS DISTINCT FROM fresh.keys;
  END IF;
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;
