import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { readSettings, writeSetting } from '../institution/index.ts';
import { dueSoonDays } from './dashboard.ts';
import { createCirculationEngine, DEFAULT_TIME_ZONE, type CirculationEngine } from './local/engine.ts';

/** Institution setting naming the library's time zone (IANA, e.g. America/Manaus). */
export const TIME_ZONE_SETTING = 'fuso_horario';
/** Where the server remembers the last day automatic renewal ran, so a restart does not run it twice. */
const AUTO_RENEW_DAY_SETTING = '__circulacao_renovacao_automatica';
/** Hour of the library's day from which automatic renewal runs. */
const AUTO_RENEW_HOUR = 6;

/** The library's time zone: the institution setting when it names a real zone, else America/Sao_Paulo. */
export async function circulationTimeZone(db: Db): Promise<string> {
  const value = (await readSettings(db))[TIME_ZONE_SETTING];
  if (typeof value !== 'string') return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The institution's "days before" for due-soon alerts (decision 0044), default 2. */
export async function dueAlertDays(db: Db): Promise<number> {
  return dueSoonDays(await readSettings(db));
}

/** The engine as the server and the command build it: the institution's time zone, the given mailer. */
export async function openCirculationEngine(options: {
  db: Db;
  clock: Clock;
  mailer?: Mailer | undefined;
  onMailError?: (error: unknown) => void;
}): Promise<CirculationEngine> {
  return createCirculationEngine({ ...options, timeZone: await circulationTimeZone(options.db) });
}

/**
 * The server's circulation jobs: every `everyMinutes` a sweep (late loans, quarantine ends, holds
 * and requests not collected in time) and the due-soon and late alerts (each written once), and
 * once a library day, from 06:00, automatic renewal.
 * Answers a function that stops them and waits for a run under way.
 */
export function startCirculationJobs(options: {
  engine: CirculationEngine;
  db: Db;
  clock: Clock;
  log: { info(message: string): void; error(error: unknown, message: string): void };
  everyMinutes?: number;
}): () => Promise<void> {
  const { engine, db, clock, log } = options;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  const run = async () => {
    try {
      const swept = await engine.sweep();
      if (swept.titles > 0) log.info(`circulation sweep: ${JSON.stringify(swept)}`);
      const due = await engine.alertDueLoans(await dueAlertDays(db));
      if (due.alerts > 0) log.info(`due-loan alerts: ${due.alerts}`);
      const day = engine.today();
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: engine.timeZone,
          hour: '2-digit',
          hour12: false,
        }).format(clock.now()),
      );
      const last = (await readSettings(db))[AUTO_RENEW_DAY_SETTING];
      if (hour >= AUTO_RENEW_HOUR && last !== day) {
        await writeSetting(db, AUTO_RENEW_DAY_SETTING, day);
        const reports = await engine.autoRenew();
        log.info(
          `automatic renewal: ${reports.length} patrons, ${reports.reduce((n, r) => n + r.outcomes.filter((o) => o.renewed).length, 0)} loans renewed`,
        );
      }
    } catch (error) {
      log.error(error, 'circulation job failed');
    }
  };
  const timer = setInterval(() => void tick(), (options.everyMinutes ?? 15) * 60_000);
  timer.unref();
  void tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
