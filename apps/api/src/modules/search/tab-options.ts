import {
  type AdvancedSearchOptions,
  NORMATIVE_ACT_KIND_LABELS,
  NORMATIVE_ACT_KINDS,
  type ArchiveOptions,
  type JurisprudenceOptions,
  type NormativeActOptions,
  type TabOptionValue,
} from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/**
 * The values of one text column of a side table, grouped accent- and case-insensitively (the
 * `_norm` column), the first spelling shown, with the number of titles; in name order.
 */
async function textValues(db: Queryable, from: string, column: string): Promise<TabOptionValue[]> {
  const { rows } = await db.query<TabOptionValue>(
    `SELECT min(x.${column}) AS valor, min(x.${column}) AS descricao, count(*)::int AS quantidade
       FROM ${from}
      WHERE x.${column} IS NOT NULL
      GROUP BY x.${column}_norm
      ORDER BY x.${column}_norm`,
  );
  return rows;
}

/** Years held, newest first. */
async function yearValues(db: Queryable, from: string): Promise<TabOptionValue[]> {
  const { rows } = await db.query<{ year: number; quantidade: number }>(
    `SELECT x.year, count(*)::int AS quantidade FROM ${from}
      WHERE x.year IS NOT NULL GROUP BY x.year ORDER BY x.year DESC`,
  );
  return rows.map((r) => ({ valor: String(r.year), descricao: String(r.year), quantidade: r.quantidade }));
}

const NORMATIVE_ACTS = `title_normative_act x JOIN title t ON t.id = x.title_id AND t.work_type = 'ATO_NORMATIVO'`;
const CASE_LAW = `title_case_law x JOIN title t ON t.id = x.title_id AND t.work_type = 'JURISPRUDENCIA'`;

/** GET /consulta/opcoes-arquivo: fonds and series held (series with their fonds), and the years covered. */
export async function findArchiveOptions(db: Queryable): Promise<ArchiveOptions> {
  const fonds = await textValues(db, 'title_archive x', 'fonds');
  const { rows: series } = await db.query<TabOptionValue & { fundo: string | null }>(
    `SELECT min(x.series) AS valor, min(x.series) AS descricao, min(x.fonds) AS fundo, count(*)::int AS quantidade
       FROM title_archive x
      WHERE x.series IS NOT NULL
      GROUP BY x.series_norm, x.fonds_norm
      ORDER BY x.series_norm, x.fonds_norm NULLS LAST`,
  );
  const { rows: years } = await db.query<{ first: number | null; last: number | null }>(
    `SELECT min(coalesce(x.start_year, x.end_year)) AS first, max(coalesce(x.end_year, x.start_year)) AS last
       FROM title_archive x`,
  );
  return {
    fundos: fonds,
    series,
    anoInicial: years[0]?.first ?? null,
    anoFinal: years[0]?.last ?? null,
  };
}

/** GET /consulta/opcoes-atos-normativos: kinds (as translation keys, in NORMATIVE_ACT_KINDS order), issuing bodies, years. */
export async function findNormativeActOptions(db: Queryable): Promise<NormativeActOptions> {
  const { rows: kinds } = await db.query<{ kind: string; quantidade: number }>(
    `SELECT x.kind, count(*)::int AS quantidade FROM ${NORMATIVE_ACTS} GROUP BY x.kind`,
  );
  const order = (kind: string) => (NORMATIVE_ACT_KINDS as readonly string[]).indexOf(kind);
  return {
    tipos: kinds
      .filter((k) => order(k.kind) >= 0)
      .sort((a, b) => order(a.kind) - order(b.kind))
      .map((k) => ({
        valor: k.kind,
        descricao: NORMATIVE_ACT_KIND_LABELS[k.kind as keyof typeof NORMATIVE_ACT_KIND_LABELS],
        quantidade: k.quantidade,
      })),
    orgaos: await textValues(db, NORMATIVE_ACTS, 'issuer'),
    anos: await yearValues(db, NORMATIVE_ACTS),
  };
}

/** GET /consulta/jurisprudencia-options: courts, kinds of decision, rapporteurs, years of judgment. */
export async function findJurisprudenceOptions(db: Queryable): Promise<JurisprudenceOptions> {
  return {
    tribunais: await textValues(db, CASE_LAW, 'court'),
    tipos: await textValues(db, CASE_LAW, 'decision_kind'),
    relatores: await textValues(db, CASE_LAW, 'rapporteur'),
    anos: await yearValues(db, CASE_LAW),
  };
}

/** Values in the order of their names in the reader's language (the same on every server). */
function byName(values: TabOptionValue[], language: ServerLanguage): TabOptionValue[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return values.sort((a, b) => collator.compare(a.descricao, b.descricao));
}

/**
 * GET /consulta/opcoes-avancada: the work types, languages and libraries that hold titles (the
 * values of the T, I and B filters, described in the reader's language), in name order, and the
 * span of publication years.
 */
export async function findAdvancedSearchOptions(
  db: Queryable,
  language: ServerLanguage,
): Promise<AdvancedSearchOptions> {
  const { rows: workTypes } = await db.query<TabOptionValue>(
    `SELECT w.code AS valor,
            CASE $1::text WHEN 'en' THEN w.label_en WHEN 'es' THEN w.label_es ELSE w.label_pt END AS descricao,
            count(*)::int AS quantidade
       FROM title t JOIN work_type w ON w.code = t.work_type
      GROUP BY w.code`,
    [language],
  );
  const { rows: languages } = await db.query<TabOptionValue>(
    `SELECT l.code AS valor,
            CASE $1::text WHEN 'en' THEN l.name_en WHEN 'es' THEN l.name_es ELSE l.name_pt END AS descricao,
            count(*)::int AS quantidade
       FROM title t JOIN language l ON l.code = t.language
      GROUP BY l.code`,
    [language],
  );
  const { rows: libraries } = await db.query<TabOptionValue>(
    `SELECT l.id::text AS valor, l.name AS descricao, count(DISTINCT c.title_id)::int AS quantidade
       FROM copy c JOIN library l ON l.id = c.library_id
      GROUP BY l.id, l.name`,
  );
  const { rows: years } = await db.query<{ first: number | null; last: number | null }>(
    'SELECT min(year) AS first, max(year) AS last FROM title',
  );
  return {
    tiposObra: byName(workTypes, language),
    idiomas: byName(languages, language),
    bibliotecas: byName(libraries, language),
    anoInicial: years[0]?.first ?? null,
    anoFinal: years[0]?.last ?? null,
  };
}
