import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { holdsRole, type StaffPatronSearch, type StaffSelf } from '@estante/contract';
import { SubmitButton, TextField, useForm } from '../../../../components/form';
import { ScrollRegion } from '../../../../components/ui/scroll-region';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { usePatronSearch } from '../api/search-patrons';
import { PatronImport } from './patron-import';
import { PatronDetails } from './patron-details';

/** What the part keeps in the address: the text searched, the page, and the patron open. */
function useSearchState() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('pagina') ?? '1');
  return {
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    login: params.get('leitor'),
    hrefOf: (next: { q?: string; page?: number; login?: string | null }) => {
      const search = new URLSearchParams();
      const q = next.q ?? params.get('q') ?? '';
      if (q) search.set('q', q);
      const p = next.page ?? 1;
      if (p > 1) search.set('pagina', String(p));
      if (next.login) search.set('leitor', next.login);
      return `?${search.toString()}`;
    },
    setParams,
  };
}

/**
 * Patrons (decision 0062; circulation): find a patron by name, login, document or e-mail, open
 * their page (loans, holds, debts, requests; block, reset code); administrators also import
 * patrons from CSV. The text, the page and the patron open live in the address.
 */
export function StaffPatrons({ self }: { self: StaffSelf }) {
  const { t } = useTranslation();
  const state = useSearchState();
  if (state.login) {
    return (
      <Stack gap="md">
        <Anchor component={Link} to={state.hrefOf({ q: state.q, page: state.page })}>
          {t('staff.patrons.back')}
        </Anchor>
        <PatronDetails key={state.login} login={state.login} />
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <PatronSearch state={state} />
      {holdsRole(self.papeis, 'administrador') && <PatronImport />}
    </Stack>
  );
}

function PatronSearch({ state }: { state: ReturnType<typeof useSearchState> }) {
  const { t } = useTranslation();
  const found = usePatronSearch(state.q, state.page);
  const form = useForm({
    initial: { q: state.q },
    onSubmit: ({ q }) => {
      const search = new URLSearchParams();
      if (q.trim()) search.set('q', q.trim());
      state.setParams(search);
    },
  });
  return (
    <Stack gap="md" component="section" aria-labelledby="staff-patrons-search-heading">
      <Title order={2} id="staff-patrons-search-heading">
        {t('staff.patrons.searchHeading')}
      </Title>
      <form {...form.formProps} role="search" aria-label={t('staff.patrons.searchHeading')}>
        <Group align="flex-end" gap="sm">
          <TextField
            label={t('staff.patrons.query')}
            description={t('staff.patrons.queryHelp')}
            autoComplete="off"
            maxLength={200}
            {...form.field('q')}
          />
          <SubmitButton sending={false}>{t('staff.patrons.search')}</SubmitButton>
        </Group>
      </form>
      {found.isPending ? (
        <LoadingBlock />
      ) : found.isError ? (
        <ErrorBlock message={t('staff.patrons.loadError')} onRetry={() => void found.refetch()} />
      ) : found.data.total === 0 ? (
        <Text>{t('staff.patrons.none')}</Text>
      ) : (
        <Results found={found.data} state={state} />
      )}
    </Stack>
  );
}

function Results({ found, state }: { found: StaffPatronSearch; state: ReturnType<typeof useSearchState> }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(found.total / found.por_pagina));
  return (
    <Stack gap="sm">
      <ScrollRegion label={t('staff.patrons.caption', { count: found.total })}>
        <Table striped>
          <Table.Caption>{t('staff.patrons.caption', { count: found.total })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.patrons.name')}</Table.Th>
              <Table.Th scope="col">{t('staff.patrons.login')}</Table.Th>
              <Table.Th scope="col">{t('staff.patrons.email')}</Table.Th>
              <Table.Th scope="col">{t('staff.patrons.category')}</Table.Th>
              <Table.Th scope="col">{t('staff.patrons.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {found.leitores.map((patron) => (
              <Table.Tr key={patron.login}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={state.hrefOf({ q: state.q, page: state.page, login: patron.login })}
                  >
                    {patron.nome}
                  </Anchor>
                </Table.Td>
                <Table.Td>{patron.login}</Table.Td>
                <Table.Td>{patron.email ?? '—'}</Table.Td>
                <Table.Td>{patron.categoria}</Table.Td>
                <Table.Td>
                  {patron.bloqueado ? t('staff.patrons.blocked') : t('staff.patrons.active')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {pages > 1 && (
        <Group component="nav" aria-label={t('staff.patrons.pages')} gap="md">
          {found.pagina > 1 && (
            <Anchor component={Link} to={state.hrefOf({ q: state.q, page: found.pagina - 1 })}>
              {t('staff.patrons.previous')}
            </Anchor>
          )}
          <Text size="sm">{t('staff.patrons.pageOf', { page: found.pagina, pages })}</Text>
          {found.pagina < pages && (
            <Anchor component={Link} to={state.hrefOf({ q: state.q, page: found.pagina + 1 })}>
              {t('staff.patrons.next')}
            </Anchor>
          )}
        </Group>
      )}
    </Stack>
  );
}
