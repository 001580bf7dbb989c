import type { LibraryRequest, StaffRequest } from '@estante/contract';
import type { LibraryRequestEventRow, LibraryRequestRow } from './repository.ts';

type FieldValue = LibraryRequest['campos'][string];

/** The fields as sent, keeping only the values the wire shape carries. */
function presentFields(fields: Record<string, unknown>): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map(String);
  }
  return out;
}

/** A request as its patron reads it: fields, status, history, and the library's answer. */
export function presentRequest(row: LibraryRequestRow, events: LibraryRequestEventRow[]): LibraryRequest {
  const hasAnswer = row.answer_text !== null || row.answer_file_name !== null;
  return {
    codigo: row.id,
    tipo: row.type,
    subtipo: row.subtype,
    biblioteca:
      row.library_id === null
        ? null
        : { cod_biblioteca: row.library_id, desc_biblioteca: row.library_name ?? '' },
    situacao: row.status,
    campos: presentFields(row.fields),
    data_solicitacao: new Date(row.created_at).toISOString(),
    data_atualizacao: new Date(row.updated_at).toISOString(),
    // Who moved it stays with the library: the patron reads the status, the day and the note.
    historico: events
      .filter((event) => event.request_id === row.id)
      .map((event) => ({
        situacao: event.status,
        data: new Date(event.at).toISOString(),
        observacao: event.note,
      })),
    resposta: hasAnswer
      ? {
          texto: row.answer_text,
          arquivo:
            row.answer_file_name === null
              ? null
              : { nome: row.answer_file_name, tipo: row.answer_file_type ?? 'application/octet-stream' },
        }
      : null,
    pode_cancelar: row.status === 'aguardando',
  };
}

/** What a request is about, in a few words (the alert and the command name it so). */
export function requestSubject(row: Pick<LibraryRequestRow, 'id' | 'fields'>): string {
  for (const name of ['titulo', 'assunto', 'titulo_documento', 'titulo_periodico']) {
    const value = row.fields[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return `#${row.id}`;
}

/** A request as the library reads it: the patron's view, who sent it, and who moved it at each step. */
export function presentStaffRequest(row: LibraryRequestRow, events: LibraryRequestEventRow[]): StaffRequest {
  return {
    ...presentRequest(row, events),
    usuario: { login: row.patron_login, nome: row.patron_name },
    historico: events
      .filter((event) => event.request_id === row.id)
      .map((event) => ({
        situacao: event.status,
        data: new Date(event.at).toISOString(),
        observacao: event.note,
        responsavel: event.staff,
      })),
  };
}
