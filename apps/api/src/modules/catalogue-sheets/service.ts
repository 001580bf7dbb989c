import {
  catalogueSheetProblem,
  REQUEST_TRANSITIONS,
  type CatalogueSheet,
  type CatalogueSheetInput,
  type CatalogueSheetLibraryData,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { recordAlert } from '../alerts/index.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import { cardLines, composeCard, type CardFields, type CatalogueCard } from './card.ts';
import { SheetCommandRefusal, sheetRefused } from './errors.ts';
import { catalogueCardPdf } from './pdf.ts';
import {
  findSheet,
  findSheetFile,
  insertEvent,
  insertSheet,
  issueSheet,
  listOwnSheets,
  lockSheet,
  updateLibraryData,
  type SheetRow,
} from './repository.ts';

/** A PDF to send: its bytes, file name and media type. */
export interface SheetFile {
  data: Buffer;
  name: string;
  type: string;
}

/** The fields as kept: texts trimmed, empty optional ones dropped, blank keywords removed. */
function normalized(body: CatalogueSheetInput): CatalogueSheetInput {
  const kept = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  ) as CatalogueSheetInput;
  return { ...kept, palavras_chave: body.palavras_chave.filter((word) => word.trim() !== '') };
}

/** What the library added, with its defaults. */
function libraryData(row: SheetRow): CatalogueSheetLibraryData {
  return {
    classificacao: row.library_data.classificacao ?? null,
    cutter: row.library_data.cutter ?? null,
    assuntos: row.library_data.assuntos ?? [],
  };
}

/** A stored sheet passed SPEC §5 when it was sent, so its required fields are there. */
const cardFields = (row: SheetRow) => row.fields as CardFields;

/** The card the patron sees: the final one once the library issued it, else the draft. */
function patronCard(row: SheetRow): CatalogueCard {
  return composeCard(cardFields(row), row.has_file ? libraryData(row) : null);
}

function present(row: SheetRow): CatalogueSheet {
  const fields = cardFields(row);
  return {
    codigo: row.id,
    situacao: row.status,
    data_solicitacao: new Date(row.created_at).toISOString(),
    data_atualizacao: new Date(row.updated_at).toISOString(),
    titulo: fields.titulo,
    tipo_trabalho: fields.tipo_trabalho,
    ano: fields.ano,
    final: row.has_file,
    ficha: cardLines(patronCard(row)),
    resposta: row.answer_text,
  };
}

/**
 * Stores a catalogue sheet request (SPEC §5 checked first: a 422 names the rule) with its first
 * event, and answers it with its draft card; the draft PDF is drawn from it on request.
 */
export async function sendSheet(
  db: Db,
  clock: Clock,
  input: { patronId: number; body: CatalogueSheetInput },
): Promise<CatalogueSheet> {
  const at = clock.now();
  const problem = catalogueSheetProblem(input.body, at.getUTCFullYear());
  if (problem) throw sheetRefused(problem);
  const id = await db.transaction((tx) =>
    insertSheet(tx, { patronId: input.patronId, fields: normalized(input.body), at }),
  );
  return present((await findSheet(db, id))!);
}

/** The patron's own catalogue sheets, newest first. */
export async function ownSheets(db: Db, patronId: number): Promise<CatalogueSheet[]> {
  return (await listOwnSheets(db, patronId)).map(present);
}

/** The PDF of one of the patron's sheets: the issued one, else the draft; another's is a 404. */
export async function sheetPdf(db: Db, patronId: number, id: number): Promise<SheetFile> {
  const row = await findSheet(db, id, patronId);
  if (!row) throw ERRORS.notFound();
  if (row.has_file) return (await findSheetFile(db, id, patronId))!;
  return {
    data: await catalogueCardPdf(
      patronCard(row),
      `Ficha catalográfica (rascunho) – ${cardFields(row).titulo}`,
    ),
    name: `ficha-catalografica-${id}-rascunho.pdf`,
    type: 'application/pdf',
  };
}

/** A librarian's change to a sheet: any of the library's data, and whether to issue the final sheet. */
export interface SheetChange {
  id: number;
  classification?: string | undefined;
  cutter?: string | undefined;
  subjects?: string[] | undefined;
  issue: boolean;
  /** Who does it (`staff:<login>`), for the request's history. */
  by: string;
}

/** What a librarian's change left: the sheet's state, the library's data and its card. */
export interface ChangedSheet {
  id: number;
  status: CatalogueSheet['situacao'];
  patronId: number;
  issued: boolean;
  data: CatalogueSheetLibraryData;
  lines: string[];
}

/** Where the issue's alert e-mail goes (none: the alert only); a failed send undoes nothing. */
export interface IssueOptions {
  mailer?: Mailer | undefined;
  onMailError?: (error: unknown) => void;
  /** The signed-in member of staff making the change: written to the audit log (decision 0056). */
  auditAs?: StaffActor | undefined;
}

/** A sheet as the library edits it: its state, the library's data and its card as they are now. */
export async function librarySheet(db: Db, id: number): Promise<ChangedSheet> {
  const row = await findSheet(db, id);
  if (!row) throw new SheetCommandRefusal('NOT_FOUND');
  const data = libraryData(row);
  return {
    id: row.id,
    status: row.status,
    patronId: row.patron_id,
    issued: row.has_file,
    data,
    lines: cardLines(composeCard(cardFields(row), data)),
  };
}

/**
 * The librarian's side (the command and the reference desk): sets the classification,
 * the Cutter number and the subjects, and with `issue` draws the final sheet, stores it as the
 * request's answer file, moves the request to answered with an event and alerts the patron (an
 * e-mail after the commit when they receive e-mails). A closed request does not change; issuing
 * needs the classification and the Cutter.
 */
export async function changeSheet(
  db: Db,
  clock: Clock,
  change: SheetChange,
  options: IssueOptions = {},
): Promise<ChangedSheet> {
  const at = clock.now();
  const { row, mail } = await db.transaction(async (tx) => {
    const row = await lockSheet(tx, change.id);
    if (!row) throw new SheetCommandRefusal('NOT_FOUND');
    const touched =
      change.classification !== undefined || change.cutter !== undefined || change.subjects !== undefined;
    if ((touched || change.issue) && REQUEST_TRANSITIONS[row.status].length === 0)
      throw new SheetCommandRefusal('CLOSED');
    const before = libraryData(row);
    const data = libraryData(row);
    if (change.classification !== undefined) data.classificacao = change.classification.trim() || null;
    if (change.cutter !== undefined) data.cutter = change.cutter.trim() || null;
    if (change.subjects !== undefined) data.assuntos = change.subjects.map((s) => s.trim()).filter(Boolean);
    if (touched) await updateLibraryData(tx, row.id, data, at);
    row.library_data = data;
    const audit = (action: 'catalogueSheet.edit' | 'catalogueSheet.issue', status: typeof row.status) =>
      options.auditAs
        ? recordStaffAction(tx, {
            actor: options.auditAs,
            action,
            target: { kind: 'library_request', id: row.id },
            before: { status: row.status, ...before },
            after: { status, ...data },
            at,
          })
        : Promise.resolve();
    if (!change.issue) {
      // A save that changes nothing is not an act worth a line in the log.
      if (JSON.stringify(before) !== JSON.stringify(data)) await audit('catalogueSheet.edit', row.status);
      return { row, mail: null };
    }
    if (!data.classificacao || !data.cutter) throw new SheetCommandRefusal('INCOMPLETE');
    await audit('catalogueSheet.issue', 'atendida');
    const fields = cardFields(row);
    const pdf = await catalogueCardPdf(composeCard(fields, data), `Ficha catalográfica – ${fields.titulo}`);
    await issueSheet(
      tx,
      row.id,
      { data: pdf, name: `ficha-catalografica-${row.id}.pdf`, type: 'application/pdf' },
      at,
    );
    await insertEvent(tx, {
      requestId: row.id,
      status: 'atendida',
      note: 'Ficha catalográfica emitida',
      staff: change.by,
      at,
    });
    const recorded = await recordAlert(tx, {
      patronId: row.patron_id,
      kind: 'catalogueSheetIssued',
      params: { title: fields.titulo, requestId: row.id },
      at,
    });
    return { row: { ...row, status: 'atendida' as const, has_file: true }, mail: recorded?.mail ?? null };
  });
  if (mail && options.mailer) await options.mailer.send(mail).catch((error) => options.onMailError?.(error));
  return {
    id: row.id,
    status: row.status,
    patronId: row.patron_id,
    issued: row.has_file,
    data: libraryData(row),
    lines: cardLines(composeCard(cardFields(row), libraryData(row))),
  };
}
