import {
  NETWORK_TAB,
  NO_YEAR,
  ONLY_WITH_VALUES,
  TAB,
  type AppliedFilter,
  type FilterGroup,
  type FilterType,
} from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/**
 * SPEC §4 result filters over `title.facet_keys` (migration 0010; docs/decisions/0020 says what each
 * type means). A title carries one key `PREFIX:value` per filter value it has.
 */

/** The filter types of the common set (SPEC §2), in the order the groups are shown. */
export const COMMON_FILTER_TYPES: readonly FilterType[] = [
  'D',
  'B',
  'U',
  'T',
  'M',
  'X',
  'Y',
  'I',
  'A',
  'S',
  'N',
  'G',
  'F',
  'C',
  'E',
  'P',
  'K',
  'R',
  'O',
  'L',
];

/** The new-acquisitions tab: its course and area filters first, the area in place of R. */
const NEW_ACQUISITIONS_FILTER_TYPES: readonly FilterType[] = [
  'NA_C',
  'NA_A',
  ...COMMON_FILTER_TYPES.filter((t) => t !== 'R'),
];

/**
 * Filter types the catalogue offers on a search tab. The network tab searches another table with
 * its own set (NETWORK_FILTERS, network-search.ts), so none of these.
 */
export function filterTypesForTab(tab: string): readonly FilterType[] {
  if (tab === NETWORK_TAB) return [];
  if (tab === TAB.newAcquisitions) return NEW_ACQUISITIONS_FILTER_TYPES;
  return COMMON_FILTER_TYPES;
}

/** Filter types this catalogue engine counts and applies (Z belongs to the network catalogue). */
export function catalogueFilterType(type: FilterType): boolean {
  return type !== 'Z';
}

/** The facet key prefix of a type: the new-acquisition area is the knowledge area (R). */
export function keyPrefix(type: FilterType): string {
  return type === 'NA_A' ? 'R' : type;
}

export function facetKey(filter: AppliedFilter): string {
  return `${keyPrefix(filter.tipo)}:${filter.valor}`;
}

/** Applied filters as one OR group per key prefix (types AND, values of one type OR; SPEC §4). */
export function filterKeyGroups(filters: readonly AppliedFilter[]): { prefix: string; keys: string[] }[] {
  const groups = new Map<string, Set<string>>();
  for (const filter of filters) {
    if (!catalogueFilterType(filter.tipo)) continue;
    const prefix = keyPrefix(filter.tipo);
    let keys = groups.get(prefix);
    if (!keys) groups.set(prefix, (keys = new Set()));
    keys.add(facetKey(filter));
  }
  return [...groups].map(([prefix, keys]) => ({ prefix, keys: [...keys] }));
}

/** Values of one filter type with their counts, best first (before descriptions). */
export interface FilterCounts {
  type: FilterType;
  values: { value: string; count: number; selected: boolean }[];
}

/**
 * Groups the counted keys (`PREFIX:value` → count, capped per prefix) into the tab's filter types;
 * every selected value is listed, at 0 when no result has it, and types without values are left out.
 */
export function groupFilterCounts(
  types: readonly FilterType[],
  counted: ReadonlyMap<string, number>,
  filters: readonly AppliedFilter[],
): FilterCounts[] {
  const groups: FilterCounts[] = [];
  for (const type of types) {
    if (!catalogueFilterType(type)) continue;
    const prefix = `${keyPrefix(type)}:`;
    const selected = new Set(
      filters.filter((f) => keyPrefix(f.tipo) === keyPrefix(type)).map((f) => f.valor),
    );
    const values = new Map<string, number>();
    for (const [key, count] of counted) {
      if (key.startsWith(prefix)) values.set(key.slice(prefix.length), count);
    }
    for (const value of selected) if (!values.has(value)) values.set(value, 0);
    if (values.size === 0) continue;
    groups.push({
      type,
      values: [...values].map(([value, count]) => ({ value, count, selected: selected.has(value) })),
    });
  }
  return groups;
}

/** Values of D (available now): S, a copy on the shelf. */
export const AVAILABLE_NOW_VALUES = ['S'] as const;

/** Values of M (medium), migration 0010 f_medium_keys. */
export const MEDIUM_VALUES = [
  'impresso',
  'online',
  'braille',
  'ampliado',
  'audio',
  'video',
  'microforma',
  'digital',
] as const;

/** Values of K (classification area): DDC/UDC hundreds and LC main classes (migration 0010 f_class_area). */
export const CLASS_AREA_VALUES = [
  ...['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => `${d}00`),
  ...'ABCDEFGHJKLMNPQRSTUVZ'.split(''),
];

/** Fixed values described by a translation key (filterValueKey), by type. */
const KEYED_VALUES: Partial<Record<FilterType, readonly string[]>> = {
  X: ONLY_WITH_VALUES,
  D: AVAILABLE_NOW_VALUES,
  M: MEDIUM_VALUES,
  K: CLASS_AREA_VALUES,
  Y: [NO_YEAR],
};

/**
 * Translation key of a fixed filter value. (`search.filter.<T>` is the group label, so the values
 * live beside it rather than under it.)
 */
export function filterValueKey(type: FilterType, value: string): string {
  return `search.filterValue.${type}.${value}`;
}

/** Translation key of a filter group label. */
export function filterGroupLabel(type: FilterType): string {
  return `search.filter.${type}`;
}

/**
 * The SQL describing filter values in a language: names of libraries, campuses, courses, areas,
 * authorities, work types and languages; null for values described otherwise.
 */
const DESCRIBE_SQL = `
  SELECT v.tipo, v.valor,
         CASE v.tipo
           WHEN 'T' THEN (SELECT CASE $3::text WHEN 'en' THEN label_en WHEN 'es' THEN label_es ELSE label_pt END
                            FROM work_type WHERE code = v.valor)
           WHEN 'I' THEN (SELECT CASE $3::text WHEN 'en' THEN name_en WHEN 'es' THEN name_es ELSE name_pt END
                            FROM language WHERE code = v.valor)
           WHEN 'B' THEN (SELECT name FROM library WHERE id = v.num)
           WHEN 'U' THEN (SELECT name FROM campus WHERE id = v.num)
           WHEN 'R' THEN (SELECT name FROM knowledge_area WHERE id = v.num)
           WHEN 'NA_A' THEN (SELECT name FROM knowledge_area WHERE id = v.num)
           WHEN 'NA_C' THEN (SELECT name FROM course WHERE id = v.num)
           WHEN 'A' THEN (SELECT heading FROM authority WHERE id = v.num)
           WHEN 'S' THEN (SELECT heading FROM authority WHERE id = v.num)
           WHEN 'N' THEN (SELECT heading FROM authority WHERE id = v.num)
           WHEN 'G' THEN (SELECT heading FROM authority WHERE id = v.num)
           WHEN 'F' THEN (SELECT heading FROM authority WHERE id = v.num)
         END AS descricao
    FROM (SELECT u.tipo, u.valor, CASE WHEN u.valor ~ '^[0-9]{1,9}$' THEN u.valor::int END AS num
            FROM unnest($1::text[], $2::text[]) AS u(tipo, valor)) v`;

/** Types whose descriptions come from a table (DESCRIBE_SQL). */
const LOOKED_UP_TYPES: ReadonlySet<FilterType> = new Set([
  'T',
  'I',
  'B',
  'U',
  'R',
  'NA_A',
  'NA_C',
  'A',
  'S',
  'N',
  'G',
  'F',
]);

const collators = new Map<string, Intl.Collator>();

/** One collator per language: making one costs more than sorting a search's filter values. */
function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return collator;
}

/**
 * The filter groups of an answer: values described in the request's language (or by a translation
 * key for fixed values), counts first (ties by description); years newest first with "no date" last.
 */
export async function presentFilterGroups(
  db: Queryable,
  groups: readonly FilterCounts[],
  language: ServerLanguage,
  /**
   * Descriptions already read (`TYPE:value` → description, null for none), for values of this
   * language while they are current; the ones read now are added.
   */
  known?: Map<string, string | null>,
): Promise<FilterGroup[]> {
  const lookups = groups.flatMap((g) =>
    LOOKED_UP_TYPES.has(g.type)
      ? g.values
          .filter((v) => !known?.has(`${g.type}:${v.value}`))
          .map((v) => ({ tipo: g.type, valor: v.value }))
      : [],
  );
  const described = known ?? new Map<string, string | null>();
  if (lookups.length > 0) {
    const { rows } = await db.query<{ tipo: string; valor: string; descricao: string | null }>(DESCRIBE_SQL, [
      lookups.map((l) => l.tipo),
      lookups.map((l) => l.valor),
      language,
    ]);
    for (const row of rows) described.set(`${row.tipo}:${row.valor}`, row.descricao || null);
  }
  const collator = collatorFor(language);
  return groups.map((group) => {
    const values = group.values.map((v) => ({
      valor: v.value,
      descricao: describe(group.type, v.value, described),
      quantidade: v.count,
      selecionado: v.selected,
    }));
    if (group.type === 'Y') values.sort((a, b) => compareYearsNewestFirst(a.valor, b.valor));
    else values.sort((a, b) => b.quantidade - a.quantidade || collator.compare(a.descricao, b.descricao));
    return { tipo: group.type, descricao: filterGroupLabel(group.type), valores: values };
  });
}

function describe(type: FilterType, value: string, described: ReadonlyMap<string, string | null>): string {
  if (KEYED_VALUES[type]?.includes(value)) return filterValueKey(type, value);
  return described.get(`${type}:${value}`) ?? value;
}

/** Years newest first, "no date" (or anything that is not a year) after every year. */
function compareYearsNewestFirst(a: string, b: string): number {
  const year = (value: string) => (/^-?\d+$/.test(value) ? Number(value) : null);
  const ya = year(a);
  const yb = year(b);
  if (ya === null || yb === null) return ya === yb ? a.localeCompare(b) : ya === null ? 1 : -1;
  return yb - ya;
}
