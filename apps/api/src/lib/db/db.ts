/** Result of one query: rows typed by the caller. */
export interface QueryResult<T> {
  rows: T[];
}

/** Operations available both on the database and inside a transaction. */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2 …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The database seam (STYLE "Seams"): PGlite embedded, or PostgreSQL with DATABASE_URL. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; inside it use only the given handle (PGlite deadlocks on the outer one). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL); PGlite has one connection in the process and no pool. */
  poolStats?(): PoolStats;
}

/** How a transaction starts. */
export interface TransactionOptions {
  /**
   * Statements that must open it, before its first query (`SET TRANSACTION ISOLATION LEVEL …`,
   * `SET LOCAL …`): on PostgreSQL they go with the BEGIN in one round trip.
   */
  settings?: string;
}

/** Connections of a pool: all open, idle among them, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
