import type { Queryable } from '../../lib/db/index.ts';

/** One lookup list: its table, the columns answered and the columns searched. */
interface LookupTable {
  from: string;
  columns: string;
  /** Searched with the typed text anywhere in them, accents and case ignored. */
  searched: string[];
  orderBy: string;
  /** An extra condition on a numeric parameter (the campus of a library). */
  filter?: string;
}

export const LOOKUP_TABLES = {
  discipline: {
    from: 'discipline',
    columns: 'id AS codigo, code AS sigla, name AS descricao',
    searched: ['name', 'code'],
    orderBy: 'public.f_norm(name), id',
  },
  course: {
    from: 'course',
    columns: 'id AS codigo, code AS sigla, name AS descricao, campus_id AS cod_campus',
    searched: ['name', 'code'],
    orderBy: 'public.f_norm(name), id',
  },
  professor: {
    from: 'professor',
    columns: 'id AS codigo, name AS nome',
    searched: ['name'],
    orderBy: 'public.f_norm(name), id',
  },
  campus: {
    from: 'campus',
    columns: 'id AS cod_campus, name AS nome_campus',
    searched: ['name'],
    orderBy: 'public.f_norm(name), id',
  },
  library: {
    from: 'library',
    columns: 'id AS cod_biblioteca, name AS desc_biblioteca, campus_id AS cod_campus',
    searched: ['name', 'code'],
    orderBy: 'public.f_norm(name), id',
    filter: 'campus_id',
  },
} satisfies Record<string, LookupTable>;
export type LookupKind = keyof typeof LOOKUP_TABLES;

/** Escapes LIKE wildcards so a typed "%" or "_" is matched as itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a lookup list, in name order, with the total over every page. `text` matches any
 * part of the searched columns, accents and case ignored ("matematica" finds "Matemática").
 */
export async function findLookupPage<Row>(
  db: Queryable,
  kind: LookupKind,
  options: { text?: string; page: number; pageSize: number; filterValue?: number },
): Promise<{ rows: Row[]; total: number }> {
  const table: LookupTable = LOOKUP_TABLES[kind];
  const params: unknown[] = [];
  const where: string[] = [];
  const text = options.text?.trim();
  if (text) {
    params.push(likePattern(text.toLowerCase()));
    where.push(
      `(${table.searched.map((column) => `public.f_norm(${column}) LIKE public.f_norm($${params.length})`).join(' OR ')})`,
    );
  }
  if (table.filter && options.filterValue !== undefined) {
    params.push(options.filterValue);
    where.push(`${table.filter} = $${params.length}`);
  }
  const condition = where.length ? `WHERE ${where.join(' AND ')}` : '';
  params.push(options.pageSize, (options.page - 1) * options.pageSize);
  const { rows } = await db.query<Row & { total_count: number }>(
    `SELECT ${table.columns}, count(*) OVER ()::int AS total_count
       FROM ${table.from} ${condition}
      ORDER BY ${table.orderBy}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total_count ?? 0;
  if (rows.length === 0 && options.page > 1) {
    // A page past the end: the total still tells how many there are.
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table.from} ${condition}`,
      params.slice(0, -2),
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    rows: rows.map(({ total_count: _total, ...row }) => row as Row),
    total,
  };
}

/** One entry of a lookup list by its code, or null. */
export async function findLookupEntry<Row>(db: Queryable, kind: LookupKind, id: number): Promise<Row | null> {
  const table: LookupTable = LOOKUP_TABLES[kind];
  const { rows } = await db.query<Row>(`SELECT ${table.columns} FROM ${table.from} WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
