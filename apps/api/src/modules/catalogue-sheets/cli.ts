import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { SheetCommandRefusal } from './errors.ts';
import { changeSheet } from './service.ts';

/** Usage lines of `estante requests sheet`, for the command's help. */
export const CATALOGUE_SHEET_COMMAND_USAGE = `  estante requests sheet ID [--classification X] [--cutter Y] [--subjects "A;B"] [--issue] [--by NAME]
                                          show a catalogue sheet request's card; set the library's
                                          classification, Cutter number and subjects; --issue makes
                                          the final sheet, answers the request and tells the patron`;

/** What the command reads and writes, so a test can drive it. */
export interface CatalogueSheetIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * `estante requests sheet …` (the arguments after `sheet`): the librarian's side of the catalogue
 * sheet by command (decision 0049), as the reference desk's screen does (decision 0060). `actor` names who acts when --by
 * is not given. Answers the exit code.
 */
export async function runCatalogueSheetCommand(
  db: Db,
  args: string[],
  io: CatalogueSheetIo,
  options: { clock?: Clock; actor: string; mailer?: Mailer | undefined },
): Promise<number> {
  const usage = () => {
    io.err(`usage:\n${CATALOGUE_SHEET_COMMAND_USAGE}`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        classification: { type: 'string' },
        cutter: { type: 'string' },
        subjects: { type: 'string' },
        issue: { type: 'boolean', default: false },
        by: { type: 'string' },
      },
    });
  } catch {
    return usage();
  }
  const { values, positionals } = parsed;
  const id = positionals[0];
  if (positionals.length !== 1 || !id || !/^\d{1,9}$/.test(id) || Number(id) < 1) return usage();
  try {
    const sheet = await changeSheet(
      db,
      options.clock ?? systemClock,
      {
        id: Number(id),
        classification: values.classification,
        cutter: values.cutter,
        subjects: values.subjects?.split(';'),
        issue: values.issue,
        by: values.by?.trim() || options.actor,
      },
      {
        mailer: options.mailer,
        onMailError: (error) =>
          io.err(
            `estante requests: the patron's e-mail was not sent (${error instanceof Error ? error.message : String(error)}).`,
          ),
      },
    );
    io.out(
      `Catalogue sheet request ${sheet.id} (${sheet.status})${sheet.issued ? ': final sheet issued' : ''}`,
    );
    for (const line of sheet.lines) io.out(`  ${line}`);
    return 0;
  } catch (error) {
    if (!(error instanceof SheetCommandRefusal)) throw error;
    io.err(`estante requests: ${error.message}.`);
    return 1;
  }
}
