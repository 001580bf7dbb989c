import { randomBytes } from 'node:crypto';

/**
 * Prefix of every PostgreSQL database a test run makes. The mutation benchmark runs several test
 * processes at once on one server, each with its own set-up and clean-up: each gets its own prefix
 * (Stryker numbers them in STRYKER_MUTATOR_WORKER), so that none drops another's databases.
 */
const worker = process.env.STRYKER_MUTATOR_WORKER;
export const TEST_DATABASE_PREFIX = worker === undefined ? 'estante_test_' : `estante_test_w${worker}_`;

/** Name of the PostgreSQL template database holding the migrated demo library during a test run. */
export const TEMPLATE_DATABASE = `${TEST_DATABASE_PREFIX}template`;

/** Name of the PostgreSQL template database holding an empty migrated catalogue during a test run. */
export const EMPTY_TEMPLATE_DATABASE = `${TEST_DATABASE_PREFIX}empty_template`;

/** A new database name for one test. */
export const testDatabaseName = () => `${TEST_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;

/** The same connection URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
