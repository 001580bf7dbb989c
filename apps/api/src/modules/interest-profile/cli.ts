import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { runDissemination } from './dissemination.ts';

/** Usage lines of `estante dsi`, for the command's help. */
export const DSI_COMMAND_USAGE = `  estante dsi run                         match what was catalogued since the last run against the
                                          interest profiles: alerts, and one e-mail per patron`;

/** `estante dsi run` (decision 0052). Answers the exit code. */
export async function runDsiCommand(
  db: Db,
  args: string[],
  io: { out(line: string): void; err(line: string): void },
  options: { clock?: Clock; mailer?: Mailer | undefined } = {},
): Promise<number> {
  if (args.length !== 1 || args[0] !== 'run') {
    io.err(`usage:\n${DSI_COMMAND_USAGE}`);
    return 2;
  }
  if (!options.mailer) io.out('E-mail is off (no SMTP_HOST): alerts only.');
  const report = await runDissemination({
    db,
    clock: options.clock ?? systemClock,
    mailer: options.mailer,
    onMailError: (error) =>
      io.err(
        `estante dsi: a digest was not sent (${error instanceof Error ? error.message : String(error)}).`,
      ),
  });
  io.out(
    `Dissemination: ${report.matches} new matches alerted, ${report.mailed} e-mail digests sent` +
      (report.mailFailed ? `, ${report.mailFailed} refused (tried again next run).` : '.'),
  );
  return report.mailFailed > 0 ? 1 : 0;
}
