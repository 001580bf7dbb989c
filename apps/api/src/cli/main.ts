import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../lib/config.ts';
import { backupPglite, NotABackupError, restorePglite } from '../lib/db/backup.ts';
import { DatabaseInUseError } from '../lib/db/pglite.ts';
import { describeDb, openConfiguredDb } from '../lib/runtime.ts';
import type { Queryable } from '../lib/db/index.ts';
import { importFile, type ImportSummary } from '../modules/imports/service.ts';
import {
  ensureNetworkInstitution,
  UnnamedNetworkInstitution,
  type NetworkInstitutionInput,
} from '../modules/network/index.ts';
import { seedDemo, seedSynthetic } from '../modules/seed/index.ts';
import { rebuildSearchStats, type SearchStatsSummary } from '../modules/search/index.ts';
import { setActivity } from '../modules/institution/repository.ts';
import { INSTITUTION_USAGE, runInstitutionCommand } from '../modules/institution/index.ts';
import { progressLine } from './progress.ts';
import { runUserCommand, USER_COMMAND_USAGE } from '../modules/identity/user-command.ts';
import { DESK_COMMAND_USAGE, runDeskCommand } from '../modules/circulation/index.ts';
import { COMMENTS_COMMAND_USAGE, runCommentsCommand } from '../modules/comments/index.ts';
import { PRIVACY_COMMAND_USAGE, runPrivacyCommand } from '../modules/privacy/index.ts';
import { mailerFromConfig, type Mailer } from '../lib/mail.ts';
import { ACCOUNT_COMMAND_USAGE, runAccountCommand } from '../modules/account/index.ts';
import { DATABASES_USAGE, runDatabasesCommand } from '../modules/databases/index.ts';
import { runStaffCommand, STAFF_COMMAND_USAGE } from '../modules/staff/index.ts';
import { REQUESTS_COMMAND_USAGE, runRequestsCommand } from '../modules/requests/index.ts';
import { runSuggestionsCommand, SUGGESTIONS_COMMAND_USAGE } from '../modules/suggestions/index.ts';
import { DSI_COMMAND_USAGE, runDsiCommand } from '../modules/interest-profile/index.ts';
import { NETWORK_COMMAND_USAGE, runNetworkCommand } from '../modules/network-harvest/index.ts';

const USAGE = `estante — the Estante catalogue command

  estante serve [--workers N]             run the catalogue (web + API on PORT); N processes share the
                                          port and the database (PostgreSQL only; also WORKERS=N)
  estante migrate                         apply database migrations
  estante backup FILE                     back up the embedded database to FILE (with the catalogue stopped)
  estante restore FILE                    replace the embedded database by the backup in FILE (with the
                                          catalogue stopped); the replaced one is kept aside
  estante import FILE... [--library CODE] import MARC 21 (ISO 2709 or MARCXML, UTF-8 or MARC-8)
  estante import FILE... --network CODE [--network-name "NAME"]
                                          load another institution's records into the library network
                                          (the rede-oai search tab); NAME is needed the first time
${NETWORK_COMMAND_USAGE}
  estante seed-demo                       load the demo library (again)
  estante seed-synthetic --records N      load N synthetic titles (benchmarks)
  estante search-stats [--min-titles N]   choose the frequent words again and recount their kept filter
                                          counts (after loading a large batch; an import that grows the
                                          catalogue by a tenth or more does it by itself)
  estante settings set KEY VALUE          set an institution setting (e.g. nome, sigla, msg_suporte_consulta,
                                          link_externo, link_catalogo_rede; VALUE null removes a link)
${INSTITUTION_USAGE}
  estante activity on|off CODE            turn a feature activity on or off (SPEC activity codes)
${USER_COMMAND_USAGE}
${ACCOUNT_COMMAND_USAGE}
${DESK_COMMAND_USAGE}
${COMMENTS_COMMAND_USAGE}
${PRIVACY_COMMAND_USAGE}
${DATABASES_USAGE}
${STAFF_COMMAND_USAGE}
${REQUESTS_COMMAND_USAGE}
${SUGGESTIONS_COMMAND_USAGE}
${DSI_COMMAND_USAGE}

The database comes from DATABASE_URL (PostgreSQL) or DATA_DIR (embedded, default ./data).
With PostgreSQL, back up and restore with pg_dump and pg_restore (README "Backup and restore").`;

/** What a command prints, on the console. */
const CONSOLE_IO = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

/** Who a librarian's command says decided, when it is not told (--by). */
const STAFF_ACTOR = `staff:${process.env.USER ?? 'cli'}`;

/** Runs a command that may e-mail patrons, with the mailer of SMTP_HOST (if set), closed afterwards. */
async function withMailer<T>(config: Config, run: (mailer: Mailer | undefined) => Promise<T>): Promise<T> {
  const mailer = mailerFromConfig(config);
  try {
    return await run(mailer);
  } finally {
    await mailer?.close();
  }
}

function printSummary(label: string, summary: ImportSummary): void {
  console.log(
    `${label}: read ${summary.read}, inserted ${summary.inserted}, updated ${summary.updated}, skipped ${summary.skipped.length}`,
  );
  for (const skip of summary.skipped)
    console.log(`  skipped record ${skip.position} of ${skip.file}: ${skip.reason}`);
}

/** The institution of `--network CODE [--network-name NAME]`, undefined without it, or what is wrong. */
function networkOption(
  code: string | undefined,
  name: string | undefined,
  library: string | undefined,
): NetworkInstitutionInput | undefined | string {
  if (code === undefined) return name === undefined ? undefined : '--network-name needs --network CODE.';
  if (!/^\d{1,9}$/.test(code) || Number(code) < 1)
    return `--network takes the institution's code, a positive whole number (got "${code}").`;
  if (library !== undefined) return '--library names a local library; a network import has no copies.';
  if (name !== undefined && name.trim() === '') return '--network-name cannot be empty.';
  return { code: Number(code), ...(name !== undefined ? { name } : {}) };
}

async function countTitles(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title')).rows[0]!.n;
}

function printSearchStats(stats: SearchStatsSummary): void {
  console.log(
    `Search statistics: ${stats.words} frequent words (held by ${stats.minTitles} titles or more) ` +
      `of ${stats.titles} titles, counted in ${stats.seconds.toFixed(1)} s.`,
  );
}

/** `estante backup FILE` / `estante restore FILE` of the embedded database (decision 0036). */
async function backupCommand(command: 'backup' | 'restore', args: string[], config: Config): Promise<number> {
  if (args.length !== 1) {
    console.error(`usage: estante ${command} FILE`);
    return 2;
  }
  if (config.DATABASE_URL) {
    console.error(
      `estante ${command}: DATABASE_URL names a PostgreSQL server; use pg_dump / pg_restore (README "Backup and restore").`,
    );
    return 2;
  }
  const dataDir = resolve(config.DATA_DIR);
  const file = resolve(args[0]!);
  try {
    if (command === 'backup') {
      const { bytes } = await backupPglite(dataDir, file);
      console.log(`Backup of the ${describeDb(config)} written to ${file} (${(bytes / 1e6).toFixed(1)} MB).`);
    } else {
      const { previous } = await restorePglite(dataDir, file);
      console.log(`The ${describeDb(config)} was restored from ${file}.`);
      if (previous) console.log(`The database it replaced is in ${previous}; remove it once all is well.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof NotABackupError || error instanceof DatabaseInUseError)) throw error;
    console.error(`estante ${command}: ${error.message}`);
    return 1;
  }
}

/**
 * `estante serve [--workers N]`: the server of `npm start` (server.ts), N processes when asked
 * (decision 0073). It runs until stopped, so the answer never comes; the server ends the process.
 */
async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } } });
  if (values.workers !== undefined) process.env.WORKERS = values.workers;
  await import('../server.ts');
  return new Promise<number>(() => undefined);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'serve') return serveCommand(rest);
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') return backupCommand(command, rest, config);
  const db = await openConfiguredDb(config);
  try {
    switch (command) {
      case 'migrate':
        console.log(`Migrations applied to the ${describeDb(config)}.`);
        return 0;
      case 'import': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            library: { type: 'string' },
            network: { type: 'string' },
            'network-name': { type: 'string' },
          },
        });
        if (positionals.length === 0) {
          console.error('estante import: give at least one MARC file.');
          return 2;
        }
        const network = networkOption(values.network, values['network-name'], values.library);
        if (typeof network === 'string') {
          console.error(`estante import: ${network}`);
          return 2;
        }
        if (network) {
          try {
            const { inserted } = await ensureNetworkInstitution(db, network);
            if (inserted) console.log(`Network institution ${network.code} (${network.name ?? ''}) added.`);
          } catch (error) {
            if (!(error instanceof UnnamedNetworkInstitution)) throw error;
            console.error(`estante import: ${error.message}.`);
            return 2;
          }
        }
        const total: ImportSummary = { read: 0, inserted: 0, updated: 0, skipped: [] };
        const titlesBefore = network ? 0 : await countTitles(db);
        // Suggesters whose title arrives are told by e-mail too when SMTP_HOST is set (decision 0050).
        const mailer = mailerFromConfig(config);
        try {
          for (const file of positionals) {
            const started = Date.now();
            const summary = await importFile(db, file, {
              ...(values.library ? { defaultLibraryCode: values.library } : {}),
              ...(network ? { network } : {}),
              mailer,
              onMailError: (error) =>
                console.error(
                  `estante import: a suggester's e-mail was not sent (${(error as Error).message}).`,
                ),
              onProgress: (s) => progressLine(`${file}: ${s.read} records`, s.read, started),
            });
            progressLine.done();
            const seconds = (Date.now() - started) / 1000;
            printSummary(
              `${file} (${Math.round(summary.read / Math.max(seconds, 0.001))} records/s)`,
              summary,
            );
            total.read += summary.read;
            total.inserted += summary.inserted;
            total.updated += summary.updated;
            total.skipped.push(...summary.skipped);
          }
        } finally {
          await mailer?.close();
        }
        if (positionals.length > 1) {
          console.log(
            `Total: read ${total.read}, inserted ${total.inserted}, updated ${total.updated}, skipped ${total.skipped.length}`,
          );
        }
        // A catalogue grown by a tenth has other frequent words (docs/search.md "Kept counts").
        if (!network && total.inserted >= Math.max(1, titlesBefore / 10))
          printSearchStats(await rebuildSearchStats(db));
        return 0;
      }
      case 'seed-demo': {
        const result = await seedDemo(db, console.log);
        console.log(`Demo library loaded: ${result.titles} titles.`);
        return 0;
      }
      case 'seed-synthetic': {
        const { values } = parseArgs({
          args: rest,
          options: { records: { type: 'string' }, seed: { type: 'string' } },
        });
        const records = Number(values.records);
        if (!Number.isInteger(records) || records < 1) {
          console.error('estante seed-synthetic: --records must be a positive whole number.');
          return 2;
        }
        const started = Date.now();
        const result = await seedSynthetic(db, {
          records,
          ...(values.seed ? { seed: Number(values.seed) } : {}),
          onProgress: (done) => progressLine(`synthetic: ${done}/${records}`, done, started),
        });
        progressLine.done();
        console.log(
          `Synthetic catalogue: ${result.inserted} titles inserted in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
        return 0;
      }
      case 'search-stats': {
        const { values } = parseArgs({ args: rest, options: { 'min-titles': { type: 'string' } } });
        const minTitles = values['min-titles'] === undefined ? undefined : Number(values['min-titles']);
        if (minTitles !== undefined && (!Number.isInteger(minTitles) || minTitles < 1)) {
          console.error('estante search-stats: --min-titles must be a positive whole number.');
          return 2;
        }
        printSearchStats(await rebuildSearchStats(db, minTitles === undefined ? {} : { minTitles }));
        return 0;
      }
      case 'settings':
        // await: the finally below closes the database.
        return await runInstitutionCommand(db, rest);
      case 'user':
        // await: the finally below closes the database.
        return await runUserCommand(db, rest, {
          out: (line) => console.log(line),
          err: (line) => console.error(line),
          readStdin: async () => {
            const chunks: Buffer[] = [];
            for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
            return Buffer.concat(chunks).toString('utf8');
          },
        });
      case 'account':
        // await: the finally below closes the database.
        return await runAccountCommand(db, rest, {
          out: (line) => console.log(line),
          err: (line) => console.error(line),
        });
      // Commands that tell patrons: their e-mails go out when SMTP_HOST is set.
      case 'desk':
        // Circulation desk operations (hold released, automatic renewal).
        return await withMailer(config, (mailer) => runDeskCommand(db, rest, CONSOLE_IO, { mailer }));
      case 'comments':
        // The author's alert.
        return await withMailer(config, (mailer) =>
          runCommentsCommand(db, rest, CONSOLE_IO, { actor: STAFF_ACTOR, mailer }),
        );
      case 'requests':
        // Bibliographic requests and catalogue sheets (decisions 0048, 0049): the patron's alert.
        return await withMailer(config, (mailer) =>
          runRequestsCommand(db, rest, CONSOLE_IO, { actor: STAFF_ACTOR, mailer }),
        );
      case 'suggestions':
        // Purchase suggestions and orders (decision 0050): the suggester's alert.
        return await withMailer(config, (mailer) =>
          runSuggestionsCommand(db, rest, CONSOLE_IO, { actor: STAFF_ACTOR, mailer }),
        );
      case 'privacy':
        // await: the finally below closes the database.
        return await runPrivacyCommand(db, rest, {
          out: (line) => console.log(line),
          err: (line) => console.error(line),
        });
      case 'databases':
        // await: the finally below closes the database.
        return await runDatabasesCommand(db, rest, {
          log: (line) => console.log(line),
          error: (line) => console.error(line),
        });
      case 'staff':
        // await: the finally below closes the database.
        return await runStaffCommand(db, rest, CONSOLE_IO, {
          actor: `operator:${process.env.USER ?? 'cli'}`,
        });
      case 'dsi':
        // The interest-profile digests (decision 0052).
        return await withMailer(config, (mailer) => runDsiCommand(db, rest, CONSOLE_IO, { mailer }));
      case 'network':
        // Harvesting the library network by OAI-PMH (decision 0067).
        return await runNetworkCommand(db, rest, CONSOLE_IO);
      case 'activity': {
        const [state, code] = rest;
        if ((state !== 'on' && state !== 'off') || !code || !Number.isInteger(Number(code))) {
          console.error('usage: estante activity on|off CODE');
          return 2;
        }
        const found = await setActivity(db, Number(code), state === 'on');
        console.log(found ? `Activity ${code} turned ${state}.` : `No activity ${code}.`);
        return found ? 0 : 1;
      }
      default:
        console.error(`estante: unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } finally {
    await db.close();
  }
}

process.env.TZ = 'UTC';
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `estante: ${(error as Error).message}`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
