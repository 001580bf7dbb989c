import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { STAFF_ACTIONS, type StaffActionName, type StaffAuditEntry } from '@estante/contract';
import { DateField, SelectField, SubmitButton, TextField, rules, useForm } from '../../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { ScrollRegion } from '../../../../components/ui/scroll-region';
import { NUMERIC_DATE, patronLocale } from '../../../../lib/i18n';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { actionLabel } from '../utils/action-label';
import { diffFields } from '../utils/audit-diff';

const TEXTS = ['ator', 'acao', 'alvo', 'de', 'ate'] as const;

/** The filters as the address holds them. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const action = params.get('acao') ?? '';
  const page = Number(params.get('pagina') ?? '1');
  return {
    ator: params.get('ator') ?? '',
    acao: (STAFF_ACTIONS as readonly string[]).includes(action) ? (action as StaffActionName) : '',
    alvo: params.get('alvo') ?? '',
    de: params.get('de') ?? '',
    ate: params.get('ate') ?? '',
    pagina: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function hrefOf(filters: AuditFilters): string {
  const search = new URLSearchParams();
  for (const name of TEXTS) if (filters[name]) search.set(name, filters[name]);
  if (filters.pagina > 1) search.set('pagina', String(filters.pagina));
  return `?${search.toString()}`;
}

/**
 * The audit log (decisions 0056, 0062; administrator): every staff action, newest first, searched
 * by who, what, target and days; each entry shows before and after as a table of fields, the
 * changed ones marked. The filters live in the address.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useAuditLog(filters);
  const form = useForm({
    initial: {
      ator: filters.ator,
      acao: filters.acao as string,
      alvo: filters.alvo,
      de: filters.de,
      ate: filters.ate,
    },
    validate: (values) => {
      const de = rules.date(values.de, t('staff.audit.from'), t);
      const ate = rules.date(values.ate, t('staff.audit.to'), t) ?? rules.dateRange(values.de, values.ate, t);
      return { ...(de ? { de } : {}), ...(ate ? { ate } : {}) };
    },
    onSubmit: (values) => {
      setParams(
        new URLSearchParams(
          hrefOf({
            ...filtersOf(new URLSearchParams()),
            ...values,
            acao: values.acao as StaffActionName | '',
            pagina: 1,
          }),
        ),
      );
    },
  });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.por_pagina)) : 1;
  return (
    <Stack gap="md">
      <Text>{t('staff.audit.intro')}</Text>
      <form {...form.formProps} role="search" aria-label={t('staff.audit.searchLabel')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <TextField
              label={t('staff.audit.actor')}
              autoComplete="off"
              maxLength={120}
              {...form.field('ator')}
            />
            <SelectField
              label={t('staff.audit.action')}
              options={[
                { value: '', label: t('staff.audit.anyAction') },
                ...STAFF_ACTIONS.map((action) => ({ value: action, label: actionLabel(action, t) })),
              ]}
              {...form.field('acao')}
            />
            <TextField
              label={t('staff.audit.target')}
              description={t('staff.audit.targetHelp')}
              autoComplete="off"
              maxLength={200}
              {...form.field('alvo')}
            />
            <DateField label={t('staff.audit.from')} {...form.field('de')} />
            <DateField label={t('staff.audit.to')} {...form.field('ate')} />
          </SimpleGrid>
          <SubmitButton sending={false}>{t('staff.audit.search')}</SubmitButton>
        </Stack>
      </form>
      {log.isPending ? (
        <LoadingBlock />
      ) : log.isError ? (
        <ErrorBlock message={t('staff.audit.loadError')} onRetry={() => void log.refetch()} />
      ) : log.data.total === 0 ? (
        <Text>{t('staff.audit.none')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('staff.audit.count', { count: log.data.total })}
          </Text>
          <Stack
            component="ul"
            gap="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('staff.audit.listLabel')}
          >
            {log.data.acoes.map((entry) => (
              <li key={entry.codigo}>
                <Entry entry={entry} />
              </li>
            ))}
          </Stack>
          {pages > 1 && (
            <Group component="nav" aria-label={t('staff.audit.pages')} gap="md">
              {log.data.pagina > 1 && (
                <Anchor component={Link} to={hrefOf({ ...filters, pagina: log.data.pagina - 1 })}>
                  {t('staff.audit.previous')}
                </Anchor>
              )}
              <Text size="sm">{t('staff.audit.pageOf', { page: log.data.pagina, pages })}</Text>
              {log.data.pagina < pages && (
                <Anchor component={Link} to={hrefOf({ ...filters, pagina: log.data.pagina + 1 })}>
                  {t('staff.audit.next')}
                </Anchor>
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function Entry({ entry }: { entry: StaffAuditEntry }) {
  const { t, i18n } = useTranslation();
  const headingId = `staff-audit-entry-${entry.codigo}`;
  const when = new Intl.DateTimeFormat(patronLocale(i18n.language), {
    ...NUMERIC_DATE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(entry.data));
  const changes = diffFields(entry.antes, entry.depois);
  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('staff.audit.entryHeading', {
            action: actionLabel(entry.acao, t),
            kind: entry.alvo.tipo,
            target: entry.alvo.id,
          })}
        </Title>
        <Text size="sm">{t('staff.audit.byline', { actor: entry.ator, date: when })}</Text>
        {changes.length > 0 && (
          <ScrollRegion
            label={t('staff.audit.changesOf', { action: actionLabel(entry.acao, t), target: entry.alvo.id })}
          >
            <Table>
              <Table.Caption>{t('staff.audit.changes')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staff.audit.field')}</Table.Th>
                  <Table.Th scope="col">{t('staff.audit.before')}</Table.Th>
                  <Table.Th scope="col">{t('staff.audit.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => (
                  <Table.Tr key={change.field} fw={change.changed ? 700 : undefined}>
                    <Table.Th scope="row">
                      {change.field}
                      {change.changed && (
                        <Text component="span" size="xs">
                          {' '}
                          {t('staff.audit.changed')}
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {change.before ?? '—'}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {change.after ?? '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Card>
  );
}
