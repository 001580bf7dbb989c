-- The library's block of a patron (decision 0062), set and lifted by staff in the workspace. It is
-- kept apart from is_blocked, which means "no password set yet" (an import without one) and which
-- password recovery lifts: the library's block is a decision recovery must not undo, and lifting it
-- must leave a password not set yet as it was. Sign-in refuses a patron blocked either way.
ALTER TABLE patron ADD COLUMN block_reason text;
ALTER TABLE patron ADD COLUMN blocked_at timestamptz;
-- The staff login that blocked, as it was then (no foreign key: the log keeps the history).
ALTER TABLE patron ADD COLUMN blocked_by text;
