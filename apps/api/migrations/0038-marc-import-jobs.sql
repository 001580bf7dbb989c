-- MARC files uploaded in the staff workspace (decision 0063): the cataloguer's upload answers at
-- once with a job, the server imports the file after it (the same import as `estante import`),
-- and the screen reads the job's progress and report from this table. One file per job.
-- The uploader is kept by id and by login at the time, without a foreign key, as in the audit log.
CREATE TABLE marc_import_job (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The uploaded file's name as the browser gave it (shown, never used as a path).
  file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('marc21', 'marcxml')),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  -- queued → running → done; failed when the import stopped on an error, interrupted when the
  -- server stopped during it (whole records only are written: re-uploading the file completes it).
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed', 'interrupted')),
  uploaded_by_id integer,
  uploaded_by_login text NOT NULL,
  uploaded_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  -- The running totals, written after each batch of records.
  records_read integer NOT NULL DEFAULT 0,
  records_inserted integer NOT NULL DEFAULT 0,
  records_updated integer NOT NULL DEFAULT 0,
  records_skipped integer NOT NULL DEFAULT 0,
  -- The skipped records' position in the file and why ([{position, reason}]), the first 500.
  skipped jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- What stopped a failed import (the error's text).
  error text
);
CREATE INDEX marc_import_job_uploaded ON marc_import_job (uploaded_at DESC, id DESC);
