import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import type { SearchTab } from '@estante/contract';
import { paths } from '../../../config/paths';
import { translateKey } from '../../../lib/i18n';
import classes from './search.module.css';

/**
 * Links to the search tabs (guides) the institution offers; the current one is marked. On a phone
 * the eleven links would not fit a line: they become one select (decision 0068).
 */
export function SearchTabsNav({
  tabs,
  current,
  queryOf = () => '',
}: {
  tabs: SearchTab[];
  current: string;
  /** The remembered search of a tab (its URL query), so the tab opens where the patron left it. */
  queryOf?: (tab: string) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hrefOf = (key: string) => `${paths.guide.getHref(key)}${key === current ? '' : queryOf(key)}`;
  return (
    <nav aria-label={t('search.tabs.label')}>
      <ul className={classes.tabs}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={hrefOf(tab.key)}
              className={classes.tab}
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {translateKey(t, tab.label)}
            </Link>
          </li>
        ))}
      </ul>
      <NativeSelect
        className={classes.tabSelect}
        aria-label={t('search.tabs.choose')}
        value={current}
        onChange={(event) => void navigate(hrefOf(event.currentTarget.value))}
        data={tabs.map((tab) => ({ value: tab.key, label: translateKey(t, tab.label) }))}
      />
    </nav>
  );
}
