import type { CommentReceipt, SuggestionReceipt, SuggestionRequest } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { suggestionMatchKey } from '../suggestions/match-key.ts';
import { INSTITUTION_ERRORS } from './errors.ts';
import { nullIfEmpty } from './presenters.ts';
import {
  countCommentsSince,
  findLibrary,
  insertComment,
  insertSuggestion,
  lockPatron,
  readSettings,
} from './repository.ts';

/** Institution setting holding how many general comments a patron may send in 24 hours. */
export const COMMENT_LIMIT_SETTING = 'comentarios_limite_diario';
/** Comments a patron may send in 24 hours when the institution has not set a limit (decision 0013). */
export const DEFAULT_COMMENT_LIMIT = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily comment limit from the settings; a missing or malformed value means the default. */
export function commentLimit(settings: Record<string, unknown>): number {
  const value = settings[COMMENT_LIMIT_SETTING];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_COMMENT_LIMIT;
}

/**
 * Stores a patron's general comment to a library, pending approval (SPEC §4). Refused with 422 when the
 * library is unknown or the patron has reached the limit of the last 24 hours (SPEC §8 "comment limit").
 */
export async function sendComment(
  db: Db,
  clock: Clock,
  input: { patronId: number; libraryId: number; content: string },
): Promise<CommentReceipt> {
  const limit = commentLimit(await readSettings(db));
  const now = clock.now();
  const saved = await db.transaction(async (tx) => {
    if (!(await findLibrary(tx, input.libraryId))) throw INSTITUTION_ERRORS.unknownLibrary();
    // Two sends at once must not both slip under the limit: count with the patron's row locked.
    await lockPatron(tx, input.patronId);
    const sent = await countCommentsSince(tx, input.patronId, new Date(now.getTime() - DAY_MS));
    if (sent >= limit) throw INSTITUTION_ERRORS.commentLimitExceeded();
    return insertComment(tx, { ...input, createdAt: now });
  });
  return {
    codigo: Number(saved.id),
    data_envio: new Date(saved.created_at).toISOString(),
    aprovacao_necessaria: true,
  };
}

/** Stores a patron's purchase suggestion as a pre-suggestion; the library must belong to the campus. */
export async function sendSuggestion(
  db: Db,
  clock: Clock,
  input: { patronId: number; request: SuggestionRequest },
): Promise<SuggestionReceipt> {
  const { request } = input;
  const library = await findLibrary(db, request.biblioteca);
  if (!library) throw INSTITUTION_ERRORS.unknownLibrary();
  if (library.campus_id !== request.campus) throw INSTITUTION_ERRORS.libraryNotInCampus();
  const saved = await insertSuggestion(db, {
    patronId: input.patronId,
    campusId: request.campus,
    libraryId: request.biblioteca,
    author: nullIfEmpty(request.autor),
    title: request.titulo,
    edition: nullIfEmpty(request.edicao),
    publisher: request.editor,
    isbnIssn: nullIfEmpty(request.isbn_issn),
    matchKey: suggestionMatchKey(request.isbn_issn),
    isPeriodical: request.periodico ?? false,
    otherInfo: nullIfEmpty(request.outras_inf),
    createdAt: clock.now(),
  });
  return {
    codigo: Number(saved.id),
    situacao: 'pre-sugestao',
    data_criacao: new Date(saved.created_at).toISOString(),
  };
}

/** The default window of the events calendar: from the first day of this month to the end of the month after next. */
export function defaultCalendarWindow(now: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  return { from, to };
}
