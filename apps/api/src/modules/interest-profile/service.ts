import {
  INTEREST_DEFAULT_VALIDITY_DAYS,
  INTEREST_MAX_TITLES,
  INTEREST_MAX_VALIDITY_DAYS,
  type InterestAuxiliary,
  type InterestPeriodicalHits,
  type InterestPeriodicals,
  type InterestPeriodicalsAdd,
  type InterestPeriodicalSearchQuery,
  type InterestPeriodicalUpdate,
  type InterestTitles,
  type InterestTopicHits,
  type InterestTopicRemove,
  type InterestTopics,
  type InterestTopicsAdd,
  type InterestTopicSearchQuery,
  type InterestTopicsValidity,
  type InterestWorkTypes,
  type InterestWorkTypesAdd,
  type InterestWorkTypeUpdate,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { addDays, libraryDay } from '../circulation/local/rules.ts';
import { searchAuthorities } from '../search/authority-search.ts';
import { INTEREST_ERRORS } from './errors.ts';
import { presentPeriodical, presentTitles, presentTopic, presentWorkType } from './presenters.ts';
import {
  AUTHOR_AUTHORITY_TYPES,
  SUBJECT_AUTHORITY_TYPES,
  countAuthorities,
  countExisting,
  deleteOwn,
  deleteTopic,
  findTitleMatches,
  listKnowledgeAreas,
  listLanguages,
  listLibraries,
  listPeriodicals,
  listTopics,
  listWorkTypeItems,
  listWorkTypes,
  periodicalIds,
  searchKnowledgeAreas,
  searchPeriodicals,
  setTopicsValidity,
  updatePeriodical,
  updateWorkType,
  upsertPeriodical,
  upsertTopics,
  upsertWorkType,
} from './repository.ts';

/** Most results one search answers. */
const SEARCH_LIMIT = 30;

/** The interest profile's calls for the signed-in patron (the id always comes from the token). */
export interface InterestProfileService {
  auxiliary(language: ServerLanguage): Promise<InterestAuxiliary>;
  topics(patronId: number): Promise<InterestTopics>;
  addTopics(patronId: number, body: InterestTopicsAdd): Promise<InterestTopics>;
  removeTopic(patronId: number, body: InterestTopicRemove): Promise<InterestTopics>;
  setTopicsValidity(patronId: number, body: InterestTopicsValidity): Promise<InterestTopics>;
  searchTopics(query: InterestTopicSearchQuery): Promise<InterestTopicHits>;
  periodicals(patronId: number): Promise<InterestPeriodicals>;
  addPeriodicals(patronId: number, body: InterestPeriodicalsAdd): Promise<InterestPeriodicals>;
  updatePeriodical(patronId: number, body: InterestPeriodicalUpdate): Promise<InterestPeriodicals>;
  removePeriodical(patronId: number, id: number): Promise<InterestPeriodicals>;
  searchPeriodicals(query: InterestPeriodicalSearchQuery): Promise<InterestPeriodicalHits>;
  workTypes(patronId: number, language: ServerLanguage): Promise<InterestWorkTypes>;
  addWorkTypes(
    patronId: number,
    body: InterestWorkTypesAdd,
    language: ServerLanguage,
  ): Promise<InterestWorkTypes>;
  updateWorkType(
    patronId: number,
    body: InterestWorkTypeUpdate,
    language: ServerLanguage,
  ): Promise<InterestWorkTypes>;
  removeWorkType(patronId: number, id: number, language: ServerLanguage): Promise<InterestWorkTypes>;
  titles(patronId: number, language: ServerLanguage): Promise<InterestTitles>;
}

/** SPEC §5: a validity is a day after today (the library's), and not years away. */
export function checkValidity(validUntil: string, today: string): void {
  if (validUntil <= today) throw INTEREST_ERRORS.validityPast();
  if (validUntil > addDays(today, INTEREST_MAX_VALIDITY_DAYS)) throw INTEREST_ERRORS.validityTooFar();
}

/** SPEC §5 "at least one journal type to save": an issue, its articles or its contents. */
export function checkJournalTypes(flags: { fasciculo: boolean; artigo: boolean; sumario: boolean }): void {
  if (!flags.fasciculo && !flags.artigo && !flags.sumario) throw INTEREST_ERRORS.journalType();
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

async function checkLibraries(db: Queryable, ids: readonly number[] | undefined): Promise<number[]> {
  const list = unique(ids ?? []);
  if (list.length > 0 && (await countExisting(db, 'library', list)) !== list.length)
    throw INTEREST_ERRORS.unknownLibrary();
  return list;
}

async function checkLanguages(db: Queryable, codes: readonly string[] | undefined): Promise<string[]> {
  const list = unique(codes ?? []);
  if (list.length > 0 && (await countExisting(db, 'language', list)) !== list.length)
    throw INTEREST_ERRORS.unknownLanguage();
  return list;
}

function searchText(term: string | undefined): string {
  const text = term?.trim() ?? '';
  if (text.length < 2) throw INTEREST_ERRORS.searchTerm();
  return text;
}

export function createInterestProfileService(options: {
  db: Db;
  clock: Clock;
  timeZone: () => Promise<string>;
}): InterestProfileService {
  const { db, clock } = options;
  const today = async () => libraryDay(clock.now(), await options.timeZone());

  const topics = async (patronId: number): Promise<InterestTopics> => {
    const day = await today();
    return { itens: (await listTopics(db, patronId)).map((row) => presentTopic(row, day)) };
  };
  const periodicals = async (patronId: number): Promise<InterestPeriodicals> => {
    const day = await today();
    return { itens: (await listPeriodicals(db, patronId)).map((row) => presentPeriodical(row, day)) };
  };
  const workTypes = async (patronId: number, language: ServerLanguage): Promise<InterestWorkTypes> => {
    const day = await today();
    return {
      itens: (await listWorkTypeItems(db, patronId, language)).map((row) => presentWorkType(row, day)),
    };
  };

  return {
    async auxiliary(language) {
      const day = await today();
      const [areas, types, languages, libraries] = await Promise.all([
        listKnowledgeAreas(db),
        listWorkTypes(db, language),
        listLanguages(db, language),
        listLibraries(db),
      ]);
      return {
        areas: areas.map((a) => ({ codigo: a.id, descricao: a.name })),
        tipos_obra: types.map((t) => ({ codigo: t.code, descricao: t.label })),
        idiomas: languages.map((l) => ({ codigo: l.code, descricao: l.label })),
        bibliotecas: libraries.map((l) => ({ codigo: l.id, descricao: l.name })),
        validade_padrao: addDays(day, INTEREST_DEFAULT_VALIDITY_DAYS),
        hoje: day,
      };
    },

    topics,
    async addTopics(patronId, body) {
      checkValidity(body.validade, await today());
      const ids = unique(body.itens);
      const found =
        body.tipoDSI === 'area'
          ? await countExisting(db, 'knowledge_area', ids)
          : await countAuthorities(db, ids, body.tipoDSI === 'autor' ? AUTHOR_AUTHORITY_TYPES : null);
      if (found !== ids.length) throw INTEREST_ERRORS.unknownItem();
      await upsertTopics(db, {
        patronId,
        kind: body.tipoDSI,
        ids,
        validUntil: body.validade,
        at: clock.now(),
      });
      return topics(patronId);
    },
    async removeTopic(patronId, body) {
      const removed = await deleteTopic(db, patronId, {
        id: body.codigo,
        kind: body.tipoDSI,
        areaId: body.tipoDSI === 'area' ? (body.codTipoArea ?? null) : null,
      });
      if (!removed) throw INTEREST_ERRORS.notFound();
      return topics(patronId);
    },
    async setTopicsValidity(patronId, body) {
      checkValidity(body.validade, await today());
      await setTopicsValidity(db, patronId, body.tipoDSI ?? null, body.validade);
      return topics(patronId);
    },
    async searchTopics(query) {
      const text = searchText(query.termoPesquisa);
      if (query.tipoPesquisa === 'area') {
        const rows = await searchKnowledgeAreas(db, text, SEARCH_LIMIT);
        return {
          resultados: rows.map((r) => ({ codigo: r.id, descricao: r.label, quantidade_titulos: r.titles })),
        };
      }
      const { rows } = await searchAuthorities(db, {
        text,
        types: query.tipoPesquisa === 'autor' ? AUTHOR_AUTHORITY_TYPES : SUBJECT_AUTHORITY_TYPES,
        page: 1,
        pageSize: SEARCH_LIMIT,
      });
      return {
        resultados: rows.map((r) => ({
          codigo: r.id,
          descricao: r.heading,
          quantidade_titulos: r.title_count,
        })),
      };
    },

    periodicals,
    async addPeriodicals(patronId, body) {
      checkValidity(body.validade, await today());
      for (const item of body.itens) checkJournalTypes(item);
      const ids = unique(body.itens.map((i) => i.cod_acervo));
      if ((await periodicalIds(db, ids)).length !== ids.length) throw INTEREST_ERRORS.unknownItem();
      await checkLibraries(
        db,
        body.itens.flatMap((i) => i.bibliotecas ?? []),
      );
      const at = clock.now();
      await db.transaction(async (tx) => {
        for (const item of body.itens)
          await upsertPeriodical(
            tx,
            patronId,
            item.cod_acervo,
            {
              validUntil: body.validade,
              issues: item.fasciculo,
              articles: item.artigo,
              contents: item.sumario,
              libraryIds: unique(item.bibliotecas ?? []),
            },
            at,
          );
      });
      return periodicals(patronId);
    },
    async updatePeriodical(patronId, body) {
      checkValidity(body.validade, await today());
      checkJournalTypes(body);
      const libraryIds = await checkLibraries(db, body.bibliotecas);
      const updated = await updatePeriodical(db, patronId, body.codigo, {
        validUntil: body.validade,
        issues: body.fasciculo,
        articles: body.artigo,
        contents: body.sumario,
        libraryIds,
      });
      if (!updated) throw INTEREST_ERRORS.notFound();
      return periodicals(patronId);
    },
    async removePeriodical(patronId, id) {
      if (!(await deleteOwn(db, 'interest_periodical', patronId, id))) throw INTEREST_ERRORS.notFound();
      return periodicals(patronId);
    },
    async searchPeriodicals(query) {
      const text = searchText(query.termoPesquisa);
      const libraryIds = query.bibliotecas ? unique(query.bibliotecas.split(',').map(Number)) : [];
      const rows = await searchPeriodicals(db, text, libraryIds, SEARCH_LIMIT);
      return {
        resultados: rows.map((r) => ({
          cod_acervo: r.id,
          titulo: r.title,
          issn: r.issn,
          bibliotecas: r.libraries.map((l) => ({ codigo: l.id, descricao: l.name })),
        })),
      };
    },

    workTypes,
    async addWorkTypes(patronId, body, language) {
      checkValidity(body.validade, await today());
      const codes = unique(body.itens.map((i) => i.cod_tipo_obra));
      if ((await countExisting(db, 'work_type', codes)) !== codes.length) throw INTEREST_ERRORS.unknownItem();
      await checkLibraries(
        db,
        body.itens.flatMap((i) => i.bibliotecas ?? []),
      );
      await checkLanguages(
        db,
        body.itens.flatMap((i) => i.idiomas ?? []),
      );
      const at = clock.now();
      await db.transaction(async (tx) => {
        for (const item of body.itens)
          await upsertWorkType(
            tx,
            patronId,
            item.cod_tipo_obra,
            {
              validUntil: body.validade,
              libraryIds: unique(item.bibliotecas ?? []),
              languages: unique(item.idiomas ?? []),
            },
            at,
          );
      });
      return workTypes(patronId, language);
    },
    async updateWorkType(patronId, body, language) {
      checkValidity(body.validade, await today());
      const libraryIds = await checkLibraries(db, body.bibliotecas);
      const languages = await checkLanguages(db, body.idiomas);
      if (
        !(await updateWorkType(db, patronId, body.codigo, {
          validUntil: body.validade,
          libraryIds,
          languages,
        }))
      )
        throw INTEREST_ERRORS.notFound();
      return workTypes(patronId, language);
    },
    async removeWorkType(patronId, id, language) {
      if (!(await deleteOwn(db, 'interest_work_type', patronId, id))) throw INTEREST_ERRORS.notFound();
      return workTypes(patronId, language);
    },

    async titles(patronId, language) {
      const rows = await findTitleMatches(db, {
        today: await today(),
        patronId,
        limitTitles: INTEREST_MAX_TITLES,
      });
      return { titulos: await presentTitles(db, rows, language) };
    },
  };
}
