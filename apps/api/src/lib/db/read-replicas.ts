import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable, QueryResult, TransactionOptions } from './db.ts';
import { openPostgres } from './postgres.ts';

/**
 * Reads sent to PostgreSQL streaming replicas (DATABASE_READ_URL, decision 0074).
 *
 * The read handle is a `Db` that the public reads get instead of the primary's (searches, record
 * pages, OAI-PMH, SRU, browse, suggestions, the public settings). Which server answers is decided
 * per statement by the request it runs in:
 * - a request that may write (any method but GET and HEAD), a request made with a patron's or a
 *   staff member's token, and work outside a request (jobs, the command line) go to the primary:
 *   a signed-in person always reads what they have just written, and nothing to remember;
 * - a visitor's GET goes to one replica, the same for every statement of that request (a search
 *   reads its catalogue version, then its counts, from the same server), the replicas taken in
 *   turn from one request to the next.
 * A replica that cannot be reached is left alone for a while (`retryAfterMs`) and its statements
 * go to the primary, with a log line and a count (the `fallbacks` metric). A statement a replica
 * refuses because it writes (a GET that records something), or cancels to replay a change, is run
 * again on the primary, as is the rest of its request.
 */

/** The request a statement runs in, as far as the choice of server needs it. */
export interface ReadRequest {
  method: string;
  /** Set by the token guards: `user` for a signed-in patron or staff member. */
  identity?: { kind: string } | null;
}

interface Routing {
  request: ReadRequest;
  /** The replica this request reads from, once chosen. */
  replica?: Replica;
}

interface Replica {
  url: string;
  db: Db;
  /** Until when it is left alone after a failure (ms since the epoch); 0 while it answers. */
  downUntil: number;
}

export interface ReadReplicaStats {
  /** Statements answered by a replica. */
  replica: number;
  /** Statements sent to the primary by the rule (writes, signed-in people, outside requests). */
  primary: number;
  /** Statements meant for a replica that the primary answered (replica down or refusing a write). */
  fallbacks: number;
}

export interface ReadReplicas {
  /** The handle public reads use. */
  readonly db: Db;
  /** Runs `fn` (the rest of a request) with its statements routed for `request`. */
  within<T>(request: ReadRequest, fn: () => T): T;
  stats(): ReadReplicaStats;
  /** Closes the replicas' pools (the primary is closed by its owner). */
  close(): Promise<void>;
}

/** SQLSTATE classes and codes meaning the server cannot be used now (connection, shutdown, recovery start). */
const UNREACHABLE = /^(08|57P0[1-4])/;
/** Node's socket errors: refused, reset, timed out, unknown host. */
const SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE']);
/** "cannot execute … in a read-only transaction": the statement writes. */
const READ_ONLY = '25006';
/**
 * "canceling statement due to conflict with recovery": the replica cancelled the statement to
 * replay a change it was in the way of (after max_standby_streaming_delay); the primary answers it.
 */
const RECOVERY_CONFLICT = '40001';

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** Whether an error says the server is unreachable (rather than the statement being wrong). */
export function isUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (SOCKET.has(code) || UNREACHABLE.test(code)) return true;
  const text = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|the database system is (starting|shutting) up/i.test(text);
}

/** A URL for log lines, its password hidden. */
export function describeReplica(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Whether the request may read from a replica: a visitor's GET or HEAD. */
export function readsFromReplica(request: ReadRequest | undefined): boolean {
  if (!request) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return request.identity?.kind !== 'user';
}

/**
 * The read handle over `urls`; without any (or on the embedded database) it is the primary itself,
 * and nothing changes. Replicas are opened lazily by their pools: one that is down at start is
 * only skipped.
 */
export function openReadReplicas(
  primary: Db,
  urls: readonly string[],
  options: {
    /** Connections per replica. */
    max?: number;
    /** How long a replica that failed is left alone. */
    retryAfterMs?: number;
    log?: (line: string) => void;
    now?: () => number;
  } = {},
): ReadReplicas {
  const stats: ReadReplicaStats = { replica: 0, primary: 0, fallbacks: 0 };
  if (urls.length === 0 || primary.kind !== 'postgres')
    return {
      db: primary,
      within: (_request, fn) => fn(),
      stats: () => ({ ...stats }),
      close: async () => undefined,
    };
  const retryAfterMs = options.retryAfterMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.warn(line));
  const now = options.now ?? Date.now;
  const replicas: Replica[] = urls.map((url) => ({
    url,
    db: lazyPostgres(url, options.max ?? 10),
    downUntil: 0,
  }));
  const storage = new AsyncLocalStorage<Routing>();
  let turn = 0;

  /** The next replica in turn that is not left alone, or none. */
  const nextReplica = (): Replica | undefined => {
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[turn++ % replicas.length]!;
      if (replica.downUntil <= now()) return replica;
    }
    return undefined;
  };

  /** The replica a statement goes to, or none (the primary). */
  const target = (): { routing: Routing; replica: Replica } | undefined => {
    const routing = storage.getStore();
    if (!routing || !readsFromReplica(routing.request)) return undefined;
    if (!routing.replica || routing.replica.downUntil > now()) {
      const chosen = nextReplica();
      if (!chosen) return undefined;
      routing.replica = chosen;
    }
    return { routing, replica: routing.replica };
  };

  /** Runs `work` on the chosen replica, else on the primary; a replica that fails to answer is skipped. */
  async function routed<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const chosen = target();
    if (!chosen) {
      stats.primary++;
      return work(primary);
    }
    const { routing, replica } = chosen;
    try {
      const result = await work(replica.db);
      stats.replica++;
      return result;
    } catch (error) {
      const code = codeOf(error);
      if (code === READ_ONLY) {
        // A GET that writes: the rest of this request is the primary's.
        routing.request = { method: 'POST' };
      } else if (code === RECOVERY_CONFLICT && /conflict with recovery/i.test(String(error))) {
        routing.request = { method: 'POST' };
      } else if (isUnreachable(error)) {
        replica.downUntil = now() + retryAfterMs;
        routing.replica = undefined;
        log(
          `read replica ${describeReplica(replica.url)} did not answer (${
            error instanceof Error ? error.message : String(error)
          }); reading from the primary for ${Math.round(retryAfterMs / 1000)} s`,
        );
      } else throw error;
      stats.fallbacks++;
      return work(primary);
    }
  }

  const db: Db = {
    kind: 'postgres',
    query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      return routed((handle) => handle.query<T>(sql, params));
    },
    exec(sql: string): Promise<void> {
      return routed((handle) => handle.exec(sql));
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      return routed((handle) => handle.transaction(fn, options));
    },
    // The owner closes the primary, and close() below the replicas.
    close: async () => undefined,
    ...(primary.poolStats ? { poolStats: primary.poolStats.bind(primary) } : {}),
  };
  return {
    db,
    within: (request, fn) => storage.run({ request }, fn),
    stats: () => ({ ...stats }),
    close: async () => {
      await Promise.all(replicas.map((replica) => replica.db.close()));
    },
  };
}

/**
 * A pool opened on its first statement: a replica that is down when the catalogue starts is only
 * skipped, and the catalogue still starts.
 */
function lazyPostgres(url: string, max: number): Db {
  let opening: Promise<Db> | null = null;
  const open = (): Promise<Db> => {
    opening ??= openPostgres(url, { max }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  return {
    kind: 'postgres',
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      return (await open()).query<T>(sql, params);
    },
    async exec(sql: string): Promise<void> {
      await (await open()).exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      return (await open()).transaction(fn, options);
    },
    close: async () => {
      if (opening) await (await opening.catch(() => null))?.close();
    },
  };
}
