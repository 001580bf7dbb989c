import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test as base } from '@playwright/test';
import { ROOT, findPostgresBin, startE2eServer, startPostgres } from '../../../scripts/lib.mjs';
import { startSmtpServer } from './helpers';

const run = promisify(execFile);

/** A catalogue on its own PostgreSQL database, which the `estante` command can open while it runs. */
export interface LibraryOnPostgres {
  url: string;
  /** The catalogue's own SMTP server on loopback: what it and the command sent. */
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** Runs `estante ARGS…` on the catalogue's database (e-mails to `smtp`); answers what it printed. */
  estante: (...args: string[]) => Promise<string>;
}

/**
 * Playwright `test` whose journeys run on a catalogue of their own: a throwaway PostgreSQL cluster
 * with the demo library (scripts/lib.mjs, as the API tests do) and its own SMTP server. A journey
 * that drives a staff command (a second process on the catalogue's database: the desk, comment
 * moderation) needs it: the embedded database of the suite's shared catalogue belongs to one process
 * at a time. Each spec that calls this gets a catalogue of its own, so journeys on the same demo
 * patrons do not see each other's e-mails.
 */
export function testOnPostgres() {
  // The fixtures' second argument is named `provide`, not `use`: the React hooks lint rule reads `use` as a hook.
  return base.extend<object, { library: LibraryOnPostgres }>({
    library: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
      async ({}, provide) => {
        const bin = await findPostgresBin();
        if (!bin)
          throw new Error('PostgreSQL server programs (initdb, pg_ctl) are missing: install PostgreSQL 15+.');
        const cluster = await startPostgres(bin);
        if (!cluster) throw new Error('The throwaway PostgreSQL cluster did not start.');
        const server = await startE2eServer({ databaseUrl: cluster.url });
        if (!server) {
          cluster.stop();
          throw new Error('The catalogue did not start on PostgreSQL.');
        }
        const smtpPort = server.testEnv['E2E_SMTP_PORT']!;
        const smtp = await startSmtpServer(Number(smtpPort));
        const env = {
          ...process.env,
          DATABASE_URL: cluster.url,
          TZ: 'UTC',
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: smtpPort,
        };
        const estante = async (...args: string[]) =>
          (await run(process.execPath, ['apps/api/bin/estante.mjs', ...args], { cwd: ROOT, env })).stdout;
        try {
          await provide({ url: server.url, smtp, estante });
        } finally {
          await smtp.close();
          await server.stop();
          cluster.stop();
        }
      },
      { scope: 'worker', timeout: 240_000 },
    ],
    baseURL: async ({ library }, provide) => provide(library.url),
  });
}
