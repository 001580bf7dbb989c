import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ensureNetworkInstitution, UnnamedNetworkInstitution } from '../network/index.ts';
import type { RetryPolicy } from './http.ts';
import { describeReport } from './jobs.ts';
import { listSources, removeSource, upsertSource, type HarvestFormat } from './repository.ts';
import { harvestSourceNow } from './service.ts';

/** Usage lines of `estante network`, for the command's help. */
export const NETWORK_COMMAND_USAGE = `  estante network harvest URL --institution CODE [--name "NAME"] [--set SPEC] [--format marc21|oai_dc]
                                          harvest an OAI-PMH repository into the library network (the rede-oai
                                          tab) for institution CODE (NAME is needed the first time); again, only
                                          what changed since. The server then harvests it daily
  estante network sources                 the harvested repositories, with their last run
  estante network remove ID               stop harvesting a repository and remove the records it brought`;

/** What the command reads and writes, so a test can drive it. */
export interface NetworkIo {
  out(line: string): void;
  err(line: string): void;
}

const FORMATS: readonly HarvestFormat[] = ['marc21', 'oai_dc'];
const positiveWhole = (value: string | undefined) =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * `estante network …`: the OAI-PMH sources of the library network (decision 0067). Answers the
 * exit code: 0 done, 1 the harvest failed or another process holds the source, 2 a usage error.
 */
export async function runNetworkCommand(
  db: Db,
  args: string[],
  io: NetworkIo,
  options: { clock?: Clock; retry?: RetryPolicy } = {},
): Promise<number> {
  const clock = options.clock ?? systemClock;
  const [action, ...rest] = args;
  const usage = (problem?: string) => {
    io.err(problem ? `estante network: ${problem}` : `usage:\n${NETWORK_COMMAND_USAGE}`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        institution: { type: 'string' },
        name: { type: 'string' },
        set: { type: 'string' },
        format: { type: 'string' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;

  if (action === 'sources') {
    const sources = await listSources(db);
    if (sources.length === 0) io.out('No repository is harvested yet.');
    for (const s of sources) {
      const last = s.last_result;
      io.out(
        `${s.id}\t${s.institution_code} ${s.institution_name}\t${s.base_url}\t${s.metadata_prefix}` +
          `${s.set_spec ? `\tset ${s.set_spec}` : ''}\t${s.records} records\t` +
          (s.last_run_at
            ? `last run ${s.last_run_at.toISOString()}: ${last?.ok ? 'ok' : `failed (${last?.error ?? ''})`}`
            : 'never run') +
          (s.last_datestamp ? `\tnext from ${s.last_datestamp}` : ''),
      );
    }
    return 0;
  }

  if (action === 'remove') {
    const id = positiveWhole(positionals[0]);
    if (id === null || positionals.length !== 1)
      return usage('remove takes the source number (see `estante network sources`).');
    const records = await removeSource(db, id);
    if (records === null) {
      io.err(`estante network: there is no source ${id}.`);
      return 1;
    }
    io.out(`Source ${id} removed, with its ${records} records.`);
    return 0;
  }

  if (action !== 'harvest') return usage();
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0) return usage('harvest takes one repository base URL.');
  let baseUrl: URL;
  try {
    baseUrl = new URL(url);
  } catch {
    return usage(`"${url}" is not a URL.`);
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:')
    return usage(`the repository's URL must be http or https (got "${url}").`);
  const code = positiveWhole(values.institution);
  if (code === null)
    return usage(
      `--institution takes the institution's code, a positive whole number (got "${values.institution ?? ''}").`,
    );
  const format = (values.format ?? 'marc21') as HarvestFormat;
  if (!FORMATS.includes(format)) return usage(`--format is marc21 or oai_dc (got "${values.format}").`);
  if (values.name !== undefined && values.name.trim() === '') return usage('--name cannot be empty.');

  let institution;
  try {
    institution = await ensureNetworkInstitution(db, { code, ...(values.name ? { name: values.name } : {}) });
  } catch (error) {
    if (!(error instanceof UnnamedNetworkInstitution)) throw error;
    return usage(`institution ${code} is not in the network yet: give its name with --name.`);
  }
  if (institution.inserted) io.out(`Network institution ${code} (${values.name ?? ''}) added.`);
  const source = await upsertSource(db, {
    baseUrl: url,
    setSpec: values.set ?? '',
    format,
    institutionId: institution.id,
  });
  if (source.institutionId !== institution.id)
    return usage(
      `${url} (${format}) is already harvested for another institution; remove that source first.`,
    );

  const done = await harvestSourceNow(db, source.id, {
    clock,
    ...(options.retry ? { retry: options.retry } : {}),
    onRetry: (reason, delay) => io.out(`  ${reason}: trying again in ${Math.round(delay / 1000)} s`),
  });
  if (!done) {
    io.err(`estante network: ${url} is being harvested by another process; try again later.`);
    return 1;
  }
  const { report } = done;
  const line = describeReport(done.source, report);
  (report.ok ? io.out : io.err)(`${line.charAt(0).toUpperCase()}${line.slice(1)}.`);
  for (const skip of report.skipped)
    io.out(`  skipped ${skip.identifier || '(no identifier)'}: ${skip.reason}`);
  if (report.ok)
    io.out(
      report.nextFrom
        ? `Source ${source.id}: the next harvest asks for what changed from ${report.nextFrom}.`
        : `Source ${source.id}: the repository gave no responseDate, so the next harvest takes everything again.`,
    );
  return report.ok ? 0 : 1;
}
