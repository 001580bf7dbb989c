import {
  REQUEST_TRANSITIONS,
  libraryRequestProblems,
  type LibraryRequest,
  type LibraryRequestBody,
  type LibraryRequestFile,
  type RequestStatus,
  type RequestType,
  type SpecializedSearchBody,
  type SurveyRequestBody,
  type SwitchingKind,
  type StaffRequest,
  type StaffRequests,
  type StaffRequestsQuery,
  type SwitchingRequestBody,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { recordAlert } from '../alerts/index.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import { LIBRARY_REQUEST_ERRORS, RequestMoveRefusal } from './errors.ts';
import { presentRequest, presentStaffRequest, requestSubject } from './presenters.ts';
import {
  countAll,
  eventsOf,
  fileOf,
  findRequest,
  insertEvent,
  insertRequest,
  libraryName,
  listAll,
  listOwn,
  updateRequest,
  type LibraryRequestRow,
} from './repository.ts';

/** A request with its history, as its patron reads it. */
async function present(db: Queryable, row: LibraryRequestRow): Promise<LibraryRequest> {
  return presentRequest(row, await eventsOf(db, [row.id]));
}

/**
 * Stores a request of any type, waiting for the library, with the first step of its history, and
 * answers it as the patron reads it. The caller has checked the fields (the catalogue sheet checks
 * its own); a library that is not the institution's is refused with a 422.
 */
export async function createLibraryRequest(
  db: Db,
  clock: Clock,
  input: {
    patronId: number;
    type: RequestType;
    subtype?: string | null;
    libraryId: number | null;
    fields: Record<string, unknown>;
    libraryData?: Record<string, unknown>;
  },
): Promise<LibraryRequest> {
  if (input.libraryId !== null && (await libraryName(db, input.libraryId)) === null)
    throw LIBRARY_REQUEST_ERRORS.libraryUnknown();
  const id = await db.transaction((tx) =>
    insertRequest(tx, {
      patronId: input.patronId,
      type: input.type,
      subtype: input.subtype ?? null,
      libraryId: input.libraryId,
      fields: input.fields,
      ...(input.libraryData ? { libraryData: input.libraryData } : {}),
      at: clock.now(),
    }),
  );
  return present(db, (await findRequest(db, id))!);
}

/** The fields worth keeping: trimmed texts, without the blank ones and without the library. */
function keptFields(body: Partial<LibraryRequestBody>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'biblioteca' || value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    fields[name] = typeof value === 'string' ? value.trim() : value;
  }
  if (typeof fields['email'] === 'string')
    fields['email'] = fields['email']
      .split(';')
      .map((email) => email.trim())
      .filter(Boolean)
      .join('; ');
  return fields;
}

/** Checks a request's SPEC §5 rules (the first problem is the 422) and stores it. */
async function sendChecked(
  db: Db,
  clock: Clock,
  patronId: number,
  form: SwitchingKind | 'levantamento-bibliografico' | 'pesquisa-especializada',
  body: Partial<LibraryRequestBody>,
): Promise<LibraryRequest> {
  const [problem] = libraryRequestProblems(form, body, clock.now().getUTCFullYear());
  if (problem) throw LIBRARY_REQUEST_ERRORS.invalid(problem);
  const isSwitching = form !== 'levantamento-bibliografico' && form !== 'pesquisa-especializada';
  return createLibraryRequest(db, clock, {
    patronId,
    type: isSwitching ? 'comutacao-bibliografica' : form,
    subtype: isSwitching ? form : null,
    libraryId: body.biblioteca ?? null,
    fields: keptFields(body),
  });
}

/** POST /solicitacoes/comutacao-bibliografica/{type}: a copy of an article, a thesis or part of a document. */
export function sendSwitchingRequest(
  db: Db,
  clock: Clock,
  patronId: number,
  kind: SwitchingKind,
  body: SwitchingRequestBody,
): Promise<LibraryRequest> {
  // A thesis's degree belongs to a thesis only; the journal and the document to their kinds.
  const { grau, instituicao, titulo_periodico, titulo_documento, volume, numero, ...rest } = body;
  const own =
    kind === 'tese'
      ? { grau, instituicao }
      : kind === 'artigo'
        ? { titulo_periodico, volume, numero }
        : { titulo_documento };
  return sendChecked(db, clock, patronId, kind, { ...rest, ...own });
}

/** POST /solicitacoes/levantamento-bibliografico. */
export function sendSurveyRequest(
  db: Db,
  clock: Clock,
  patronId: number,
  body: SurveyRequestBody,
): Promise<LibraryRequest> {
  return sendChecked(db, clock, patronId, 'levantamento-bibliografico', body);
}

/** POST /solicitacoes/pesquisa-especializada. */
export function sendSpecializedSearch(
  db: Db,
  clock: Clock,
  patronId: number,
  body: SpecializedSearchBody,
): Promise<LibraryRequest> {
  return sendChecked(db, clock, patronId, 'pesquisa-especializada', body);
}

/** GET /solicitacoes/{type}: the patron's own requests of a type, newest first, by status when given. */
export async function ownRequests(
  db: Db,
  patronId: number,
  type: RequestType,
  status: RequestStatus | null,
): Promise<LibraryRequest[]> {
  const rows = await listOwn(db, patronId, type, status);
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentRequest(row, events));
}

/** One of the patron's own requests of a type; another patron's, or another type's, is a 404. */
async function ownRequest(db: Queryable, patronId: number, type: RequestType, id: number, lock = false) {
  const row = await findRequest(db, id, { lock });
  if (!row || row.patron_id !== patronId || row.type !== type) throw ERRORS.notFound();
  return row;
}

/** The patron cancels one of their requests, only while it waits (decision 0047); answers it. */
export async function cancelOwnRequest(
  db: Db,
  clock: Clock,
  patronId: number,
  type: RequestType,
  id: number,
): Promise<LibraryRequest> {
  await db.transaction(async (tx) => {
    const row = await ownRequest(tx, patronId, type, id, true);
    if (row.status !== 'aguardando') throw LIBRARY_REQUEST_ERRORS.notCancellable();
    const at = clock.now();
    await updateRequest(tx, id, { status: 'cancelada', at });
    await insertEvent(tx, { requestId: id, status: 'cancelada', note: null, staff: null, at });
  });
  return present(db, (await findRequest(db, id))!);
}

/** GET /solicitacoes/{type}/{id}/arquivo: the file of the library's answer to one of the patron's requests. */
export async function ownRequestFile(
  db: Db,
  patronId: number,
  type: RequestType,
  id: number,
): Promise<LibraryRequestFile> {
  const file = await fileOf(db, patronId, type, id);
  if (!file) throw ERRORS.notFound();
  return { nome_arquivo: file.name, tipo: file.type, conteudo: file.content.toString('base64') };
}

/** The file a librarian attaches to an answer. */
export interface AnswerFile {
  name: string;
  type: string;
  content: Buffer;
}

/** Where a move's alert e-mail goes, when the patron wants e-mails (none: the alert only). */
export interface MoveOptions {
  mailer?: Mailer | undefined;
  /** Told when the e-mail could not be sent (the move and the alert stand). */
  onMailError?: (error: unknown) => void;
  /** The signed-in member of staff moving it: the move is written to the audit log (decision 0056). */
  auditAs?: StaffActor | undefined;
}

/** A request the library moved, with its patron (for the caller's own notices). */
export interface MovedRequest {
  id: number;
  patronId: number;
  type: RequestType;
  subject: string;
  from: RequestStatus;
  status: RequestStatus;
  by: string;
}

/**
 * The library moves a request to another status (REQUEST_TRANSITIONS; a closed one never moves),
 * optionally answering it (a text and/or a file), writes the step of its history with the note and
 * who moved it, and tells the patron with an alert (decision 0044) in the same transaction; the
 * alert's e-mail goes after the commit when the patron receives e-mail. A request not answered
 * needs its reason (the answer or the note). Throws RequestMoveRefusal otherwise. The catalogue
 * sheet and the staff workspace use it too.
 */
export async function moveRequest(
  db: Db,
  clock: Clock,
  input: {
    requestId: number;
    status: RequestStatus;
    by: string;
    note?: string | null;
    answer?: { text?: string | null; file?: AnswerFile | null };
  },
  options: MoveOptions = {},
): Promise<MovedRequest> {
  const note = input.note?.trim() || null;
  const text = input.answer?.text?.trim() || undefined;
  const at = clock.now();
  const { moved, mail } = await db.transaction(async (tx) => {
    const row = await findRequest(tx, input.requestId, { lock: true });
    if (!row) throw new RequestMoveRefusal('NOT_FOUND');
    const allowed = REQUEST_TRANSITIONS[row.status];
    if (allowed.length === 0) throw new RequestMoveRefusal('CLOSED');
    if (!allowed.includes(input.status)) throw new RequestMoveRefusal('NOT_ALLOWED');
    // A catalogue sheet is answered by its final sheet (changeSheet), never by a bare move.
    if (row.type === 'ficha-catalografica' && input.status === 'atendida')
      throw new RequestMoveRefusal('SHEET_ISSUED_ONLY');
    if (input.status === 'nao_atendida' && !note && !text && !row.answer_text)
      throw new RequestMoveRefusal('REASON_REQUIRED');
    await updateRequest(tx, row.id, {
      status: input.status,
      at,
      ...(text !== undefined ? { answerText: text } : {}),
      ...(input.answer?.file ? { file: input.answer.file } : {}),
    });
    await insertEvent(tx, { requestId: row.id, status: input.status, note, staff: input.by, at });
    if (options.auditAs)
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: 'request.move',
        target: { kind: 'library_request', id: row.id },
        before: { status: row.status, answer: row.answer_text, file: row.answer_file_name },
        after: {
          status: input.status,
          note,
          answer: text ?? row.answer_text,
          file: input.answer?.file?.name ?? row.answer_file_name,
        },
        at,
      });
    const subject = requestSubject(row);
    const recorded = await recordAlert(tx, {
      patronId: row.patron_id,
      kind: 'requestStatus',
      params: { title: subject, requestId: row.id, type: row.type, status: input.status },
      at,
    });
    return {
      moved: {
        id: row.id,
        patronId: row.patron_id,
        type: row.type,
        subject,
        from: row.status,
        status: input.status,
        by: input.by,
      },
      mail: recorded?.mail ?? null,
    };
  });
  if (mail && options.mailer) await options.mailer.send(mail).catch((error) => options.onMailError?.(error));
  return moved;
}

/**
 * The library answers a request without moving it (a text and/or a file, e.g. the catalogue sheet's
 * final PDF before it is marked answered). A cancelled request takes no answer. Throws
 * RequestMoveRefusal for an unknown or cancelled request.
 */
export async function answerRequest(
  db: Db,
  clock: Clock,
  input: { requestId: number; text?: string | null; file?: AnswerFile | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findRequest(tx, input.requestId, { lock: true });
    if (!row) throw new RequestMoveRefusal('NOT_FOUND');
    if (row.status === 'cancelada') throw new RequestMoveRefusal('CLOSED');
    const text = input.text?.trim();
    await updateRequest(tx, row.id, {
      status: row.status,
      at: clock.now(),
      ...(text ? { answerText: text } : {}),
      ...(input.file ? { file: input.file } : {}),
    });
  });
}

/** The first day after YYYY-MM-DD, at midnight UTC (the end of a day filter, exclusive). */
function dayAfter(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);
}

/**
 * The library's queue (decision 0060): every patron's requests of a type (all types when none),
 * by status and by sending day, oldest first (they have waited longest), each with its patron, its
 * history naming who moved it, and the answer; `total` counts every match beyond the page.
 */
export async function libraryQueue(db: Db, query: StaffRequestsQuery, limit: number): Promise<StaffRequests> {
  const filter = {
    type: query.tipo ?? null,
    status: query.status === undefined ? null : [query.status].flat(),
    from: query.dataIni ? new Date(`${query.dataIni}T00:00:00Z`) : null,
    to: query.dataFim ? dayAfter(query.dataFim) : null,
  };
  const [rows, total] = await Promise.all([listAll(db, { ...filter, limit }), countAll(db, filter)]);
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => presentStaffRequest(row, events)), total };
}

/** One request as the library reads it, whoever sent it; an unknown one is a 404. */
export async function libraryRequest(db: Db, id: number): Promise<StaffRequest> {
  const row = await findRequest(db, id);
  if (!row) throw ERRORS.notFound();
  return presentStaffRequest(row, await eventsOf(db, [row.id]));
}
