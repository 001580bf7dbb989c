import { parseArgs } from 'node:util';
import type { Db } from '../../lib/db/index.ts';
import { closeRequest, listRequests, type PrivacyRequestRow } from './repository.ts';

/** Usage lines of `estante privacy`, for the command's help. */
export const PRIVACY_COMMAND_USAGE = `  estante privacy requests [--state open|done|refused]
                                          patrons' requests to delete or anonymise their account (LGPD)
  estante privacy request ID done|refuse [--note TEXT] [--by NAME]
                                          close an open request once carried out, or refuse it`;

const STATES: Record<string, PrivacyRequestRow['status']> = {
  open: 'aberto',
  done: 'concluido',
  refused: 'recusado',
};
const STATE_WORDS: Record<PrivacyRequestRow['status'], string> = {
  aberto: 'open',
  concluido: 'done',
  recusado: 'refused',
};
const KIND_WORDS: Record<PrivacyRequestRow['kind'], string> = {
  exclusao: 'delete',
  anonimizacao: 'anonymise',
};

/** What the command writes, so a test can drive it. */
export interface PrivacyCommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** One request as a line (and its blockers, note and answer indented below). */
function describe(row: PrivacyRequestRow): string[] {
  const lines = [
    `#${row.id} ${row.requestedAt.toISOString()} ${row.login} (patron ${row.patronId}) ${KIND_WORDS[row.kind]} ${STATE_WORDS[row.status]}`,
  ];
  if (row.note) lines.push(`    note: ${row.note}`);
  for (const blocker of row.blockers)
    lines.push(
      `    blocked by ${blocker.tipo}: ${blocker.titulo ?? '—'}${blocker.valor !== null ? ` R$ ${blocker.valor.toFixed(2)}` : ''}${blocker.biblioteca ? ` (${blocker.biblioteca})` : ''}`,
    );
  if (row.closedAt)
    lines.push(
      `    closed ${row.closedAt.toISOString()} by ${row.closedBy ?? '—'}${row.staffNote ? `: ${row.staffNote}` : ''}`,
    );
  return lines;
}

/** `estante privacy requests|request`: answers the exit code. */
export async function runPrivacyCommand(
  db: Db,
  args: string[],
  io: PrivacyCommandIo,
  now: () => Date = () => new Date(),
): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'requests') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { state: { type: 'string' } },
    });
    const state = values.state === undefined ? null : (STATES[values.state] ?? undefined);
    if (state === undefined || positionals.length > 0) {
      io.err('usage: estante privacy requests [--state open|done|refused]');
      return 2;
    }
    const rows = await listRequests(db, state);
    if (rows.length === 0) io.out('No requests.');
    for (const row of rows) for (const line of describe(row)) io.out(line);
    return 0;
  }
  if (action === 'request') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { note: { type: 'string' }, by: { type: 'string' } },
    });
    const [id, verdict] = positionals;
    if (
      !id ||
      !/^\d{1,15}$/.test(id) ||
      (verdict !== 'done' && verdict !== 'refuse') ||
      positionals.length > 2
    ) {
      io.err('usage: estante privacy request ID done|refuse [--note TEXT] [--by NAME]');
      return 2;
    }
    const closed = await closeRequest(db, {
      id: Number(id),
      status: verdict === 'done' ? 'concluido' : 'recusado',
      by: `staff:${values.by ?? 'cli'}`,
      note: values.note ?? null,
      at: now(),
    });
    if (!closed) {
      io.err(`estante privacy request: no open request ${id}.`);
      return 1;
    }
    io.out(`Request ${id} ${verdict === 'done' ? 'done' : 'refused'}.`);
    return 0;
  }
  io.err(`usage:\n${PRIVACY_COMMAND_USAGE}`);
  return 2;
}
