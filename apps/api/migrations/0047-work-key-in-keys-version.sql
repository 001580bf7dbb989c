-- The API keeps every title's work key beside its filter keys (decision 0085), to count the works
-- of a search (grouped works, decision 0071) over the ids it already holds instead of reading every
-- matched title again. A title's work key follows its title and main author (migration 0041), so a
-- change of either now takes a new keys version too, as a change of its filter keys or year does:
-- the searches then read the title's new work key in their own snapshot (TitleKeys.changedSince).
-- The generated work_key is not yet computed in a BEFORE trigger, hence the columns it is made of.
DROP TRIGGER title_keys_version_update ON title;
CREATE TRIGGER title_keys_version_update BEFORE UPDATE ON title
  FOR EACH ROW
  WHEN (OLD.facet_keys IS DISTINCT FROM NEW.facet_keys OR OLD.year IS DISTINCT FROM NEW.year
        OR OLD.title IS DISTINCT FROM NEW.title OR OLD.main_author IS DISTINCT FROM NEW.main_author)
  EXECUTE FUNCTION public.title_keys_version_on_write();
