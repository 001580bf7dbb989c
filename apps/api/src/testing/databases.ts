/** Name of the PostgreSQL template database holding the migrated demo library during a test run. */
export const TEMPLATE_DATABASE = 'estante_test_template';

/** The same connection URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
