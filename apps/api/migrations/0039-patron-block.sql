-- The library's block of a patron (decision 0062), set and lifted by staff in the workspace. Until
-- now is_blocked meant only "no password set yet" (an import without one), which password recovery
-- lifts; a block with a reason is the library's decision, which recovery must not lift.
ALTER TABLE patron ADD COLUMN block_reason text;
ALTER TABLE patron ADD COLUMN blocked_at timestamptz;
-- The staff login that blocked, as it was then (no foreign key: the log keeps the history).
ALTER TABLE patron ADD COLUMN blocked_by text;
ALTER TABLE patron ADD CONSTRAINT patron_block_reason_blocks CHECK (block_reason IS NULL OR is_blocked);
