-- OAI-PMH provider (decision 0064): each title's datestamp, which moves when what a harvester
-- receives changes (the record, its work type, its collection, the libraries holding copies), and a
-- tombstone per deleted title, so deletions are announced for as long as the repository lives
-- (deletedRecord "persistent").

-- A set's part of a setSpec: the OAI-PMH schema allows only A-Z a-z 0-9 - _ . ! ~ * ' ( ).
CREATE OR REPLACE FUNCTION public.oai_set_part(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(public.f_unaccent($1), '[^A-Za-z0-9_.-]+', '-', 'g'), '-');

ALTER TABLE title ADD COLUMN datestamp timestamptz NOT NULL DEFAULT now();
UPDATE title SET datestamp = updated_at;
CREATE INDEX title_datestamp ON title (datestamp);

-- What a harvester receives changed: the datestamp moves. A re-import of the same record does not.
CREATE FUNCTION oai_title_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.marc IS DISTINCT FROM OLD.marc OR NEW.work_type IS DISTINCT FROM OLD.work_type
     OR NEW.series IS DISTINCT FROM OLD.series THEN
    NEW.datestamp := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER title_oai_datestamp BEFORE UPDATE ON title FOR EACH ROW EXECUTE FUNCTION oai_title_changed();

-- A copy added, removed or moved changes the title's library sets. A title catalogued with its
-- copies in one transaction already carries this transaction's time, so it is not rewritten.
CREATE FUNCTION oai_copy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE title SET datestamp = now() WHERE id = OLD.title_id AND datestamp <> now();
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE title SET datestamp = now() WHERE id = NEW.title_id AND datestamp <> now();
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER copy_oai_datestamp AFTER INSERT OR DELETE OR UPDATE OF library_id, title_id ON copy
  FOR EACH ROW EXECUTE FUNCTION oai_copy_changed();

CREATE TABLE oai_deleted_title (
  id integer PRIMARY KEY,
  datestamp timestamptz NOT NULL DEFAULT now(),
  -- The sets the title was in when it was deleted, so a selective harvest learns of the deletion.
  set_specs text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX oai_deleted_title_datestamp ON oai_deleted_title (datestamp);

-- Before the delete, while its copies (removed with it) still name its libraries.
CREATE FUNCTION oai_title_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO oai_deleted_title (id, datestamp, set_specs)
  SELECT OLD.id, now(), array_remove(ARRAY['tipo:' || public.oai_set_part(OLD.work_type),
           'colecao:' || nullif(lower(public.oai_set_part(OLD.series)), '')]
         || coalesce((SELECT array_agg(DISTINCT 'biblioteca:' || public.oai_set_part(l.code))
                        FROM copy c JOIN library l ON l.id = c.library_id WHERE c.title_id = OLD.id), '{}'), NULL)
  ON CONFLICT (id) DO UPDATE SET datestamp = excluded.datestamp, set_specs = excluded.set_specs;
  RETURN OLD;
END $$;
CREATE TRIGGER title_oai_deleted BEFORE DELETE ON title FOR EACH ROW EXECUTE FUNCTION oai_title_deleted();
