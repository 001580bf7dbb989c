import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Group, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ResearchDatabase } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useDatabases } from '../api/get-databases';
import classes from './databases.module.css';

function DatabaseCard({ database }: { database: ResearchDatabase }) {
  const { t } = useTranslation();
  const headingId = `database-${database.codigo}`;
  return (
    <Paper component="li" withBorder p="md" radius="sm" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between" align="flex-start">
          <Title order={2} fz="h4" id={headingId}>
            {database.nome}
          </Title>
          {/* Told in words; the open ones' badge keeps the page's own text colour (contrast). */}
          <Badge variant={database.assinada ? 'light' : 'default'}>
            {database.assinada ? t('databases.subscribed') : t('databases.open')}
          </Badge>
        </Group>
        {database.descricao && <Text>{database.descricao}</Text>}
        {database.areas.length > 0 && (
          <Text size="sm">
            {t('databases.areas')}: {database.areas.join(', ')}
          </Text>
        )}
        <Anchor href={database.link} target="_blank" rel="noopener noreferrer">
          {t('databases.access', { name: database.nome })}
          <VisuallyHidden> {t('databases.newTab')}</VisuallyHidden>
        </Anchor>
        {database.acesso_remoto && (
          <Text size="sm" c="dimmed">
            {t('databases.remote')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Personal area "databases" (SPEC §2 menu, §7 GET /acervo/meu-pergamum/bases-dados): the library's
 * subscribed and open databases, filtered by knowledge area. The layout gives the page its h1.
 */
export function DatabasesScreen() {
  const { t } = useTranslation();
  const databases = useDatabases();
  const [area, setArea] = useState('');
  if (databases.isPending) return <LoadingBlock />;
  if (databases.isError) {
    return <ErrorBlock message={t('databases.loadError')} onRetry={() => void databases.refetch()} />;
  }
  const all = databases.data.bases;
  if (all.length === 0) return <Text>{t('databases.none')}</Text>;
  const areas = [...new Set(all.flatMap((database) => database.areas))].sort((a, b) => a.localeCompare(b));
  const shown = area ? all.filter((database) => database.areas.includes(area)) : all;
  return (
    <Stack gap="md">
      <Text>{t('databases.intro')}</Text>
      {areas.length > 1 && (
        <NativeSelect
          label={t('databases.filter')}
          value={area}
          onChange={(event) => setArea(event.currentTarget.value)}
          data={[
            { value: '', label: t('databases.allAreas') },
            ...areas.map((a) => ({ value: a, label: a })),
          ]}
          maw={360}
        />
      )}
      <Text size="sm" role="status" aria-live="polite">
        {t('databases.count', { count: shown.length })}
      </Text>
      <ul className={classes.cards}>
        {shown.map((database) => (
          <DatabaseCard key={database.codigo} database={database} />
        ))}
      </ul>
    </Stack>
  );
}
