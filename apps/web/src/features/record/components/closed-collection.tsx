import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import type { ClosedStackCopy, ClosedStacksProtocol, ClosedStacksQuery } from '@estante/contract';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { useClosedStacks } from '../api/get-closed-stacks';
import { useRequestClosedStacks } from '../api/request-closed-stacks';

interface ClosedCollectionProps {
  titleId: number;
  titleName: string;
  isAuthenticated: boolean;
  /** Opens the sign-in (the modal); the patron stays on this tab. */
  onSignIn: () => void;
}

const ANY = '';

/** "Nº 0003-OR — Biblioteca Central, Armazém — obras raras, v. 2" */
function copyLabel(copy: ClosedStackCopy, t: TFunction): string {
  const where = [copy.desc_biblioteca, copy.localizacao].filter(Boolean).join(', ');
  const parts = [
    copy.volume ? t('record.closedCollection.volume', { value: copy.volume }) : null,
    copy.tomo ? t('record.closedCollection.tome', { value: copy.tomo }) : null,
    copy.parte ? t('record.closedCollection.part', { value: copy.parte }) : null,
  ].filter(Boolean);
  return [t('record.closedCollection.copy', { number: copy.numero }), where, ...parts].join(' — ');
}

/**
 * The closed-collection tab: the title's copies kept in closed stacks, narrowed by library, volume,
 * tome and part; a signed-in patron asks for one and gets the protocol number to show at the desk
 * (SPEC §4). A visitor is asked to sign in first (SPEC §6).
 */
export function ClosedCollection({ titleId, titleName, isAuthenticated, onSignIn }: ClosedCollectionProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const confirm = useConfirm();
  const [filter, setFilter] = useState<ClosedStacksQuery>({});
  const [chosen, setChosen] = useState<string | null>(null);
  const [protocol, setProtocol] = useState<ClosedStacksProtocol | null>(null);
  const query = useClosedStacks(titleId, filter);
  const request = useRequestClosedStacks(titleId);

  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />;
  const { bibliotecas, volumes, tomos, partes, exemplares } = query.data;
  const chosenCopy = exemplares.find((c) => String(c.cod_exemplar) === chosen && c.solicitavel);

  const select = (key: keyof ClosedStacksQuery, value: string) => {
    const next = { ...filter };
    if (value === ANY) delete next[key];
    else if (key === 'cod_biblioteca') next.cod_biblioteca = Number(value);
    else next[key] = value;
    setFilter(next);
    setChosen(null);
  };
  const options = (values: string[]) => [
    { value: ANY, label: t('record.closedCollection.any') },
    ...values.map((v) => ({ value: v, label: v })),
  ];

  const submit = async () => {
    if (!chosenCopy) return;
    const isConfirmed = await confirm({
      title: t('record.closedCollection.confirmTitle'),
      content: t('record.closedCollection.confirmText', {
        title: titleName,
        copy: copyLabel(chosenCopy, t),
      }),
      confirmLabel: t('record.closedCollection.confirm'),
    });
    if (!isConfirmed) return;
    // Refusals (422) reach the central error handler, which shows their translated message.
    const answer = await request.mutateAsync({
      cod_biblioteca: chosenCopy.cod_biblioteca,
      cesta: [{ cod_acervo: titleId, cod_exemplar: chosenCopy.cod_exemplar }],
    });
    setProtocol(answer);
    setChosen(null);
  };

  return (
    <Stack gap="md" align="flex-start">
      <Text>{t('record.closedCollection.intro')}</Text>
      {protocol && (
        <Alert
          color="green"
          variant="light"
          role="status"
          title={t('record.closedCollection.doneTitle')}
          w="100%"
          // The green title on the light green background would fall below 4.5:1: the text colour instead.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap={4}>
            <Text>
              {t('record.closedCollection.protocol')}{' '}
              <strong data-testid="protocol">{protocol.protocolo}</strong>
            </Text>
            <Text size="sm">
              {t('record.closedCollection.doneText', {
                library: protocol.desc_biblioteca,
                date: formatDate(protocol.data, language),
              })}
            </Text>
          </Stack>
        </Alert>
      )}
      {(bibliotecas.length > 1 || volumes.length > 0 || tomos.length > 0 || partes.length > 0) && (
        <Group gap="md" align="flex-end" wrap="wrap">
          {bibliotecas.length > 1 && (
            <NativeSelect
              label={t('record.closedCollection.library')}
              value={filter.cod_biblioteca === undefined ? ANY : String(filter.cod_biblioteca)}
              onChange={(event) => select('cod_biblioteca', event.currentTarget.value)}
              data={[
                { value: ANY, label: t('record.closedCollection.any') },
                ...bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
              ]}
            />
          )}
          {volumes.length > 0 && (
            <NativeSelect
              label={t('record.closedCollection.volumeLabel')}
              value={filter.volume ?? ANY}
              onChange={(event) => select('volume', event.currentTarget.value)}
              data={options(volumes)}
            />
          )}
          {tomos.length > 0 && (
            <NativeSelect
              label={t('record.closedCollection.tomeLabel')}
              value={filter.tomo ?? ANY}
              onChange={(event) => select('tomo', event.currentTarget.value)}
              data={options(tomos)}
            />
          )}
          {partes.length > 0 && (
            <NativeSelect
              label={t('record.closedCollection.partLabel')}
              value={filter.parte ?? ANY}
              onChange={(event) => select('parte', event.currentTarget.value)}
              data={options(partes)}
            />
          )}
        </Group>
      )}
      {exemplares.length === 0 ? (
        <Text>{t('record.closedCollection.empty')}</Text>
      ) : (
        <Radio.Group
          label={t('record.closedCollection.choose')}
          value={chosen}
          onChange={setChosen}
          aria-busy={query.isPlaceholderData}
        >
          <Stack gap="xs" mt="xs">
            {exemplares.map((copy) => (
              <Radio
                key={copy.cod_exemplar}
                value={String(copy.cod_exemplar)}
                disabled={!copy.solicitavel}
                label={copyLabel(copy, t)}
                description={
                  copy.solicitavel
                    ? t('record.closedCollection.available')
                    : t('record.closedCollection.unavailable')
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {isAuthenticated ? (
        <Button
          onClick={() => void submit().catch(() => undefined)}
          disabled={!chosenCopy}
          loading={request.isPending}
        >
          {t('record.closedCollection.request')}
        </Button>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text>{t('record.closedCollection.signInPrompt')}</Text>
          <Button onClick={onSignIn}>{t('record.closedCollection.signIn')}</Button>
        </Stack>
      )}
    </Stack>
  );
}
