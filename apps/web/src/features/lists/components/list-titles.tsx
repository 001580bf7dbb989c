import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { SharedList } from '@estante/contract';
import { paths } from '../../../config/paths';
import classes from './lists.module.css';

/** A title line: what a list shows of a title. */
export type ListTitle = SharedList['itens'][number];

/** The titles of a list, each linking to its record; with `onRemove`, each can be taken out. */
export function ListTitles({
  items,
  onRemove,
  busyId,
}: {
  items: readonly ListTitle[];
  onRemove?: (title: ListTitle) => void;
  busyId?: number | null;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <Text>{t('lists.emptyList')}</Text>;
  return (
    <ul className={classes.titles}>
      {items.map((item) => (
        <Paper component="li" key={item.cod_acervo} withBorder p="sm" radius="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Anchor component={Link} to={paths.title.getHref(item.cod_acervo)} fw={600}>
                {item.titulo}
              </Anchor>
              {(item.autor || item.ano_publicacao) && (
                <Text size="sm">{[item.autor, item.ano_publicacao].filter(Boolean).join(' · ')}</Text>
              )}
            </Stack>
            {onRemove && (
              <Button
                size="xs"
                variant="default"
                loading={busyId === item.cod_acervo}
                aria-label={t('lists.removeTitle', { title: item.titulo })}
                onClick={() => onRemove(item)}
              >
                {t('lists.remove')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </ul>
  );
}
