import {
  CONSULTATION_MODULE,
  CONTENT_ERRORS,
  INSTITUTION_PAGES,
  type CategoryPermissions,
  type CategoryPermissionsRequest,
  INSTITUTION_SETTING_KEYS,
  isSettingValue,
  type EditableSetting,
  type InstitutionSettingKey,
  isCalendarMoment,
  type EditableActivity,
  type EditableEvent,
  type EditableOpeningHours,
  type EditableOpeningHoursEntry,
  type EventRequest,
  type OpeningHoursEntryRequest,
  type EditableFaqEntry,
  type EditableInstitutionPage,
  type FaqEntryRequest,
  type InstitutionPageKey,
  type InstitutionPageRequest,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import {
  addFaq,
  deleteEvent,
  deleteFaq,
  deleteHoursEntry,
  hoursOverlap,
  listEventsForEditing,
  listHoursForEditing,
  listLibraryNames,
  lockEvent,
  lockHoursEntry,
  lockSetting,
  listCategories,
  listCategoryPermissions,
  permissionsExist,
  replaceCategoryPermissions,
  readSettings,
  writeSetting,
  writeEvent,
  writeHoursEntry,
  type EditableEventRow,
  type EditableHoursRow,
  deletePage,
  listAllActivities,
  listFaqForEditing,
  listPagesForEditing,
  lockActivity,
  lockFaqEntry,
  lockPage,
  rewriteFaq,
  rewritePage,
  setActivity,
  type EditableFaqRow,
  type EditablePageRow,
  type FaqTexts,
} from './repository.ts';

// The institution's content edited in the staff workspace (decision 0063): the same tables the
// public /parametros calls read and `estante settings` writes; every change writes its audit entry
// in its own transaction. HTML is stored as written and sanitised where it is shown, as ever.

const text = (question: string | null, answer: string | null) =>
  question === null || answer === null ? null : { question, answer };

/** A FAQ entry as the audit log keeps it: its place and every language's text. */
function faqSnapshot(row: EditableFaqRow) {
  return {
    position: row.position,
    pt: { question: row.question_pt, answer: row.answer_pt },
    en: text(row.question_en, row.answer_en),
    es: text(row.question_es, row.answer_es),
  };
}

/** A FAQ entry as the editor reads it. */
export function presentEditableFaq(row: EditableFaqRow): EditableFaqEntry {
  const wire = (t: { question: string; answer: string } | null) =>
    t === null ? null : { pergunta: t.question, resposta: t.answer };
  const snapshot = faqSnapshot(row);
  return {
    codigo: row.id,
    posicao: row.position,
    pt: wire(snapshot.pt)!,
    en: wire(snapshot.en),
    es: wire(snapshot.es),
  };
}

function textsOf(request: FaqEntryRequest): FaqTexts {
  const read = (t: { pergunta: string; resposta: string } | null) =>
    t === null ? null : { question: t.pergunta, answer: t.resposta };
  return { pt: read(request.pt)!, en: read(request.en), es: read(request.es) };
}

/** The whole FAQ, every language, in its order. */
export async function editableFaq(db: Db): Promise<EditableFaqEntry[]> {
  return (await listFaqForEditing(db)).map(presentEditableFaq);
}

/** Adds a FAQ entry (at the end, or at its position) with its audit entry. */
export async function addFaqEntry(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: FaqEntryRequest,
): Promise<EditableFaqEntry> {
  const texts = textsOf(request);
  return db.transaction(async (tx) => {
    const id = await addFaq(tx, {
      question: texts.pt.question,
      answer: texts.pt.answer,
      ...(request.posicao === undefined ? {} : { position: request.posicao }),
    });
    const row = await rewriteFaq(tx, id, { texts });
    await recordStaffAction(tx, {
      actor,
      action: 'faq.add',
      target: { kind: 'faq_entry', id },
      before: null,
      after: faqSnapshot(row),
      at: clock.now(),
    });
    return presentEditableFaq(row);
  });
}

/** Rewrites a FAQ entry (texts, and its place when given); a change to nothing writes no audit entry. */
export async function editFaqEntry(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  id: number,
  request: FaqEntryRequest,
): Promise<EditableFaqEntry> {
  return db.transaction(async (tx) => {
    const before = await lockFaqEntry(tx, id);
    if (!before) throw ERRORS.notFound();
    const after = await rewriteFaq(tx, id, {
      texts: textsOf(request),
      // Moving to where it already is moves nothing.
      ...(request.posicao === undefined || request.posicao === before.position
        ? {}
        : { position: request.posicao }),
    });
    const [was, is] = [faqSnapshot(before), faqSnapshot(after)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await recordStaffAction(tx, {
        actor,
        action: 'faq.edit',
        target: { kind: 'faq_entry', id },
        before: was,
        after: is,
        at: clock.now(),
      });
    }
    return presentEditableFaq(after);
  });
}

/** Removes a FAQ entry, keeping what it said in the audit log. */
export async function removeFaqEntry(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockFaqEntry(tx, id);
    if (!before) throw ERRORS.notFound();
    await deleteFaq(tx, id);
    await recordStaffAction(tx, {
      actor,
      action: 'faq.remove',
      target: { kind: 'faq_entry', id },
      before: faqSnapshot(before),
      after: null,
      at: clock.now(),
    });
  });
}

/** A page as the audit log keeps it: every language's title and HTML. */
function pageSnapshot(row: EditablePageRow) {
  const page = (title: string | null, body: string | null) =>
    title === null || body === null ? null : { title, body };
  return {
    pt: page(row.title_pt, row.body_pt),
    en: page(row.title_en, row.body_en),
    es: page(row.title_es, row.body_es),
  };
}

/** A page as the editor reads it (pt null while it is not written). */
function presentEditablePage(
  key: InstitutionPageKey,
  row: EditablePageRow | undefined,
): EditableInstitutionPage {
  if (!row) return { chave: key, pt: null, en: null, es: null };
  const wire = (t: { title: string; body: string } | null) =>
    t === null ? null : { titulo: t.title, conteudo: t.body };
  const snapshot = pageSnapshot(row);
  return { chave: key, pt: wire(snapshot.pt), en: wire(snapshot.en), es: wire(snapshot.es) };
}

/** The three institution pages, in their order, written or not. */
export async function editablePages(db: Db): Promise<EditableInstitutionPage[]> {
  const rows = await listPagesForEditing(db);
  return INSTITUTION_PAGES.map((key) =>
    presentEditablePage(
      key,
      rows.find((row) => row.key === key),
    ),
  );
}

/** Writes a page in every language; a save of what is there writes no audit entry. */
export async function editPage(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  key: InstitutionPageKey,
  request: InstitutionPageRequest,
): Promise<EditableInstitutionPage> {
  const read = (t: { titulo: string; conteudo: string } | null) =>
    t === null ? null : { title: t.titulo, body: t.conteudo };
  return db.transaction(async (tx) => {
    const before = await lockPage(tx, key);
    const after = await rewritePage(tx, key, {
      pt: read(request.pt)!,
      en: read(request.en),
      es: read(request.es),
    });
    const was = before ? pageSnapshot(before) : null;
    const is = pageSnapshot(after);
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await recordStaffAction(tx, {
        actor,
        action: 'page.edit',
        target: { kind: 'institution_page', id: key },
        before: was,
        after: is,
        at: clock.now(),
      });
    }
    return presentEditablePage(key, after);
  });
}

/** Removes a page (every language): the public side then shows nothing for it. */
export async function removePage(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  key: InstitutionPageKey,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPage(tx, key);
    if (!before) throw ERRORS.notFound();
    await deletePage(tx, key);
    await recordStaffAction(tx, {
      actor,
      action: 'page.remove',
      target: { kind: 'institution_page', id: key },
      before: pageSnapshot(before),
      after: null,
      at: clock.now(),
    });
  });
}

/** Every activity, on or off, in the caller's language. */
export async function editableActivities(db: Db, language: ServerLanguage): Promise<EditableActivity[]> {
  return (await listAllActivities(db, language)).map((row) => ({
    codigo: row.code,
    descricao: row.description,
    ativa: row.enabled,
  }));
}

/** Turns an activity on or off for the whole institution (as `estante activity on|off`). */
export async function setActivityState(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  code: number,
  enabled: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockActivity(tx, code);
    if (!before) throw ERRORS.notFound();
    if (before.enabled === enabled) return;
    await setActivity(tx, code, enabled);
    await recordStaffAction(tx, {
      actor,
      action: 'activity.set',
      target: { kind: 'activity', id: code },
      before: { enabled: before.enabled },
      after: { enabled },
      at: clock.now(),
    });
  });
}

// Opening hours (decision 0065): one entry per open interval, as `estante settings hours` keeps them.

const contentRefusal = (refusal: { code: string; key: string }) => ERRORS.rule(refusal.code, refusal.key);

function presentHours(row: EditableHoursRow): EditableOpeningHoursEntry {
  return {
    codigo: row.id,
    biblioteca: row.library_id,
    nome_biblioteca: row.library_name,
    dia: row.weekday,
    abre: row.opens,
    fecha: row.closes,
  };
}

/** An interval as the audit log keeps it. */
const hoursSnapshot = (row: EditableHoursRow) => ({
  library: row.library_id,
  weekday: row.weekday,
  opens: row.opens,
  closes: row.closes,
});

/** Every interval, and the libraries the editor offers. */
export async function editableHours(db: Db): Promise<EditableOpeningHours> {
  const [rows, libraries] = await Promise.all([listHoursForEditing(db), listLibraryNames(db)]);
  return {
    data: rows.map(presentHours),
    bibliotecas: libraries.map((library) => ({ codigo: library.id, nome: library.name })),
  };
}

/** Adds (id null) or rewrites/moves an interval: it must close after it opens and overlap no other. */
export async function saveHoursEntry(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  id: number | null,
  request: OpeningHoursEntryRequest,
): Promise<EditableOpeningHoursEntry> {
  if (request.fecha <= request.abre) throw contentRefusal(CONTENT_ERRORS.HOURS_CLOSE_BEFORE_OPEN);
  return db.transaction(async (tx) => {
    const before = id === null ? null : await lockHoursEntry(tx, id);
    if (id !== null && !before) throw ERRORS.notFound();
    const interval = {
      libraryId: request.biblioteca,
      weekday: request.dia,
      opens: request.abre,
      closes: request.fecha,
    };
    const overlap = await hoursOverlap(tx, { ...interval, exceptId: id });
    if (overlap === null) throw contentRefusal(CONTENT_ERRORS.UNKNOWN_LIBRARY);
    if (overlap) throw contentRefusal(CONTENT_ERRORS.HOURS_OVERLAP);
    const after = await writeHoursEntry(tx, id, interval);
    const [was, is] = [before ? hoursSnapshot(before) : null, hoursSnapshot(after)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await recordStaffAction(tx, {
        actor,
        action: id === null ? 'hours.add' : 'hours.edit',
        target: { kind: 'opening_hours', id: after.id },
        before: was,
        after: is,
        at: clock.now(),
      });
    }
    return presentHours(after);
  });
}

/** Removes an interval (the day closes when it was its last). */
export async function removeHoursEntry(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockHoursEntry(tx, id);
    if (!before) throw ERRORS.notFound();
    await deleteHoursEntry(tx, id);
    await recordStaffAction(tx, {
      actor,
      action: 'hours.remove',
      target: { kind: 'opening_hours', id },
      before: hoursSnapshot(before),
      after: null,
      at: clock.now(),
    });
  });
}

// Events (decision 0065): the institutional events and the events calendar.

function presentEvent(row: EditableEventRow): EditableEvent {
  const text = (title: string | null, description: string | null) =>
    title === null ? null : { titulo: title, descricao: description };
  return {
    codigo: row.id,
    tipo: row.kind,
    inicio: new Date(row.starts_at).toISOString(),
    fim: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
    local: row.location,
    link: row.link,
    pt: text(row.title_pt, row.description_pt)!,
    en: text(row.title_en, row.description_en),
    es: text(row.title_es, row.description_es),
  };
}

/** Every event, newest start first. */
export async function editableEvents(db: Db): Promise<EditableEvent[]> {
  return (await listEventsForEditing(db)).map(presentEvent);
}

/** Adds (id null) or rewrites an event: real dates, the end not before the start. */
export async function saveEvent(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  id: number | null,
  request: EventRequest,
): Promise<EditableEvent> {
  if (!isCalendarMoment(request.inicio) || (request.fim !== null && !isCalendarMoment(request.fim))) {
    throw contentRefusal(CONTENT_ERRORS.EVENT_DATE_INVALID);
  }
  const startsAt = new Date(request.inicio);
  const endsAt = request.fim === null ? null : new Date(request.fim);
  if (endsAt !== null && endsAt < startsAt) throw contentRefusal(CONTENT_ERRORS.EVENT_END_BEFORE_START);
  const text = (t: { titulo: string; descricao: string | null } | null) =>
    t === null ? null : { title: t.titulo, description: t.descricao || null };
  return db.transaction(async (tx) => {
    const before = id === null ? null : await lockEvent(tx, id);
    if (id !== null && !before) throw ERRORS.notFound();
    const after = await writeEvent(tx, id, {
      kind: request.tipo,
      startsAt,
      endsAt,
      location: request.local || null,
      link: request.link || null,
      texts: { pt: text(request.pt)!, en: text(request.en), es: text(request.es) },
    });
    const [was, is] = [before ? presentEvent(before) : null, presentEvent(after)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await recordStaffAction(tx, {
        actor,
        action: id === null ? 'event.add' : 'event.edit',
        target: { kind: 'institution_event', id: after.id },
        before: was,
        after: is,
        at: clock.now(),
      });
    }
    return is;
  });
}

/** Removes an event, keeping what it said in the audit log. */
export async function removeEvent(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEvent(tx, id);
    if (!before) throw ERRORS.notFound();
    await deleteEvent(tx, id);
    await recordStaffAction(tx, {
      actor,
      action: 'event.remove',
      target: { kind: 'institution_event', id },
      before: presentEvent(before),
      after: null,
      at: clock.now(),
    });
  });
}

// Settings (decision 0065): only the listed ones (INSTITUTION_SETTINGS), each checked against its
// kind, written by the same `writeSetting` as `estante settings set`.

/** Every listed setting with its value (null while unset: the product's default applies). */
export async function editableSettings(db: Db): Promise<EditableSetting[]> {
  const settings = await readSettings(db);
  return INSTITUTION_SETTING_KEYS.map((key) => {
    const value = settings[key];
    const shown = typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
    return { chave: key, valor: shown ? value : null };
  });
}

/** Sets one listed setting; a value that does not fit its kind is refused, the same value writes nothing. */
export async function setSetting(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  key: InstitutionSettingKey,
  value: boolean | number | string | null,
): Promise<EditableSetting> {
  const written = typeof value === 'string' ? value.trim() : value;
  if (!isSettingValue(key, written)) throw contentRefusal(CONTENT_ERRORS.SETTING_INVALID);
  await db.transaction(async (tx) => {
    const before = (await lockSetting(tx, key)) ?? null;
    if (JSON.stringify(before) === JSON.stringify(written)) return;
    await writeSetting(tx, key, written);
    await recordStaffAction(tx, {
      actor,
      action: 'setting.set',
      target: { kind: 'institution_setting', id: key },
      before: { value: before },
      after: { value: written },
      at: clock.now(),
    });
  });
  return { chave: key, valor: written };
}

// Which patron category may use each activity (decision 0065): the consultation module's permissions.

/** The categories, every activity (on or off) and the allowed pairs. */
export async function editablePermissions(db: Db, language: ServerLanguage): Promise<CategoryPermissions> {
  const [categories, activities, pairs] = await Promise.all([
    listCategories(db, language),
    listAllActivities(db, language),
    listCategoryPermissions(db, CONSULTATION_MODULE),
  ]);
  return {
    categorias: categories.map((c) => ({ codigo: c.code, descricao: c.label })),
    atividades: activities.map((a) => ({ codigo: a.code, descricao: a.description, ativa: a.enabled })),
    permissoes: pairs.map((p) => ({ categoria: p.category, atividade: p.activity })),
  };
}

/** Saves every allowed pair at once; pairs naming no category or activity are refused, the same set writes nothing. */
export async function setPermissions(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: CategoryPermissionsRequest,
): Promise<void> {
  const seen = new Map(request.permissoes.map((p) => [`${p.categoria}\u0000${p.atividade}`, p]));
  const pairs = [...seen.values()]
    .map((p) => ({ category: p.categoria, activity: p.atividade }))
    .sort((a, b) => a.category.localeCompare(b.category) || a.activity - b.activity);
  await db.transaction(async (tx) => {
    const categories = [...new Set(pairs.map((p) => p.category))];
    const activities = [...new Set(pairs.map((p) => p.activity))];
    if (!(await permissionsExist(tx, categories, activities))) {
      throw contentRefusal(CONTENT_ERRORS.PERMISSION_UNKNOWN);
    }
    const before = await listCategoryPermissions(tx, CONSULTATION_MODULE, true);
    const key = (list: { category: string; activity: number }[]) =>
      list.map((p) => `${p.category}:${p.activity}`).sort();
    const [was, is] = [key(before), key(pairs)];
    if (JSON.stringify(was) === JSON.stringify(is)) return;
    await replaceCategoryPermissions(tx, CONSULTATION_MODULE, pairs);
    // The audit entry keeps what changed, and the whole set before and after.
    await recordStaffAction(tx, {
      actor,
      action: 'permission.set',
      target: { kind: 'category_permission', id: CONSULTATION_MODULE },
      before: { allowed: was, withdrawn: was.filter((p) => !is.includes(p)) },
      after: { allowed: is, granted: is.filter((p) => !was.includes(p)) },
      at: clock.now(),
    });
  });
}
