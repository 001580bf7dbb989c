import {
  PRIVACY_DATA_KINDS,
  PRIVACY_EXPORT_VERSION,
  PRIVACY_KIND_KEYS,
  PRIVACY_PDF_KEYS,
  type AnonymisedHistory,
  type PrivacyChoices,
  type PrivacyExport,
  type PrivacyExportPdf,
  type PrivacyOverview,
  type PrivacyRequest,
  type PrivacyRequestBody,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { sectionsPdf } from '../basket/index.ts';
import { translate, type CirculationEngine } from '../circulation/index.ts';
import { PRIVACY_ERRORS } from './errors.ts';
import { cellText, presentRequest } from './presenters.ts';
import {
  EXPORT_SECTIONS,
  accountBlockers,
  findPatronPrivacy,
  hasOpenRequest,
  insertRequest,
  requestsOfPatron,
  returnedLoanCount,
  sectionCount,
  sectionRows,
  setReceivesEmail,
  type PatronPrivacy,
} from './repository.ts';

/** A translated text with its {{placeholders}} filled. */
function text(key: string, language: ServerLanguage, values: Record<string, string> = {}): string {
  return translate(key, language).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The patron's privacy (LGPD; decision 0045): what is kept, the download of all of it, the choices
 * and requests to delete or anonymise the account. Every call takes the patron from the token.
 */
export function createPrivacyService(options: { db: Db; clock: Clock; engine: CirculationEngine }) {
  const { db, clock, engine } = options;

  async function patron(patronId: number): Promise<PatronPrivacy> {
    const found = await findPatronPrivacy(db, patronId);
    if (!found) throw ERRORS.unauthorized();
    return found;
  }

  async function overview(patronId: number): Promise<PrivacyOverview> {
    const me = await patron(patronId);
    const counts = new Map<string, number>();
    for (const section of EXPORT_SECTIONS)
      counts.set(section.kind, (counts.get(section.kind) ?? 0) + (await sectionCount(db, section, patronId)));
    return {
      escolhas: { receber_email: me.receivesEmail, manter_historico: me.keepsLoanHistory },
      dados: PRIVACY_DATA_KINDS.filter((kind) => counts.has(kind)).map((kind) => ({
        tipo: kind,
        registros: counts.get(kind)!,
      })),
      historico_emprestimos: await returnedLoanCount(db, patronId),
      pedidos: (await requestsOfPatron(db, patronId)).map(presentRequest),
    };
  }

  async function exportData(patronId: number): Promise<PrivacyExport> {
    const me = await patron(patronId);
    const tabelas: PrivacyExport['tabelas'] = {};
    for (const section of EXPORT_SECTIONS) {
      tabelas[section.table] = {
        tipo: section.kind,
        omitidos: [...(section.omit ?? [])],
        linhas: await sectionRows(db, section, patronId),
      };
    }
    return {
      formato: 'estante.dados-pessoais',
      versao: PRIVACY_EXPORT_VERSION,
      gerado_em: clock.now().toISOString(),
      pessoa: { cod_pessoa: me.id, login: me.login, nome: me.name },
      tabelas,
    };
  }

  return {
    overview,
    exportData,

    /** The same data as a readable PDF in the caller's language: each kind, why it is kept, its rows. */
    async exportPdf(patronId: number, language: ServerLanguage): Promise<PrivacyExportPdf> {
      const data = await exportData(patronId);
      const sections = PRIVACY_DATA_KINDS.map((kind) => {
        const keys = PRIVACY_KIND_KEYS[kind];
        const lines = [text(keys.purpose, language), text(keys.basis, language)];
        for (const [table, entry] of Object.entries(data.tabelas)) {
          if (entry.tipo !== kind) continue;
          lines.push(
            '',
            text(PRIVACY_PDF_KEYS.table, language, { table, count: String(entry.linhas.length) }),
          );
          if (entry.linhas.length === 0) lines.push(text(PRIVACY_PDF_KEYS.none, language));
          for (const row of entry.linhas)
            lines.push(
              Object.entries(row)
                .map(([column, value]) => `${column}: ${cellText(value)}`)
                .join(' · '),
            );
        }
        return { heading: text(keys.title, language), lines };
      });
      const pdf = await sectionsPdf({
        title: text(PRIVACY_PDF_KEYS.title, language),
        intro: [
          text(PRIVACY_PDF_KEYS.person, language, { name: data.pessoa.nome, login: data.pessoa.login }),
          text(PRIVACY_PDF_KEYS.generatedAt, language, { at: data.gerado_em }),
        ],
        sections,
      });
      return { nome_arquivo: `dados-${data.pessoa.login}.pdf`, pdf: pdf.toString('base64') };
    },

    /** Saves the choices; turning the loan history off does not touch past loans (see anonymiseHistory). */
    async setChoices(patronId: number, choices: PrivacyChoices): Promise<PrivacyChoices> {
      const me = await patron(patronId);
      if (me.receivesEmail !== choices.receber_email)
        await setReceivesEmail(db, patronId, choices.receber_email);
      if (me.keepsLoanHistory !== choices.manter_historico)
        await engine.setKeepsLoanHistory(patronId, choices.manter_historico, `patron:${patronId}`);
      const saved = await patron(patronId);
      return { receber_email: saved.receivesEmail, manter_historico: saved.keepsLoanHistory };
    },

    /** Anonymises every returned loan now (open loans stay the patron's until returned). */
    async anonymiseHistory(patronId: number): Promise<AnonymisedHistory> {
      await patron(patronId);
      return { anonimizados: await engine.anonymiseLoanHistory(patronId, `patron:${patronId}`) };
    },

    /**
     * Records a request to delete or anonymise the account: open for the library, or refused at once
     * with each open loan, hold, loan request and unpaid debt named. One open request at a time.
     */
    async request(patronId: number, body: PrivacyRequestBody): Promise<PrivacyRequest> {
      await patron(patronId);
      if (await hasOpenRequest(db, patronId)) throw PRIVACY_ERRORS.requestOpen();
      const blockers = await accountBlockers(db, patronId);
      let id: number;
      try {
        id = await insertRequest(db, {
          patronId,
          kind: body.tipo,
          note: body.observacao ? body.observacao : null,
          blockers,
          at: clock.now(),
        });
      } catch (error) {
        // Two requests at once: the one-open-request index lets only one through.
        if ((error as { code?: string }).code === '23505') throw PRIVACY_ERRORS.requestOpen();
        throw error;
      }
      const mine = await requestsOfPatron(db, patronId);
      return presentRequest(mine.find((row) => row.id === id)!);
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
