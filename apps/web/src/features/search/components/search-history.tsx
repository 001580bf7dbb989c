import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text } from '@mantine/core';
import { formatCount, translateKey } from '../../../lib/i18n';
import { useSearchHistory } from '../hooks/use-search-history';
import classes from './search.module.css';

/** The searches of this visit (SPEC §4 search history), newest first; each runs again from its link. */
export function SearchHistory() {
  const { t } = useTranslation();
  const [entries, clear] = useSearchHistory();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (entries.length === 0) return null;
  return (
    <section aria-label={t('search.history.heading')} className={classes.history}>
      <Group gap="sm">
        <Button
          variant="subtle"
          size="compact-md"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {t('search.history.toggle', { count: entries.length })}
        </Button>
        {open && (
          <Button variant="subtle" size="compact-sm" color="red" onClick={clear}>
            {t('search.history.clear')}
          </Button>
        )}
      </Group>
      <ol id={listId} className={classes.historyList} hidden={!open}>
        {entries.map((entry) => (
          <li key={entry.url}>
            <Stack gap={0}>
              <Link to={entry.url} className={classes.resultLink}>
                {entry.fields}
              </Link>
              <Text size="sm">
                {t('search.history.summary', {
                  count: entry.total,
                  total: formatCount(entry.total),
                  tab: translateKey(t, `search.tab.${entry.tab}`),
                })}
              </Text>
            </Stack>
          </li>
        ))}
      </ol>
    </section>
  );
}
