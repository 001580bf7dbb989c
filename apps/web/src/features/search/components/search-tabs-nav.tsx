import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchTab } from '@estante/contract';
import { paths } from '../../../config/paths';
import { translateKey } from '../../../lib/i18n';
import classes from './search.module.css';

/** Links to the search tabs (guides) the institution offers; the current one is marked. */
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
  return (
    <nav aria-label={t('search.tabs.label')}>
      <ul className={classes.tabs}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={`${paths.guide.getHref(tab.key)}${tab.key === current ? '' : queryOf(tab.key)}`}
              className={classes.tab}
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {translateKey(t, tab.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
