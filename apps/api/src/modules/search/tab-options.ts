import {
  NORMATIVE_ACT_KIND_LABELS,
  NORMATIVE_ACT_KINDS,
  type ArchiveOptions,
  type JurisprudenceOptions,
  type NormativeActOptions,
  type TabOptionValue,
} from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

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
