import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType } from '@estante/contract';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { CATALOGUE_SHEET_COMMAND_USAGE, runCatalogueSheetCommand } from '../catalogue-sheets/index.ts';
import { RequestMoveRefusal } from './errors.ts';
import { requestSubject } from './presenters.ts';
import { eventsOf, findRequest, listAll } from './repository.ts';
import { moveRequest, type AnswerFile } from './service.ts';

/** Usage lines of `estante requests`, for the command's help. */
export const REQUESTS_COMMAND_USAGE = `  estante requests list [--type T] [--status S] [--limit N]
                                          patrons' bibliographic requests, oldest first (T: ${REQUEST_TYPES.join(', ')};
                                          S: ${REQUEST_STATUSES.join(', ')})
  estante requests show ID                a request's fields, history and answer
  estante requests move ID STATUS [--note "TEXT"] [--answer "TEXT"] [--file PATH] [--by NAME]
                                          move it (the patron is alerted, and e-mailed if they chose to be);
                                          --answer and --file give the library's answer
${CATALOGUE_SHEET_COMMAND_USAGE}`;

/** What the command reads and writes, so a test can drive it. */
export interface RequestsIo {
  out(line: string): void;
  err(line: string): void;
}

/** Largest answer file the command attaches (the database keeps it in the request's row). */
export const ANSWER_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Content types of the answer files a library usually sends; anything else goes as bytes. */
const FILE_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.ris': 'application/x-research-info-systems',
  '.bib': 'application/x-bibtex',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.zip': 'application/zip',
};

/** Options every sub-command receives. */
export interface RequestsCommandOptions {
  clock: Clock;
  actor: string;
  mailer?: Mailer | undefined;
}

/**
 * Sub-commands of one request type, with their own arguments (e.g. the catalogue sheet's `sheet`):
 * `estante requests NAME …` runs REQUEST_SUBCOMMANDS[NAME] before the common ones are looked at.
 * Add their usage lines to REQUESTS_COMMAND_USAGE.
 */
const REQUEST_SUBCOMMANDS: Record<
  string,
  (db: Db, args: string[], io: RequestsIo, options: RequestsCommandOptions) => Promise<number>
> = {
  sheet: runCatalogueSheetCommand,
};

function requestId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

const day = (value: Date) => new Date(value).toISOString().slice(0, 16).replace('T', ' ');

/**
 * `estante requests …`: the library's side of the bibliographic requests by command (decision 0048);
 * the staff workspace's reference desk does the same over HTTP (decision 0060). `actor` names who moves when --by is not given. Answers the exit code.
 */
export async function runRequestsCommand(
  db: Db,
  args: string[],
  io: RequestsIo,
  options: { clock?: Clock; actor: string; mailer?: Mailer | undefined },
): Promise<number> {
  const clock = options.clock ?? systemClock;
  const [action, ...rest] = args;
  const usage = () => {
    io.err(`usage:\n${REQUESTS_COMMAND_USAGE}`);
    return 2;
  };
  const subcommand = action === undefined ? undefined : REQUEST_SUBCOMMANDS[action];
  if (subcommand) return subcommand(db, rest, io, { ...options, clock });
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        type: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        note: { type: 'string' },
        answer: { type: 'string' },
        file: { type: 'string' },
        by: { type: 'string' },
      },
    });
  } catch {
    return usage();
  }
  const { values, positionals } = parsed;
  try {
    switch (action) {
      case 'list': {
        const type = values.type ?? null;
        const status = values.status ?? null;
        const limit = values.limit === undefined ? 100 : Number(values.limit);
        if (
          (type !== null && !(REQUEST_TYPES as readonly string[]).includes(type)) ||
          (status !== null && !(REQUEST_STATUSES as readonly string[]).includes(status)) ||
          !Number.isInteger(limit) ||
          limit < 1 ||
          limit > 10_000 ||
          positionals.length > 0
        )
          return usage();
        const rows = await listAll(db, {
          type: type as RequestType | null,
          status: status === null ? null : [status as RequestStatus],
          limit,
        });
        if (rows.length === 0) io.out('No requests.');
        for (const row of rows) {
          const kind = row.subtype ? `${row.type}/${row.subtype}` : row.type;
          io.out(
            `${row.id}  ${day(row.created_at)}  ${row.status}  ${kind}  ${row.patron_login} (${row.patron_name}): ${requestSubject(row)}`,
          );
        }
        return 0;
      }
      case 'show': {
        const id = requestId(positionals[0]);
        if (id === null || positionals.length !== 1) return usage();
        const row = await findRequest(db, id);
        if (!row) throw new RequestMoveRefusal('NOT_FOUND');
        io.out(`Request ${row.id}: ${row.subtype ? `${row.type}/${row.subtype}` : row.type}, ${row.status}`);
        io.out(`Patron: ${row.patron_login} (${row.patron_name})`);
        io.out(`Library: ${row.library_name ?? '-'}`);
        io.out(`Sent: ${day(row.created_at)}`);
        for (const [name, value] of Object.entries(row.fields))
          io.out(`  ${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
        io.out('History:');
        for (const event of await eventsOf(db, [row.id]))
          io.out(
            `  ${day(event.at)}  ${event.status}${event.staff ? ` by ${event.staff}` : ''}${event.note ? `: ${event.note}` : ''}`,
          );
        if (row.answer_text) io.out(`Answer: ${row.answer_text}`);
        if (row.answer_file_name)
          io.out(`Answer file: ${row.answer_file_name} (${row.answer_file_type ?? ''})`);
        return 0;
      }
      case 'move': {
        const id = requestId(positionals[0]);
        const status = positionals[1];
        if (
          id === null ||
          positionals.length !== 2 ||
          !(REQUEST_STATUSES as readonly string[]).includes(status!)
        )
          return usage();
        let file: AnswerFile | null = null;
        if (values.file !== undefined) {
          const size = await stat(values.file).then(
            (info) => (info.isFile() ? info.size : -1),
            () => -1,
          );
          if (size < 0) {
            io.err(`estante requests: cannot read the file ${values.file}.`);
            return 1;
          }
          if (size > ANSWER_FILE_MAX_BYTES) {
            io.err(`estante requests: the file is larger than ${ANSWER_FILE_MAX_BYTES / 1024 / 1024} MB.`);
            return 1;
          }
          file = {
            name: basename(values.file),
            type: FILE_TYPES[extname(values.file).toLowerCase()] ?? 'application/octet-stream',
            content: await readFile(values.file),
          };
        }
        const moved = await moveRequest(
          db,
          clock,
          {
            requestId: id,
            status: status as RequestStatus,
            by: values.by?.trim() || options.actor,
            note: values.note ?? null,
            answer: { text: values.answer ?? null, file },
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
          `Request ${moved.id} moved from ${moved.from} to ${moved.status} by ${moved.by}: "${moved.subject}".`,
        );
        return 0;
      }
      default:
        return usage();
    }
  } catch (error) {
    if (!(error instanceof RequestMoveRefusal)) throw error;
    io.err(`estante requests: ${error.message}.`);
    return 1;
  }
}
