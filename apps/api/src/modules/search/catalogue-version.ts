/**
 * The catalogue version a search's counts are kept under (migration 0016), read from the server
 * that answers the search, over `public.search_catalogue_version() v` (decision 0074).
 *
 * On the primary it is the version sequence, with whether no writer is between its first change
 * and its commit. On a streaming replica the sequence cannot tell: a sequence is written to the
 * log 32 values ahead, so a replica sees the same value across up to 32 changes, and sees a new
 * value before the change that took it is replayed. What a replica has is exactly what it has
 * replayed, so there the version is the replay position, negated so that it never equals a
 * primary's version: counts kept under it are those of that position's data, a replica lagging
 * behind never shares them with one ahead, and any replayed change starts the counts again. No
 * writer can be half-way on a replica (a transaction appears at its commit), so they are keepable.
 */
export const CATALOGUE_VERSION_COLUMNS = `CASE WHEN pg_is_in_recovery()
            THEN -((pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint) ELSE v.version END AS version,
       (pg_is_in_recovery() OR v.keepable) AS keepable`;
