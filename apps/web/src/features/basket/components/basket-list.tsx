import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text, Title as Heading } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useBasket } from '../hooks/use-basket';

/** One basket entry as the page shows it: the title's data once loaded, or why it is missing. */
export interface BasketEntry {
  id: number;
  state: 'loading' | 'missing' | 'error' | 'ready';
  titulo?: string;
  autor?: string | null;
  ano_publicacao?: number | null;
}

/** The basket's titles with remove and clear (SPEC §2 basket), or the empty state. */
export function BasketList({ entries }: { entries: BasketEntry[] }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const confirm = useConfirm();

  if (entries.length === 0) {
    return (
      <Stack gap={4}>
        <Text fw={700}>{t('basket.empty')}</Text>
        <Text size="sm">
          <Link to={paths.home.getHref()}>{t('basket.emptyHint')}</Link>
        </Text>
      </Stack>
    );
  }

  const clearAll = async () => {
    const isConfirmed = await confirm({
      title: t('basket.clearTitle'),
      content: t('basket.clearQuestion', { count: entries.length }),
      confirmLabel: t('basket.clear'),
    });
    if (isConfirmed) basket.clear();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text role="status">{t('basket.count', { count: entries.length })}</Text>
        <Button variant="outline" color="red" onClick={() => void clearAll()}>
          {t('basket.clear')}
        </Button>
      </Group>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => {
          const name = entry.titulo ?? t('basket.untitled', { id: entry.id });
          return (
            <li key={entry.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Heading order={2} fz="lg">
                    {entry.state === 'ready' ? <Link to={paths.title.getHref(entry.id)}>{name}</Link> : name}
                  </Heading>
                  {entry.state === 'loading' && <Text size="sm">{t('common.loading')}</Text>}
                  {entry.state === 'missing' && <Text size="sm">{t('basket.missing')}</Text>}
                  {entry.state === 'error' && <Text size="sm">{t('basket.loadError')}</Text>}
                  {entry.autor && <Text size="sm">{entry.autor}</Text>}
                  {entry.ano_publicacao != null && <Text size="sm">{String(entry.ano_publicacao)}</Text>}
                </div>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('basket.removeTitle', { title: name })}
                  onClick={() => basket.remove(entry.id)}
                >
                  {t('basket.remove')}
                </Button>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
