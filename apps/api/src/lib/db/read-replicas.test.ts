import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SearchResponseSchema, STAFF_PATHS } from '@estante/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { publicToken, TEST_DB_KIND, TEST_TOKEN_SECRET } from '../../testing/build-test-app.ts';
import { TEMPLATE_DATABASE, withDatabase } from '../../testing/databases.ts';
import { bearer, signIn } from '../../modules/identity/testing.ts';
import { makeLibrary, makePatron, makeTitle, setRules, testRule } from '../../modules/circulation/testing.ts';
import { createPostgresSearchEngine, searchRequest } from '../../modules/search/index.ts';
import type { Db } from './db.ts';
import { openPostgres } from './postgres.ts';
import { openReadReplicas, type ReadReplicas } from './read-replicas.ts';

// Read replicas (decision 0074) against a real primary and a streaming replica made with
// pg_basebackup from the server programs installed here. It runs in the PostgreSQL pass, which has
// the server programs and the demo library as a template database to copy from.

/** The directory of initdb, pg_ctl and pg_basebackup, or null. */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const found = readdirSync(base)
    .map((version) => join(base, version, 'bin'))
    .filter((dir) => existsSync(join(dir, 'pg_basebackup')) && existsSync(join(dir, 'initdb')))
    .sort()
    .reverse();
  return found[0] ?? null;
}

const BIN = postgresBin();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a shell command as the server's owner (initdb refuses root); throws with its output when it fails. */
function sh(command: string): void {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
    : spawnSync('sh', ['-c', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command}\n${result.stdout}\n${result.stderr}`);
}

/** A server in `dir/name` on a free port: started, and stopped by stop(). */
async function startServer(dir: string, name: string, prepare: (data: string) => void) {
  const data = join(dir, name);
  prepare(data);
  const port = await freePort();
  try {
    sh(
      `${BIN}/pg_ctl -D ${data} -l ${dir}/${name}.log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c timezone=UTC" -w start`,
    );
  } catch (error) {
    const log = join(dir, `${name}.log`);
    throw new Error(`${String(error)}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`, {
      cause: error,
    });
  }
  return {
    url: (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop: () => sh(`${BIN}/pg_ctl -D ${data} -m immediate stop >/dev/null 2>&1`),
  };
}

if (TEST_DB_KIND === 'postgres' && BIN) {
  describe('searches and public reads from a streaming replica', () => {
    let dir: string;
    let servers: { stop(): void }[] = [];
    let primary: Db;
    let replica: Db;
    let replicaUrl: string;
    let reads: ReadReplicas;
    let app: FastifyInstance;
    let visitor: Record<string, string>;
    let library: { id: number; code: string };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'estante-replica-'));
      chmodSync(dir, 0o777);
      if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
      // The primary: initdb's pg_hba lets local replication connections in, and wal_level is
      // `replica` by default.
      const main = await startServer(dir, 'primary', (data) =>
        sh(`${BIN}/initdb -D ${data} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 -N >/dev/null`),
      );
      servers.push(main);
      // The replica: a base backup that streams from the primary (-R writes the standby settings).
      const standby = await startServer(dir, 'replica', (data) =>
        sh(`${BIN}/pg_basebackup -d '${main.url('postgres')}' -D ${data} -R -X stream -c fast -N`),
      );
      servers.push(standby);
      // The demo library, copied from the run's template database; the replica replays it.
      const template = withDatabase(process.env.TEST_DATABASE_URL!, TEMPLATE_DATABASE);
      sh(`${BIN}/createdb -h 127.0.0.1 -p ${new URL(main.url('x')).port} -U postgres estante`);
      sh(
        `${BIN}/pg_dump --no-owner --no-privileges -d '${template}' | ${BIN}/psql -q -v ON_ERROR_STOP=1 -d '${main.url('estante')}' >/dev/null`,
      );
      primary = await openPostgres(main.url('estante'), { max: 4 });
      replicaUrl = standby.url('estante');
      // Replay is paused and watched through the replica's own maintenance database.
      replica = await openPostgres(standby.url('postgres'), { max: 2 });
      reads = openReadReplicas(primary, [replicaUrl], { max: 4, log: () => undefined });
      app = await buildApp({ db: primary, reads, tokenSecret: TEST_TOKEN_SECRET });
      await app.ready();
      visitor = bearer(await publicToken(app));
      library = await makeLibrary(primary);
      await setRules(primary, [testRule()]);
      await caughtUp();
    });

    afterAll(async () => {
      await app?.close();
      await reads?.close();
      await replica?.close();
      await primary?.close();
      for (const server of servers.reverse()) server.stop();
      servers = [];
      rmSync(dir, { recursive: true, force: true });
    });

    /** Stops the replica's replay (it still answers, from what it has). */
    const paused = async () => {
      await replica.query('SELECT pg_wal_replay_pause()');
      for (;;) {
        const { rows } = await replica.query<{ state: string }>(
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        if (rows[0]!.state === 'paused') return;
      }
    };
    /** Resumes replay and waits until the replica has replayed all the primary has written. */
    const caughtUp = async () => {
      await replica.query('SELECT pg_wal_replay_resume()');
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      for (;;) {
        const { rows: replayed } = await replica.query<{ done: boolean }>(
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
          [rows[0]!.lsn],
        );
        if (replayed[0]!.done) return;
      }
    };
    const search = async (text: string, headers = visitor) => {
      const response = await app.inject({
        url: `/api${API_PATHS.search}?termo=${encodeURIComponent(text)}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return SearchResponseSchema.parse(response.json());
    };
    /** The same search answered by the primary alone. */
    const onPrimary = async (text: string) =>
      (await createPostgresSearchEngine(primary).search(searchRequest({ text }))).total;

    it('answers a visitor’s search from the replica: a title added on the primary appears once replayed', async () => {
      await paused();
      await makeTitle(primary, 'Quinquilharias do replicado', [{ libraryId: library.id }]);
      expect(await onPrimary('quinquilharias')).toBe(1);
      expect((await search('quinquilharias')).total).toBe(0);
      await caughtUp();
      expect((await search('quinquilharias')).total).toBe(1);
      expect(reads.stats()).toMatchObject({ fallbacks: 0 });
      expect(reads.stats().replica).toBeGreaterThan(0);
    });

    it('shows a loan made on the primary to the signed-in patron at once, and to visitors once replayed', async () => {
      const reader = await makePatron(primary);
      const { copyIds } = await makeTitle(primary, 'Alfarrabios emprestados', [{ libraryId: library.id }]);
      const { rows } = await primary.query<{ number: string }>('SELECT number FROM copy WHERE id = $1', [
        copyIds[0],
      ]);
      await caughtUp();
      await paused();
      const desk = bearer((await signIn(app, 'equipe.circulacao', 'estante-equipe-circulacao')).access_token);
      const lent = await app.inject({
        method: 'POST',
        url: `/api${STAFF_PATHS.deskCheckouts}`,
        headers: desk,
        payload: { leitor: reader.login, exemplar: rows[0]!.number },
      });
      expect(lent.statusCode).toBe(201);
      // A signed-in patron reads from the primary: her loan is there right after it was written.
      const patron = bearer((await signIn(app, reader.login, reader.password)).access_token);
      expect((await search('alfarrabios', patron)).data[0]).toMatchObject({ exemplares_disponiveis: 0 });
      // A visitor reads the paused replica: the copy is still on the shelf there.
      expect((await search('alfarrabios')).data[0]).toMatchObject({ exemplares_disponiveis: 1 });
      await caughtUp();
      expect((await search('alfarrabios')).data[0]).toMatchObject({ exemplares_disponiveis: 0 });
    });

    it('keeps a count on the replica only under the replica’s own catalogue version', async () => {
      await caughtUp();
      const before = (await search('replicado')).total;
      expect(before).toBe(1);
      await paused();
      await makeTitle(primary, 'Outro replicado', [{ libraryId: library.id }]);
      expect(await onPrimary('replicado')).toBe(2);
      // The replica has not replayed the change: its answer, counted or kept, is its own data's.
      expect((await search('replicado')).total).toBe(1);
      await caughtUp();
      // Replayed, the kept count of the old version is not used again.
      expect((await search('replicado')).total).toBe(2);
    });

    it('takes replicas in turn, and reads from the primary while one does not answer (logged, counted)', async () => {
      const lines: string[] = [];
      const closed = `postgresql://postgres@127.0.0.1:${await freePort()}/estante`;
      const two = openReadReplicas(primary, [replicaUrl, closed], {
        log: (line) => lines.push(line),
      });
      const inRecovery = () =>
        two.within({ method: 'GET' }, async () => {
          const { rows } = await two.db.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
          return rows[0]!.r;
        });
      // Replica, then the closed one (the primary answers), then the replica again: the closed one
      // is left alone for a while.
      expect([await inRecovery(), await inRecovery(), await inRecovery(), await inRecovery()]).toEqual([
        true,
        false,
        true,
        true,
      ]);
      expect(two.stats()).toEqual({ replica: 3, primary: 0, fallbacks: 1 });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /read replica postgresql:\/\/postgres@127\.0\.0\.1:\d+\/estante did not answer/,
      );
      // Writes, signed-in people and work outside a request read from the primary.
      expect(
        await two.within({ method: 'POST' }, () => two.db.query('SELECT pg_is_in_recovery() AS r')),
      ).toEqual({
        rows: [{ r: false }],
      });
      expect(
        await two.within({ method: 'GET', identity: { kind: 'user' } }, () =>
          two.db.query('SELECT pg_is_in_recovery() AS r'),
        ),
      ).toEqual({ rows: [{ r: false }] });
      expect(await two.db.query('SELECT pg_is_in_recovery() AS r')).toEqual({ rows: [{ r: false }] });
      await two.close();
      const metrics = await app.inject({ url: '/metrics' });
      expect(metrics.body).toMatch(/estante_db_read_statements_total\{server="replica"\} [1-9]/);
    });
  });
} else {
  describe('read handle without replicas', () => {
    it('is the primary itself on the embedded database, even with replica URLs', () => {
      const primary = { kind: 'pglite' } as Db;
      expect(openReadReplicas(primary, ['postgres://replica/estante']).db).toBe(primary);
    });
  });
}
