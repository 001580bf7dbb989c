import type {
  CampusOpeningHours,
  Institution,
  InstitutionEvent,
  LibraryOpeningHours,
  SelfService,
} from '@estante/contract';

/** Defaults of the institution data when a setting is absent. */
export const INSTITUTION_DEFAULTS: Institution = {
  codEmpresa: 1,
  nome: 'Biblioteca Estante',
  sigla: 'ESTANTE',
  usaOIDC: false,
  usaSAML: false,
  login_pede_categoria: false,
  login_consulta_pessoa: false,
  destino_padrao_login_catalogo: false,
  denominacao_login: null,
  msg_login: null,
  link_logout_OIDC: null,
  link_logout_saml: null,
  tema: 'neo',
  msg_suporte_consulta: null,
  link_lgpd: null,
  link_externo: null,
  desc_link_externo: null,
  link_catalogo_rede: null,
  desc_link_catalogo_rede: null,
  nome_area_pessoal: null,
  params: { __web_url_pw: null, __web_aquisicao: null },
  // SPEC §6: Estante keeps the passwords (mode 2), hashed with Argon2id (crypt 4), so recovery is offered.
  modo_autenticacao: 2,
  modo_criptografia: 4,
};

/** Institution settings of the footer links (SPEC §6 activities 57 and 87; decision 0016): address and text. */
export const FOOTER_LINK_SETTINGS = [
  { address: 'link_externo', label: 'desc_link_externo' },
  { address: 'link_catalogo_rede', label: 'desc_link_catalogo_rede' },
] as const;

/** True for an absolute http or https address: the only kind a footer link may open. */
export function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The cover provider's address template (with `{isbn}`), when the institution names a usable one. */
export function isbnCoverTemplate(settings: Record<string, unknown>): string | null {
  const template = settings['capa_isbn_url'];
  return isWebAddress(template) && template.includes('{isbn}') ? template : null;
}

/** Institution settings rows → the SPEC §3 institution data. */
export function presentInstitution(settings: Record<string, unknown>): Institution {
  const merged: Record<string, unknown> = { ...INSTITUTION_DEFAULTS };
  for (const key of Object.keys(INSTITUTION_DEFAULTS)) {
    if (key in settings) merged[key] = settings[key];
  }
  // A footer link goes out only with a web address (never javascript: or a typo), and blank text means none.
  for (const { address, label } of FOOTER_LINK_SETTINGS) {
    const text = merged[label];
    merged[address] = isWebAddress(merged[address]) ? merged[address] : null;
    merged[label] = typeof text === 'string' && text.trim() ? text.trim() : null;
  }
  // The area's name is shown as written; blank or not text means the neutral name of each language.
  const areaName = merged['nome_area_pessoal'];
  merged['nome_area_pessoal'] = typeof areaName === 'string' && areaName.trim() ? areaName.trim() : null;
  // Decision 0070: the provider's address itself stays on the server, which fetches the covers.
  merged['capa_isbn'] = isbnCoverTemplate(settings) !== null;
  return merged as Institution;
}

/** Institution settings → the self-service parameters (off unless the institution turns them on). */
export function presentSelfService(settings: Record<string, unknown>): SelfService {
  const number = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    showAuto: settings['autoatendimento_exibir'] === true,
    codBibAuto: number(settings['autoatendimento_biblioteca']),
    authAuto: settings['autoatendimento_autenticar'] === true,
    idiomaAuto: text(settings['autoatendimento_idioma']),
  };
}

/** SPEC §9: opening hours are listed Monday (1) to Sunday (7). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One open interval of a library (or a library with none), as the repository reads it. */
export type OpeningHoursRow = {
  campus_id: number;
  campus_name: string;
  library_id: number;
  library_name: string;
  weekday: number | null;
  opens: string | null;
  closes: string | null;
};

/** Opening-hours rows (one per interval, or one per library without any) → campuses, libraries, seven days each. */
export function presentOpeningHours(rows: OpeningHoursRow[]): CampusOpeningHours[] {
  const campuses = new Map<number, CampusOpeningHours>();
  const libraries = new Map<number, LibraryOpeningHours>();
  for (const row of rows) {
    let campus = campuses.get(row.campus_id);
    if (!campus) {
      campus = { cod_campus: row.campus_id, nome_campus: row.campus_name, bibliotecas: [] };
      campuses.set(row.campus_id, campus);
    }
    let library = libraries.get(row.library_id);
    if (!library) {
      library = {
        cod_biblioteca: row.library_id,
        desc_biblioteca: row.library_name,
        dias: WEEKDAYS.map((day) => ({ dia_semana: day, intervalos: [] })),
      };
      libraries.set(row.library_id, library);
      campus.bibliotecas.push(library);
    }
    if (row.weekday && row.opens && row.closes) {
      library.dias[row.weekday - 1]!.intervalos.push({ abertura: row.opens, fechamento: row.closes });
    }
  }
  return [...campuses.values()];
}

/** An event row → the wire shape, times in ISO 8601 (UTC). */
export function presentEvent(row: {
  id: number;
  title: string;
  description: string | null;
  starts_at: Date;
  ends_at: Date | null;
  location: string | null;
  link: string | null;
}): InstitutionEvent {
  return {
    codigo: row.id,
    titulo: row.title,
    descricao: row.description,
    inicio: new Date(row.starts_at).toISOString(),
    fim: row.ends_at ? new Date(row.ends_at).toISOString() : null,
    local: row.location,
    link: row.link,
  };
}

/** Empty optional text → null, so the database stores absence the same way however it was typed. */
export function nullIfEmpty(value: string | undefined): string | null {
  return value && value.length > 0 ? value : null;
}
