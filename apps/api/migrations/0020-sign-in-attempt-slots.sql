-- Sign-in attempts take a slot before the password is checked (decision 0034): attempts counts
-- the failures plus the checks under way, so simultaneous attempts cannot all be checked.
-- last_failure_at becomes the time of the last attempt taken or failed.
ALTER TABLE login_throttle ADD COLUMN attempts integer NOT NULL DEFAULT 0;
UPDATE login_throttle SET attempts = failures;
ALTER TABLE login_throttle RENAME COLUMN last_failure_at TO last_attempt_at;
