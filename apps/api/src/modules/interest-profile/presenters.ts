import type { InterestPeriodical, InterestTitle, InterestTopic, InterestWorkType } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import {
  titleSummaries,
  type PeriodicalRow,
  type TitleMatchRow,
  type TopicRow,
  type WorkTypeRow,
} from './repository.ts';

/** An item is matched through its validity day; after it, it is kept but shown as expired. */
const expired = (validUntil: string, today: string) => validUntil < today;

export function presentTopic(row: TopicRow, today: string): InterestTopic {
  return {
    codigo: row.id,
    tipoDSI: row.kind,
    codTipoArea: row.knowledge_area_id,
    cod_autoridade: row.authority_id,
    descricao: row.label,
    validade: row.valid_until,
    vencido: expired(row.valid_until, today),
  };
}

export function presentPeriodical(row: PeriodicalRow, today: string): InterestPeriodical {
  return {
    codigo: row.id,
    cod_acervo: row.title_id,
    titulo: row.title,
    issn: row.issn,
    validade: row.valid_until,
    vencido: expired(row.valid_until, today),
    fasciculo: row.issues,
    artigo: row.articles,
    sumario: row.contents,
    bibliotecas: row.libraries.map((l) => ({ codigo: l.id, descricao: l.name })),
  };
}

export function presentWorkType(row: WorkTypeRow, today: string): InterestWorkType {
  return {
    codigo: row.id,
    cod_tipo_obra: row.work_type,
    descricao: row.label,
    validade: row.valid_until,
    vencido: expired(row.valid_until, today),
    bibliotecas: row.libraries.map((l) => ({ codigo: l.id, descricao: l.name })),
    idiomas: row.languages.map((l) => ({ codigo: l.code, descricao: l.label })),
  };
}

/** The reason of a match in a language. */
export function reasonIn(row: TitleMatchRow, language: ServerLanguage): string {
  return language === 'en' ? row.reason_en : language === 'es' ? row.reason_es : row.reason_pt;
}

/** One patron's matches as the titles list shows them, newest title first. */
export async function presentTitles(
  db: Queryable,
  rows: TitleMatchRow[],
  language: ServerLanguage,
): Promise<InterestTitle[]> {
  const ids = [...new Set(rows.map((r) => r.title_id))];
  const summaries = new Map((await titleSummaries(db, ids, language)).map((s) => [s.id, s]));
  return ids.flatMap((id) => {
    const summary = summaries.get(id);
    if (!summary) return [];
    const motivos = rows
      .filter((r) => r.title_id === id)
      .map((r) => ({ tipo: r.reason_kind, descricao: reasonIn(r, language) }));
    return [
      {
        cod_acervo: id,
        titulo: summary.title,
        autor: summary.author,
        ano_publicacao: summary.year,
        desc_tipo_obra: summary.work_type,
        motivos,
      },
    ];
  });
}
