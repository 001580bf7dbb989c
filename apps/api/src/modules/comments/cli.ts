import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { CommentDecisionRefusal } from './errors.ts';
import { listPending } from './repository.ts';
import { approveComment, refuseComment } from './service.ts';
import type { Mailer } from '../../lib/mail.ts';

/** Usage lines of `estante comments`, for the command's help. */
export const COMMENTS_COMMAND_USAGE = `  estante comments pending [--limit N]     title comments awaiting approval, oldest first
  estante comments approve ID [--by NAME]  show the comment on its record page
  estante comments refuse ID --reason "TEXT" [--by NAME]
                                          refuse it; its author reads the reason in the personal area`;

/** What the command reads and writes, so a test can drive it. */
export interface CommentsIo {
  out(line: string): void;
  err(line: string): void;
}

/** Longest part of a comment the queue shows on its line. */
const PREVIEW_LENGTH = 160;

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

function commentId(value: string | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * `estante comments …`: the moderation of title comments until the staff workspace has its screen
 * (decision 0042). `actor` names who decides when --by is not given. Answers the exit code.
 */
export async function runCommentsCommand(
  db: Db,
  args: string[],
  io: CommentsIo,
  options: { clock?: Clock; actor: string; mailer?: Mailer | undefined },
): Promise<number> {
  const clock = options.clock ?? systemClock;
  // The author's alert goes by e-mail too when SMTP is set and they want e-mails (decision 0044).
  const tell = {
    mailer: options.mailer,
    onMailError: (error: unknown) =>
      io.err(
        `estante comments: the author's e-mail was not sent (${error instanceof Error ? error.message : String(error)}).`,
      ),
  };
  const [action, ...rest] = args;
  const usage = () => {
    io.err(`usage:\n${COMMENTS_COMMAND_USAGE}`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { limit: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } },
    });
  } catch {
    return usage();
  }
  const { values, positionals } = parsed;
  const by = values.by?.trim() || options.actor;
  try {
    switch (action) {
      case 'pending': {
        const limit = values.limit === undefined ? 50 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 10_000 || positionals.length > 0) return usage();
        const rows = await listPending(db, limit);
        if (rows.length === 0) io.out('No comments await approval.');
        for (const row of rows) {
          io.out(
            `${row.id}  ${new Date(row.created_at).toISOString().slice(0, 16).replace('T', ' ')}  ` +
              `${row.patron_name} on ${row.title_id} "${row.title}": ${preview(row.content)}`,
          );
        }
        return 0;
      }
      case 'approve': {
        const id = commentId(positionals[0]);
        if (id === null || positionals.length !== 1 || values.reason !== undefined) return usage();
        const decided = await approveComment(db, clock, { commentId: id, by }, tell);
        io.out(`Comment ${decided.id} approved by ${decided.decidedBy}: it shows on "${decided.titleName}".`);
        return 0;
      }
      case 'refuse': {
        const id = commentId(positionals[0]);
        if (id === null || positionals.length !== 1) return usage();
        const decided = await refuseComment(
          db,
          clock,
          { commentId: id, by, reason: values.reason ?? '' },
          tell,
        );
        io.out(`Comment ${decided.id} refused by ${decided.decidedBy}: ${decided.reason ?? ''}`);
        return 0;
      }
      default:
        return usage();
    }
  } catch (error) {
    if (!(error instanceof CommentDecisionRefusal)) throw error;
    io.err(`estante comments: ${error.message}.`);
    return 1;
  }
}
