import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, STAFF_PATHS } from '@estante/contract';
import { TEST_DB_KIND } from './testing/build-test-app.ts';
import {
  callOnce,
  freePort,
  serverDatabase,
  startServer,
  waitForHealth,
  type Answer,
  type ServerProcess,
} from './testing/server-process.ts';

// Issue 20, decision 0073: several API processes share only the database. A is `WORKERS=2` (a
// primary and two API processes on one port), B a single process with its jobs off, both on one
// PostgreSQL copy of the demo library; what one process is told, every other one answers the same.
// Then the reference deployment's nginx block (docs/deploy.md) in front of A.

const DEPLOY_MD = fileURLToPath(new URL('../../../docs/deploy.md', import.meta.url));

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const json = (method: string, body: unknown, token: string) => ({
  method,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});
const parse = <T = Record<string, unknown>>(answer: Answer): T => JSON.parse(answer.text) as T;

/** Health checks answered at `base`, by process id: batches of parallel requests until two processes answered. */
async function pidsAnswering(base: string, rounds = 10, parallel = 4): Promise<Map<number, number>> {
  const pids = new Map<number, number>();
  for (let round = 0; round < rounds && pids.size < 2; round++) {
    const answers = await Promise.all(Array.from({ length: parallel }, () => callOnce(`${base}/api/health`)));
    for (const answer of answers) {
      const pid = parse<{ processo: number }>(answer).processo;
      pids.set(pid, (pids.get(pid) ?? 0) + 1);
    }
  }
  return pids;
}
const total = (pids: Map<number, number>) => [...pids.values()].reduce((n, count) => n + count, 0);

// One of the two runs each: the embedded database refuses several processes; PostgreSQL serves them.
if (TEST_DB_KIND === 'pglite')
  describe('several processes on the embedded database', () => {
    it('refuses WORKERS=2 with a message naming DATABASE_URL, before opening anything', async () => {
      const dataDir = join(tmpdir(), 'estante-never-opened');
      const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir, WORKERS: '2' });
      expect(await server.exited, server.output()).toBe(2);
      expect(server.output()).toMatch(/WORKERS="2": more than one process needs DATABASE_URL/);
      expect(existsSync(dataDir)).toBe(false);
    });
  });
else
  describe('several API processes on one PostgreSQL database', () => {
    let database: Awaited<ReturnType<typeof serverDatabase>>;
    let a: ServerProcess;
    let b: ServerProcess;
    /** The health checks A answered with 200 so far: one when it started, one when nginx did, and those counted here. */
    let healthChecksOfA = 2;
    beforeAll(async () => {
      database = await serverDatabase();
      // Started together on a database that has no token secret yet: both must end up with one.
      [a, b] = await Promise.all([
        startServer({ ...database.env, WORKERS: '2', TRUST_PROXY: '127.0.0.1' }),
        startServer({ ...database.env, JOBS: 'off' }),
      ]);
      await Promise.all([a, b].map((s) => waitForHealth(s.base, s.child, s.output)));
      // The first of A's processes may answer before the second listens: the primary says when both do.
      for (let i = 0; i < 600 && !a.output().includes('Estante is running (2 processes)'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    });
    afterAll(async () => {
      const codes = await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
      expect(codes, `${a?.output()}\n${b?.output()}`).toEqual([0, 0]);
    });

    const token = async (server: ServerProcess) =>
      parse<{ access_token: string }>(
        await callOnce(
          `${server.base}/api/oauth/token`,
          form({ grant_type: 'client_credentials', client_id: '4' }),
        ),
      ).access_token;
    const signIn = (server: ServerProcess, username: string, password: string) =>
      callOnce(
        `${server.base}/api/oauth/token`,
        form({ grant_type: 'password', client_id: '4', username, password }),
      );
    const search = async (server: ServerProcess, bearer: string, termo: string) => {
      const answer = await callOnce(`${server.base}/api/consulta?termo=${encodeURIComponent(termo)}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(answer.status, answer.text).toBe(200);
      return SearchResponseSchema.parse(parse(answer));
    };

    it('answers on one port from two processes with --workers 2, and a token of one is good in the other', async () => {
      const pids = await pidsAnswering(a.base);
      healthChecksOfA += total(pids);
      expect(pids.size).toBe(2);
      expect(pids.has(a.child.pid!)).toBe(false);
      // The token secret was made once for all: a public token from A searches on B.
      const fromA = await token(a);
      expect((await search(b, fromA, 'Dom Casmurro')).total).toBeGreaterThan(0);
    });

    it('locks an account after ten wrong passwords spread over the processes, as one process does', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await signIn(i % 2 ? b : a, 'diego', `wrong-${i}`)).status);
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
      // Locked on every process, even for the right password.
      expect((await signIn(a, 'diego', 'estante-diego')).status).toBe(429);
      expect((await signIn(b, 'diego', 'estante-diego')).status).toBe(429);
    });

    it('refuses on B a refresh token already used on A (each is good once)', async () => {
      const pair = parse<{ refresh_token: string }>(await signIn(a, 'bruno', 'estante-bruno'));
      const refresh = (server: ServerProcess) =>
        callOnce(
          `${server.base}/api/oauth/token`,
          form({ grant_type: 'refresh_token', client_id: '4', refresh_token: pair.refresh_token }),
        );
      expect((await refresh(a)).status).toBe(200);
      const again = await refresh(b);
      expect(again.status).toBe(401);
      expect(parse(again).code).toBe('INVALID_GRANT');
    });

    it('shows on B, at once, a title imported through A: in the search and in its counts', async () => {
      const visitor = await token(b);
      // B has answered (and kept) both searches before the change.
      const before = await search(b, visitor, 'historia');
      expect((await search(b, visitor, 'Quelonio')).total).toBe(0);

      const staff = parse<{ access_token: string }>(
        await signIn(a, 'equipe.catalogacao', 'estante-equipe-catalogacao'),
      ).access_token;
      const boundary = '----estante-deploy-boundary';
      const marc = `<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim"><record>
<leader>00000nam a2200000 a 4500</leader>
<controlfield tag="001">DEPLOY-1</controlfield><controlfield tag="003">DEPLOYTEST</controlfield>
<datafield tag="245" ind1="1" ind2="0"><subfield code="a">Historia do quelonio</subfield></datafield>
</record></collection>`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="one.xml"\r\nContent-Type: application/xml\r\n\r\n`,
        ),
        Buffer.from(marc),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await callOnce(`${a.base}/api${STAFF_PATHS.catalogueImports}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${staff}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      });
      expect(upload.status, upload.text).toBe(202);
      const id = parse<{ codigo: number }>(upload).codigo;
      // The import runs in the process that took the upload, after the answer.
      let situation = 'na-fila';
      for (let attempt = 0; attempt < 300 && ['na-fila', 'importando'].includes(situation); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const job = await callOnce(`${a.base}/api${STAFF_PATHS.catalogueImport(id)}`, {
          headers: { authorization: `Bearer ${staff}` },
        });
        situation = parse<{ situacao: string }>(job).situacao;
      }
      expect(situation).toBe('concluida');

      const found = await search(b, visitor, 'Quelonio');
      expect(found.total).toBe(1);
      expect(found.data[0]?.titulo).toContain('quelonio');
      const after = await search(b, visitor, 'historia');
      expect(after.total).toBe(before.total + 1);
      const sum = (result: typeof after) =>
        result.filtros.map((group) => group.valores.reduce((n, value) => n + value.quantidade, 0));
      expect(sum(after)).not.toEqual(sum(before));
    });

    it('reads on B an institution setting an administrator changed through A', async () => {
      const institution = async (server: ServerProcess) =>
        parse<{ nome: string }>(
          await callOnce(`${server.base}/api/parametros/instituicao`, {
            headers: { authorization: `Bearer ${visitor}` },
          }),
        ).nome;
      const visitor = await token(b);
      const previous = await institution(b);
      const admin = parse<{ access_token: string }>(
        await signIn(a, 'equipe.admin', 'estante-equipe-admin'),
      ).access_token;
      const set = await callOnce(
        `${a.base}/api${STAFF_PATHS.contentSetting('nome')}`,
        json('PUT', { valor: 'Biblioteca dos Muitos Processos' }, admin),
      );
      expect(set.status, set.text).toBe(200);
      expect(previous).not.toBe('Biblioteca dos Muitos Processos');
      expect(await institution(b)).toBe('Biblioteca dos Muitos Processos');
    });

    describe('behind the nginx of the reference deployment (docs/deploy.md)', () => {
      let nginx: ChildProcess;
      let dir: string;
      let proxy: string;
      let log = '';
      beforeAll(async () => {
        const binary =
          ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path)) ?? 'nginx';
        const block = /```nginx\n([\s\S]*?)```/.exec(readFileSync(DEPLOY_MD, 'utf8'))?.[1];
        expect(block, 'docs/deploy.md has an nginx block').toBeTruthy();
        const port = await freePort();
        dir = mkdtempSync(join(tmpdir(), 'estante-nginx-'));
        const server = block!
          .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${a.port};`)
          .replace('listen 80;', `listen 127.0.0.1:${port};`);
        const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((kind) => `${kind}_temp_path ${join(dir, kind)};`)
          .join('\n');
        writeFileSync(
          join(dir, 'nginx.conf'),
          `daemon off;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;\n` +
            `events { worker_connections 128; }\nhttp {\naccess_log off;\n${temp}\n${server}\n}\n`,
        );
        const check = spawnSync(binary, [
          '-t',
          '-p',
          dir,
          '-e',
          join(dir, 'error.log'),
          '-c',
          join(dir, 'nginx.conf'),
        ]);
        expect(check.status, check.stderr.toString()).toBe(0);
        nginx = spawn(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        nginx.stderr!.on('data', (d) => (log += d));
        proxy = `http://127.0.0.1:${port}`;
        await waitForHealth(proxy, nginx, () => log);
      });
      afterAll(async () => {
        if (nginx && nginx.exitCode === null) {
          const ended = new Promise((resolve) => nginx.once('exit', resolve));
          nginx.kill('SIGQUIT');
          await ended;
        }
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      it('is answered through nginx by both processes, keeps /metrics inside, and the metrics sum both', async () => {
        const pids = await pidsAnswering(proxy);
        healthChecksOfA += total(pids);
        expect(pids.size).toBe(2);
        const ready = await callOnce(`${proxy}/api/ready`);
        expect(ready.status).toBe(200);
        // nginx gives each request its id, which the app keeps and answers with.
        const page = await callOnce(`${proxy}/api/health`, {
          headers: { 'x-request-id': 'nginx-replaces-it' },
        });
        healthChecksOfA++;
        expect(page.status).toBe(200);
        expect(page.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

        expect((await callOnce(`${proxy}/metrics`)).status).toBe(404);
        // On the host, /metrics answers for the deployment: the health checks of both processes, summed.
        const metrics = await callOnce(`${a.base}/metrics`);
        expect(metrics.status).toBe(200);
        const health =
          /estante_http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} (\d+)/.exec(
            metrics.text,
          );
        expect(Number(health?.[1]), metrics.text).toBe(healthChecksOfA);
      });
    });
  });
