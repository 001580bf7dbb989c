-- Harvesting the library network by OAI-PMH (decision 0067): the repositories the server harvests
-- into the network tab, each for one institution of the network, and the OAI identifier of each
-- harvested record, so a deletion announced by the repository removes the record it names.

CREATE TABLE network_harvest_source (
  id serial PRIMARY KEY,
  -- The repository's base URL (http or https), as `estante network harvest URL` was given it.
  base_url text NOT NULL CHECK (base_url ~ '^https?://'),
  -- The institution whose records these are (its code and name are in network_institution).
  institution_id integer NOT NULL REFERENCES network_institution (id) ON DELETE CASCADE,
  -- The setSpec harvested; '' harvests the whole repository.
  set_spec text NOT NULL DEFAULT '',
  metadata_prefix text NOT NULL CHECK (metadata_prefix IN ('marc21', 'oai_dc')),
  -- The responseDate of the last complete harvest, written in the repository's granularity
  -- (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ): the `from` of the next one. NULL: never harvested whole.
  last_datestamp text,
  last_run_at timestamptz,
  -- What the last run did: { ok, added, updated, deleted, skipped: [{ identifier, reason }], error }.
  last_result jsonb,
  -- A process harvesting the source holds it until then (one harvest at a time, whatever runs it).
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (base_url, set_spec, metadata_prefix)
);

-- The OAI-PMH item a harvested record came from; NULL for records loaded from files.
ALTER TABLE network_record
  ADD COLUMN oai_identifier text,
  -- The source that brought it: removing a source removes what it harvested.
  ADD COLUMN harvest_source_id integer REFERENCES network_harvest_source (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX network_record_oai_identifier_key ON network_record (institution_id, oai_identifier)
  WHERE oai_identifier IS NOT NULL;
CREATE INDEX network_record_harvest_source ON network_record (harvest_source_id) WHERE harvest_source_id IS NOT NULL;
