import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { circulationTimeZone } from '../circulation/index.ts';
import { libraryDay } from '../circulation/local/rules.ts';
import { readSettings, writeSetting } from '../institution/index.ts';
import { runDissemination } from './dissemination.ts';

/** Hour of the library's day from which the daily dissemination runs. */
const DSI_HOUR = 7;
/** Where the server remembers the library day the job last ran, so a restart does not run it twice. */
const DSI_JOB_DAY_SETTING = '__dsi_dia_execucao';

/**
 * The server's daily dissemination (decision 0052): every `everyMinutes` it looks at the library
 * day it last ran, and runs once a library day from 07:00. What a run matches does not depend on
 * this day: it takes everything catalogued since the last run's mark (`estante dsi run` included),
 * so a day missed is caught up the next.
 * Answers a function that stops it and waits for a run under way.
 */
export function startDisseminationJob(options: {
  db: Db;
  clock: Clock;
  mailer?: Mailer | undefined;
  log: { info(message: string): void; error(error: unknown, message: string): void };
  everyMinutes?: number;
}): () => Promise<void> {
  const { db, clock, log } = options;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const timeZone = await circulationTimeZone(db);
      const now = clock.now();
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hour12: false }).format(now),
      );
      const day = libraryDay(now, timeZone);
      if (hour < DSI_HOUR || (await readSettings(db))[DSI_JOB_DAY_SETTING] === day) return;
      await writeSetting(db, DSI_JOB_DAY_SETTING, day);
      const report = await runDissemination({
        db,
        clock,
        mailer: options.mailer,
        timeZone,
        onMailError: (error) => log.error(error, 'interest-profile digest not sent'),
      });
      log.info(`dissemination: ${report.matches} new matches, ${report.mailed} digests sent`);
    } catch (error) {
      log.error(error, 'dissemination job failed');
    }
  };
  const tick = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void tick(), (options.everyMinutes ?? 30) * 60_000);
  timer.unref();
  void tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
