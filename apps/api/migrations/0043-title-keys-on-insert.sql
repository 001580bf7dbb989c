-- Bulk import (decision 0072): a new title may arrive with the filter keys its copies, authority
-- links and online links will give it (the importer knows them before it writes the title), so the
-- refresh at commit finds its keys right and does not rewrite the row (an update recomputes every
-- generated column and runs the title's update triggers: a third of an import's time). The keys a
-- writer passes are a hint: the links it then writes mark the title stale as before, and the
-- refresh at commit corrects whatever differs. A title inserted without keys is as before.
CREATE OR REPLACE FUNCTION public.title_facets_on_write() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.facet_keys := public.f_key_set(
      public.title_own_facet_keys(NEW.work_type, NEW.year, NEW.language, NEW.knowledge_area_id, NEW.classification,
        NEW.call_number, NEW.series, NEW.publication_place, NEW.publisher, NEW.cover_url, NEW.remote_access,
        NEW.is_accessible, NEW.physical_description, NEW.notes, NEW.marc)
      || CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.facet_keys, '{}'::text[])
              ELSE public.title_linked_facet_keys(NEW.id) END);
    RETURN NEW;
  END
  $$;
