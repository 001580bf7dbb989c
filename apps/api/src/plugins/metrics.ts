import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../lib/db/index.ts';
import { clusterMetricsOf } from '../lib/cluster-metrics.ts';
import type { ReadReplicas } from '../lib/db/read-replicas.ts';
import { message } from '../lib/messages.ts';
import type { SearchCacheStats, SearchEngine } from '../modules/search/index.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  db: Db;
  engine: SearchEngine;
  /** The read replicas (decision 0074), when there are some. */
  reads?: ReadReplicas;
  /** Bearer token that opens /metrics to other hosts; without it only a direct loopback caller reads it. */
  token?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics (decision 0036): a caller on this machine that came straight in (no proxy
 * header — a proxy in front would make every visitor look local), or anyone with METRICS_TOKEN.
 */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  const direct = request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * Prometheus metrics at /metrics: requests by route pattern and status, their latency, the process
 * (prom-client's defaults), the database pool (PostgreSQL) and how searches were answered.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'estante_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'estante_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/api/acervo/:id), never the raw URL: one series per route, not per record.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const { db, engine } = options;
  if (db.poolStats) {
    const poolStats = db.poolStats.bind(db);
    new Gauge({
      name: 'estante_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  if (engine.cacheStats) {
    const cacheStats = engine.cacheStats.bind(engine);
    new Counter({
      name: 'estante_search_answers_total',
      help: 'Catalogue searches by how they were answered: kept page, kept counts, title keys in memory, database',
      labelNames: ['source'] as const,
      registers: [registry],
      collect() {
        const stats = cacheStats();
        this.reset();
        for (const source of Object.keys(stats) as (keyof SearchCacheStats)[])
          this.inc({ source }, stats[source]);
      },
    });
  }

  if (options.reads) {
    const readStats = options.reads.stats.bind(options.reads);
    new Counter({
      name: 'estante_db_read_statements_total',
      help: 'Statements of public reads by the server that answered: replica, primary (by the rule), fallback (a replica meant but down or refusing a write)',
      labelNames: ['server'] as const,
      registers: [registry],
      collect() {
        const stats = readStats();
        this.reset();
        this.inc({ server: 'replica' }, stats.replica);
        this.inc({ server: 'primary' }, stats.primary);
        this.inc({ server: 'fallback' }, stats.fallbacks);
      },
    });
  }

  // With several processes (WORKERS), the whole deployment's metrics, gathered by the primary.
  const deploymentMetrics = clusterMetricsOf(registry);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, options.token))
      return reply.status(403).send({ message: message('forbidden', request.language), code: 'FORBIDDEN' });
    const text = deploymentMetrics ? await deploymentMetrics() : await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
