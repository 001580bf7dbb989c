import { Outlet, useOutletContext, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Group, Title as Heading } from '@mantine/core';
import type { Authority } from '@estante/contract';
import { parseRecordId, paths, type AuthorityTabKey } from '../../config/paths';
import { isApiErrorStatus } from '../../lib/api-client';
import { useAuthority } from '../../features/authority/api/get-authority';
import { useAuthorityMarc } from '../../features/authority/api/get-authority-marc';
import { AuthorityData, searchTypeOf } from '../../features/authority/components/authority-data';
import { DEFAULT_SEARCH_STATE, searchHref } from '../../features/search/hooks/use-search-state';
import { MarcTable } from '../../components/ui/marc-table';
import { TabLinks } from '../../components/ui/tab-links';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { DocumentTitle } from '../../components/ui/document-title';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { NotFoundMessage } from '../../components/errors/not-found-message';

const TABS: AuthorityTabKey[] = ['data', 'marc'];

interface AuthorityOutletContext {
  authority: Authority;
}

function AuthorityNotFound({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle page={t('authority.notFound.title')} />
      <NotFoundMessage
        title={t('authority.notFound.title')}
        description={t('authority.notFound.description', { id })}
      />
    </>
  );
}

/** SPEC §2 /autoridade/{codAutoridade} and /marc: heading, type, tab links and the open view. */
export function AuthorityRoute() {
  const { codAutoridade } = useParams();
  const id = parseRecordId(codAutoridade);
  if (id === null) return <AuthorityNotFound id={codAutoridade} />;
  return <AuthorityLayout id={id} />;
}

function AuthorityLayout({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useAuthority(id);
  if (query.isPending) return <LoadingBlock label={t('authority.loading')} />;
  if (query.isError) {
    if (isApiErrorStatus(query.error, 404)) return <AuthorityNotFound id={String(id)} />;
    return <ErrorBlock message={t('authority.error')} onRetry={() => void query.refetch()} />;
  }
  const authority = query.data;
  const tabs = TABS.map((key) => ({
    key,
    label: t(`authority.tabs.${key}`),
    href: paths.authority.getHref(id, key),
  }));
  return (
    <article aria-labelledby="authority-heading">
      <DocumentTitle page={authority.cabecalho} />
      <Heading order={1} id="authority-heading">
        {authority.cabecalho}
      </Heading>
      <Group gap="xs" mt="xs">
        <Badge variant="outline" color="var(--estante-link)" tt="none" size="lg">
          {t('authority.type.label', { type: t(`authority.type.${authority.tipo}`) })}
        </Badge>
      </Group>
      <TabLinks label={t('authority.tabs.label')} tabs={tabs} />
      <ErrorBoundary fallback={<ErrorBlock message={t('errors.unexpected')} />}>
        <Outlet context={{ authority } satisfies AuthorityOutletContext} />
      </ErrorBoundary>
    </article>
  );
}

/** Default view: references, notes, linked titles. */
export function AuthorityDataTab() {
  const { authority } = useOutletContext<AuthorityOutletContext>();
  const href =
    paths.home.getHref() +
    searchHref({
      ...DEFAULT_SEARCH_STATE,
      term: authority.cabecalho,
      searchType: searchTypeOf(authority),
      termType: 'exata',
    });
  return <AuthorityData authority={authority} searchHref={href} />;
}

/** /marc view. */
export function AuthorityMarcTab() {
  const { t } = useTranslation();
  const { authority } = useOutletContext<AuthorityOutletContext>();
  const query = useAuthorityMarc(authority.cod_autoridade);
  return (
    <section>
      <Heading order={2} fz="h3" mb="sm">
        {t('authority.marc.heading')}
      </Heading>
      {query.isPending && <LoadingBlock />}
      {query.isError && (
        <ErrorBlock message={t('authority.marc.error')} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && (
        <MarcTable
          record={query.data}
          caption={t('authority.marc.caption', { heading: authority.cabecalho })}
        />
      )}
    </section>
  );
}
