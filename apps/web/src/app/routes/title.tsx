import { useState, type ReactNode } from 'react';
import { Outlet, useMatch, useOutletContext, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Stack, Text, Title as Heading } from '@mantine/core';
import { ACTIVITY, API_PATHS, API_PREFIX, coverIsbn, type Copy, type Title } from '@estante/contract';
import { COPIES_LIBRARY_PARAM, parseRecordId, paths, TITLE_TABS, type TitleTabKey } from '../../config/paths';
import { isApiErrorStatus } from '../../lib/api-client';
import { useTitle } from '../../features/record/api/get-title';
import { useTitleMarc } from '../../features/record/api/get-title-marc';
import { getTitleCopiesQueryOptions, useTitleCopies } from '../../features/record/api/get-title-copies';
import { useTitleDublinCore } from '../../features/record/api/get-title-dublin-core';
import { TitleData } from '../../features/record/components/title-data';
import { ReferenceView } from '../../features/record/components/reference-view';
import { CopiesTable } from '../../features/record/components/copies-table';
import { LibraryFilter } from '../../features/record/components/library-filter';
import { DublinCoreTable } from '../../features/record/components/dublin-core-table';
import { MarcTable } from '../../components/ui/marc-table';
import { TabLinks } from '../../components/ui/tab-links';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { DocumentTitle } from '../../components/ui/document-title';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { NotFoundMessage } from '../../components/errors/not-found-message';
import { useIsAuthenticated } from '../../features/identity/hooks/use-is-authenticated';
import { useSession } from '../../features/identity/hooks/use-session';
import { useTitlePermissions } from '../../features/record/api/get-title-permissions';
import { useOpenRestrictedLink } from '../../features/record/hooks/use-open-restricted-link';
import { KardexView } from '../../features/record/components/kardex-view';
import { SummaryView } from '../../features/record/components/summary-view';
import { LoanStatistics } from '../../features/record/components/loan-statistics';
import { ClosedCollection } from '../../features/record/components/closed-collection';
import { useLoginModal } from '../../features/identity/components/login-modal';
import { TitleMetadata } from '../../features/record/components/title-metadata';
import { HoldingsSummary } from '../../features/record/components/holdings-summary';
import { holdOffer } from '../../features/record/utils/holdings';
import { RecordActions } from '../../features/record/components/record-actions';
import {
  AddToList,
  HoldDialog,
  HoldForm,
  LoanRequestForm,
} from '../../features/record/components/lazy-record-parts';
import { BasketToggle } from '../../features/basket/components/basket-toggle';
import { TitleComments } from '../../features/comments/components/title-comments';
import { useActivity } from '../../features/chrome/hooks/use-activity';
import { useInstitution } from '../../features/chrome/api/get-institution';
import classes from '../../features/record/components/record.module.css';

/** The tabs built so far, in display order; the other sub-routes answer "not available yet". */
const SHOWN_TABS = [
  'data',
  'reference',
  'marc',
  'copies',
  'dublinCore',
  'hold',
  'loanRequest',
  'kardex',
  'summaries',
  'bookSummaries',
  'statistics',
  'closedCollection',
] as const satisfies readonly TitleTabKey[];

/** Tabs a title shows only when /acervo/{id}/permissoes allows them (decision 0022). */
const CONDITIONAL_TABS: readonly TitleTabKey[] = [
  'hold',
  'loanRequest',
  'kardex',
  'summaries',
  'bookSummaries',
  'statistics',
  'closedCollection',
];

/** Whether the title's permissions allow a tab; undefined while they load. */
function useIsTabAllowed(id: number, key: TitleTabKey): boolean | undefined {
  const permissions = useTitlePermissions(id);
  if (!CONDITIONAL_TABS.includes(key)) return true;
  if (!permissions.data) return permissions.isError ? false : undefined;
  return permissions.data.abas.some((aba) => aba.aba === TITLE_TABS[key].segment && aba.permitida);
}

interface TitleOutletContext {
  title: Title;
}

function useTitleContext(): TitleOutletContext {
  return useOutletContext<TitleOutletContext>();
}

function TitleNotFound({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle page={t('record.notFound.title')} />
      <NotFoundMessage
        title={t('record.notFound.title')}
        description={t('record.notFound.description', { id })}
      />
    </>
  );
}

/** SPEC §2 /acervo/{codAcervo} and its sub-tabs: the title heading, the tab links and the open tab. */
export function TitleRoute() {
  const { codAcervo } = useParams();
  const id = parseRecordId(codAcervo);
  if (id === null) return <TitleNotFound id={codAcervo} />;
  return <TitleLayout id={id} />;
}

function TitleLayout({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useTitle(id);
  const permissions = useTitlePermissions(id);
  const isSignedIn = useIsAuthenticated();
  // Decision 0070: the record opens on where the title is, before its details and the other tabs.
  const isDataTab = useMatch(paths.title.path) !== null;
  // Kept here, not in the button: signing in re-reads the page's queries, and the dialog must stay open.
  const [isHoldOpen, setHoldOpen] = useState(false);
  // The copies are asked with the title, and the record shows once both are in: the holdings
  // section comes first, and drawing it later pushed the details down (a layout shift).
  // A record that does not exist says so once: its copies' 404 is no toast of its own.
  const copies = useQuery({ ...getTitleCopiesQueryOptions(id, null), meta: { silentStatuses: [404] } });

  if (query.isPending || (isDataTab && copies.isLoading)) return <LoadingBlock label={t('record.loading')} />;
  if (query.isError) {
    if (isApiErrorStatus(query.error, 404)) return <TitleNotFound id={String(id)} />;
    return <ErrorBlock message={t('record.error')} onRetry={() => void query.refetch()} />;
  }
  const title = query.data;
  // The record's permanent address (SPEC §2 /acervo/{codAcervo}), absolute for sharing and citing.
  const permalink = new URL(paths.title.getHref(id), window.location.origin).href;
  const allowed = new Set(
    permissions.data?.abas.filter((aba) => aba.permitida).map((aba) => aba.aba as string) ?? [],
  );
  const tabs = SHOWN_TABS.filter(
    (key) => !CONDITIONAL_TABS.includes(key) || allowed.has(TITLE_TABS[key].segment),
  ).map((key) => ({
    key,
    label: t(`record.tabs.${key}`),
    href: paths.title.getHref(id, key),
  }));

  return (
    <article aria-labelledby="title-heading">
      <DocumentTitle page={title.titulo} />
      <Heading order={1} id="title-heading">
        {title.titulo}
      </Heading>
      {title.autor && (
        <Text size="lg" mt={4}>
          {title.autor}
        </Text>
      )}
      <Group mt="sm" gap="xs" className={classes.noPrint}>
        <PlaceHoldButton id={id} onOpen={() => setHoldOpen(true)} />
        <BasketToggle id={id} title={title.titulo} />
        {isSignedIn && <AddToList titleIds={[id]} />}
        <RecordActions permalink={permalink} />
      </Group>
      {isSignedIn && (
        <HoldDialog
          titleId={id}
          titleName={title.titulo}
          opened={isHoldOpen}
          onClose={() => setHoldOpen(false)}
          myHoldsHref={paths.personalAreaItem.getHref('holds')}
          loanRequestHref={paths.title.getHref(id, 'loanRequest')}
        />
      )}
      <TitleMetadata title={title} permalink={permalink} />
      {isDataTab && <TitleHoldings title={title} copies={copies.data} />}
      <TabLinks label={t('record.tabs.label')} tabs={tabs} />
      <ErrorBoundary fallback={<ErrorBlock message={t('errors.unexpected')} />}>
        <Outlet context={{ title } satisfies TitleOutletContext} />
      </ErrorBoundary>
    </article>
  );
}

function TabHeading({ children }: { children: string }) {
  return (
    <Heading order={2} fz="h3" mb="sm">
      {children}
    </Heading>
  );
}

/** Default tab: the title's data; a restricted online link opens through the server, signed in. */
export function TitleDataTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const session = useSession();
  const { openLoginModal } = useLoginModal();
  const openRestricted = useOpenRestrictedLink(title.cod_acervo, session?.user.cod_pessoa ?? null);
  // SPEC §6 activity 13: the institution offers comments.
  const hasComments = useActivity(ACTIVITY.COMMENTS);
  // Decision 0070: a cover from the institution's provider by ISBN, through the server.
  const hasIsbnCovers = useInstitution().capa_isbn === true;
  const isbn = title.isbn.map(coverIsbn).find((value) => value !== null);
  const isbnCoverUrl = hasIsbnCovers && isbn ? `${API_PREFIX}${API_PATHS.isbnCover(isbn)}` : null;
  return (
    <>
      <section>
        <TabHeading>{t('record.data.heading')}</TabHeading>
        <TitleData
          title={title}
          isbnCoverUrl={isbnCoverUrl}
          // SPEC §6: restricted content is for the institution's patrons; a visitor signs in first.
          onOpenRestrictedLink={session ? openRestricted : () => openLoginModal()}
        />
      </section>
      {hasComments && (
        <ErrorBoundary fallback={<ErrorBlock message={t('comments.section.error')} />}>
          <TitleComments
            // Another patron signing in starts afresh, without what the last one typed.
            key={session?.user.login ?? ''}
            titleId={title.cod_acervo}
            isSignedIn={Boolean(session)}
            onSignIn={() => openLoginModal()}
          />
        </ErrorBoundary>
      )}
    </>
  );
}

/** /referencia (33). */
export function TitleReferenceTab() {
  const { title } = useTitleContext();
  return <ReferenceView titleId={title.cod_acervo} />;
}

/** /marc (36). */
export function TitleMarcTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const query = useTitleMarc(title.cod_acervo);
  return (
    <section>
      <TabHeading>{t('record.marc.heading')}</TabHeading>
      {query.isPending && <LoadingBlock />}
      {query.isError && <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <MarcTable record={query.data} caption={t('record.marc.caption', { title: title.titulo })} />
      )}
    </section>
  );
}

/** /exemplares (30): copies grouped by library, with a library filter kept in the URL. */
export function TitleCopiesTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const [params, setParams] = useSearchParams();
  const libraryId = parseRecordId(params.get(COPIES_LIBRARY_PARAM) ?? undefined);
  const query = useTitleCopies(title.cod_acervo, libraryId);
  const selectLibrary = (next: number | null) => {
    const nextParams = new URLSearchParams(params);
    if (next === null) nextParams.delete(COPIES_LIBRARY_PARAM);
    else nextParams.set(COPIES_LIBRARY_PARAM, String(next));
    setParams(nextParams, { replace: true });
  };
  return (
    <section>
      <TabHeading>{t('record.copies.heading')}</TabHeading>
      <Stack gap="md">
        {title.bibliotecas.length > 1 && (
          <LibraryFilter libraries={title.bibliotecas} value={libraryId} onChange={selectLibrary} />
        )}
        {query.isPending && <LoadingBlock />}
        {query.isError && <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />}
        {query.isSuccess && <CopiesTable copies={query.data} />}
      </Stack>
    </section>
  );
}

/** /dublin-core (115). */
export function TitleDublinCoreTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const query = useTitleDublinCore(title.cod_acervo);
  return (
    <section>
      <TabHeading>{t('record.dublinCore.heading')}</TabHeading>
      {query.isPending && <LoadingBlock />}
      {query.isError && <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />}
      {query.isSuccess && <DublinCoreTable elements={query.data} />}
    </section>
  );
}

/**
 * The record's first section (decision 0070): the holdings by library, with where to pick up a copy
 * on the shelf, from the copies the layout asked for with the title (none drawn if they failed).
 */
function TitleHoldings({ title, copies }: { title: Title; copies: readonly Copy[] | undefined }) {
  if (!copies) return null;
  return (
    <HoldingsSummary
      copies={copies}
      callNumber={title.numero_chamada}
      copiesHref={paths.title.getHref(title.cod_acervo, 'copies')}
    />
  );
}

/**
 * "Place hold" (SPEC §6: login is required to hold), offered only when a hold is allowed (SPEC §4:
 * not while a copy that would serve it is on the shelf; the record says where that copy is). It
 * opens the hold dialog; a visitor signs in through the modal first and comes back to the dialog.
 */
function PlaceHoldButton({ id, onOpen }: { id: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const isAuthenticated = useIsAuthenticated();
  const { openLoginModal } = useLoginModal();
  const copies = useTitleCopies(id, null);
  const isAllowed = useIsTabAllowed(id, 'hold');
  if (!isAllowed || !copies.data || !holdOffer(copies.data).canHold) return null;
  return (
    <Button
      variant="filled"
      onClick={() => (isAuthenticated ? onOpen() : openLoginModal({ onSignedIn: onOpen }))}
    >
      {t('record.hold.place')}
    </Button>
  );
}

/**
 * /reserva (18). Holds need a signed-in patron (SPEC §6): a visitor is asked to sign in here, through
 * the modal, and stays on this tab; a patron gets the hold form (decision 0030).
 */
export function TitleHoldTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const session = useSession();
  const { openLoginModal } = useLoginModal();
  return (
    <PermittedTab tab="hold" heading={t('record.hold.heading')}>
      {session ? (
        <HoldForm
          // Another patron signing in starts the form afresh, without what the last one chose or typed.
          key={session.user.login}
          titleId={title.cod_acervo}
          titleName={title.titulo}
          myHoldsHref={paths.personalAreaItem.getHref('holds')}
          loanRequestHref={paths.title.getHref(title.cod_acervo, 'loanRequest')}
        />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('record.hold.signInPrompt')}</Text>
          <Button onClick={() => openLoginModal()}>{t('record.hold.signIn')}</Button>
        </Stack>
      )}
    </PermittedTab>
  );
}

/** /solicitacao-emprestimo (75): a loan request needs a signed-in patron too (SPEC §6). */
export function TitleLoanRequestTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const session = useSession();
  const { openLoginModal } = useLoginModal();
  return (
    <PermittedTab tab="loanRequest" heading={t('record.tabs.loanRequest')}>
      {session ? (
        <LoanRequestForm
          // Another patron signing in starts the form afresh, without what the last one chose or typed.
          key={session.user.login}
          titleId={title.cod_acervo}
          titleName={title.titulo}
          myRequestsHref={paths.personalAreaItem.getHref('loanRequests')}
          holdHref={paths.title.getHref(title.cod_acervo, 'hold')}
        />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('circulation.requests.tab.signInPrompt')}</Text>
          <Button onClick={() => openLoginModal()}>{t('circulation.requests.tab.signIn')}</Button>
        </Stack>
      )}
    </PermittedTab>
  );
}

/**
 * A conditional tab's frame: its heading, then the tab itself when the title's permissions allow it,
 * else a "not available for this title" state (the route keeps working for a shared link).
 */
function PermittedTab({
  tab,
  heading,
  children,
}: {
  tab: TitleTabKey;
  heading: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const isAllowed = useIsTabAllowed(title.cod_acervo, tab);
  return (
    <section>
      <TabHeading>{heading}</TabHeading>
      {isAllowed === undefined && <LoadingBlock />}
      {isAllowed === false && <Text>{t('record.tabNotAllowed')}</Text>}
      {isAllowed && children}
    </section>
  );
}

/** /colecao-kardex (32): the issues of a periodical each library received. */
export function TitleKardexTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  return (
    <PermittedTab tab="kardex" heading={t('record.kardex.heading')}>
      <KardexView titleId={title.cod_acervo} />
    </PermittedTab>
  );
}

/** /sumarios: the contents of a periodical's issues. */
export function TitleSummariesTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  return (
    <PermittedTab tab="summaries" heading={t('record.summary.issuesHeading')}>
      <SummaryView titleId={title.cod_acervo} />
    </PermittedTab>
  );
}

/** /sumarios-livros: a book's table of contents (505). */
export function TitleBookSummariesTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  return (
    <PermittedTab tab="bookSummaries" heading={t('record.summary.bookHeading')}>
      <SummaryView titleId={title.cod_acervo} />
    </PermittedTab>
  );
}

/** /dados-estatisticos (74): loans per month. */
export function TitleStatisticsTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  return (
    <PermittedTab tab="statistics" heading={t('record.statistics.heading')}>
      <LoanStatistics titleId={title.cod_acervo} />
    </PermittedTab>
  );
}

/** /acervo-fechado: ask for a copy kept in closed stacks (a visitor signs in here, through the modal). */
export function TitleClosedCollectionTab() {
  const { t } = useTranslation();
  const { title } = useTitleContext();
  const isAuthenticated = useIsAuthenticated();
  const { openLoginModal } = useLoginModal();
  return (
    <PermittedTab tab="closedCollection" heading={t('record.closedCollection.heading')}>
      <ClosedCollection
        titleId={title.cod_acervo}
        titleName={title.titulo}
        isAuthenticated={isAuthenticated}
        onSignIn={() => openLoginModal()}
      />
    </PermittedTab>
  );
}
