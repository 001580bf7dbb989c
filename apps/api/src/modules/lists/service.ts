import { randomBytes } from 'node:crypto';
import {
  LIST_MAX_LISTS,
  LIST_MAX_TITLES,
  type CreateList,
  type ListDetail,
  type Lists,
  type PermanentBasket,
  type PermanentBasketQuery,
  type SharedList,
  type UpdateList,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { LIST_ERRORS } from './errors.ts';
import { presentDetail, presentItem, presentShared, presentSummary } from './presenters.ts';
import * as repo from './repository.ts';

/** What the lists need: the database, the clock, and the library's time zone (for days). */
export interface ListServiceOptions {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** Most titles per list; LIST_MAX_TITLES unless a test lowers it. */
  maxTitles?: number;
}

/** A share token: 24 random bytes, URL-safe base64 (192 bits, not guessable). */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The patron's permanent basket and named lists (decision 0043). Every call names the patron from
 * the token; a list that is not the caller's answers 404 as one that does not exist.
 */
export function createListService({ db, clock, timeZone, maxTitles = LIST_MAX_TITLES }: ListServiceOptions) {
  async function ownList(tx: Queryable, patronId: number, listId: number): Promise<repo.ListRow> {
    const list = await repo.findOwnList(tx, patronId, listId);
    if (!list) throw LIST_ERRORS.notFound();
    return list;
  }

  /** Adds the titles the catalogue has to a list; answers the ids it does not have. */
  async function add(tx: Queryable, listId: number, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const known = new Set(await repo.existingTitleIds(tx, unique));
    const adding = unique.filter((id) => known.has(id));
    const fresh = await repo.countNew(tx, listId, adding);
    const held = (await repo.findListTitles(tx, listId)).length;
    if (held + fresh > maxTitles) throw LIST_ERRORS.full();
    await repo.addTitles(tx, listId, adding, clock.now());
    return unique.filter((id) => !known.has(id));
  }

  async function basketOf(tx: Queryable, patronId: number): Promise<PermanentBasket> {
    const id = await repo.ensureBasket(tx, patronId);
    return { itens: (await repo.findListTitles(tx, id)).map(presentItem) };
  }

  return {
    /** SPEC §7 GET /acervo/cesta-permanente/colecao: all titles (T) or those saved in a period (P). */
    async permanentBasket(patronId: number, query: PermanentBasketQuery): Promise<PermanentBasket> {
      // SPEC §5: start date not after end date (whatever tipoBusca says).
      if (query.dataIni && query.dataFim && query.dataIni > query.dataFim) throw LIST_ERRORS.dateRange();
      return db.transaction(async (tx) => {
        const id = await repo.ensureBasket(tx, patronId);
        const range = query.tipoBusca === 'P' ? { from: query.dataIni, to: query.dataFim, timeZone } : null;
        return { itens: (await repo.findListTitles(tx, id, range)).map(presentItem) };
      });
    },

    /** SPEC §7 POST /acervo/cesta-permanente {acervos}: adds (the browser basket's merge at sign-in). */
    async addToPermanentBasket(patronId: number, ids: readonly number[]): Promise<PermanentBasket> {
      return db.transaction(async (tx) => {
        await repo.lockPatron(tx, patronId);
        const unknown = await add(tx, await repo.ensureBasket(tx, patronId), ids);
        return { ...(await basketOf(tx, patronId)), desconhecidos: unknown };
      });
    },

    /** SPEC §7 PUT /acervo/cesta-permanente {acervo}: takes one title out (decision 0043). */
    async removeFromPermanentBasket(patronId: number, titleId: number): Promise<PermanentBasket> {
      return db.transaction(async (tx) => {
        await repo.removeTitle(tx, await repo.ensureBasket(tx, patronId), titleId);
        return basketOf(tx, patronId);
      });
    },

    /** The patron's lists, the permanent basket first. */
    async lists(patronId: number): Promise<Lists> {
      return db.transaction(async (tx) => {
        await repo.ensureBasket(tx, patronId);
        return { listas: (await repo.findLists(tx, patronId)).map(presentSummary) };
      });
    },

    /** One of the patron's lists with its titles. */
    async list(patronId: number, listId: number): Promise<ListDetail> {
      const list = await ownList(db, patronId, listId);
      return presentDetail(list, await repo.findListTitles(db, list.id));
    },

    /** Makes a named list (at most LIST_MAX_LISTS, names unique per patron). */
    async create(patronId: number, body: CreateList): Promise<ListDetail> {
      return db.transaction(async (tx) => {
        await repo.lockPatron(tx, patronId);
        if ((await repo.countNamedLists(tx, patronId)) >= LIST_MAX_LISTS) throw LIST_ERRORS.tooManyLists();
        const id = await repo.insertList(tx, patronId, body.nome);
        if (id === null) throw LIST_ERRORS.nameTaken();
        return presentDetail((await repo.findOwnList(tx, patronId, id))!, []);
      });
    },

    /** Renames a named list, and shares it by a new link or stops sharing it. */
    async update(patronId: number, listId: number, body: UpdateList): Promise<ListDetail> {
      return db.transaction(async (tx) => {
        const list = await ownList(tx, patronId, listId);
        if (body.nome !== undefined && body.nome !== list.name) {
          // The permanent basket keeps its name (the web names it in the patron's language).
          if (list.is_basket) throw LIST_ERRORS.basketKept();
          if (await repo.nameTaken(tx, patronId, body.nome, list.id)) throw LIST_ERRORS.nameTaken();
          await repo.renameList(tx, list.id, body.nome);
        }
        if (body.compartilhada === false && list.share_token) await repo.setShareToken(tx, list.id, null);
        // Sharing again after stopping gives a new link: the old one stays dead.
        if (body.compartilhada === true && !list.share_token) {
          await repo.setShareToken(tx, list.id, newShareToken());
        }
        const updated = (await repo.findOwnList(tx, patronId, list.id))!;
        return presentDetail(updated, await repo.findListTitles(tx, list.id));
      });
    },

    /** Deletes a named list; the permanent basket cannot be deleted. */
    async remove(patronId: number, listId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const list = await ownList(tx, patronId, listId);
        if (list.is_basket) throw LIST_ERRORS.basketKept();
        await repo.deleteNamedList(tx, list.id);
      });
    },

    /** Adds titles to one of the patron's lists; answers the list. */
    async addTitles(patronId: number, listId: number, ids: readonly number[]): Promise<ListDetail> {
      return db.transaction(async (tx) => {
        await repo.lockPatron(tx, patronId);
        const list = await ownList(tx, patronId, listId);
        await add(tx, list.id, ids);
        const updated = (await repo.findOwnList(tx, patronId, list.id))!;
        return presentDetail(updated, await repo.findListTitles(tx, list.id));
      });
    },

    /** Takes one title out of one of the patron's lists; answers the list. */
    async removeTitle(patronId: number, listId: number, titleId: number): Promise<ListDetail> {
      return db.transaction(async (tx) => {
        const list = await ownList(tx, patronId, listId);
        await repo.removeTitle(tx, list.id, titleId);
        const updated = (await repo.findOwnList(tx, patronId, list.id))!;
        return presentDetail(updated, await repo.findListTitles(tx, list.id));
      });
    },

    /** A list shared by link, read-only, for anyone holding the token; 404 once sharing stopped. */
    async shared(token: string): Promise<SharedList> {
      const list = await repo.findSharedList(db, token);
      if (!list) throw LIST_ERRORS.notFound();
      return presentShared(list, await repo.findListTitles(db, list.id));
    },
  };
}

/** The lists' use cases. */
export type ListService = ReturnType<typeof createListService>;
