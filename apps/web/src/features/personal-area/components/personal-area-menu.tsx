import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@mantine/core';
import { paths, type PersonalAreaItemKey } from '../../../config/paths';
import { menuItemOfPath, type PersonalAreaMenuItem } from '../menu-items';
import classes from './personal-area.module.css';

interface PersonalAreaMenuProps {
  /** The items the patron may open, in menu order. */
  items: readonly PersonalAreaMenuItem[];
  /** What each item counts for the patron now, shown beside it when not zero. */
  counts?: Partial<Record<PersonalAreaItemKey, number>> | undefined;
  /** Called when a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/**
 * The personal-area menu (SPEC §2): the overview, then each item the patron may open. Plain links,
 * so each item is bookmarkable, opens in a new tab and the back button works; the current one is
 * marked with aria-current.
 */
export function PersonalAreaMenu({ items, counts = {}, onNavigate }: PersonalAreaMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = menuItemOfPath(pathname)?.key ?? 'overview';
  const entries = [
    { key: 'overview', href: paths.personalArea.getHref(), label: t('personalArea.menu.overview') },
    ...items.map((item) => ({
      key: item.key,
      href: paths.personalAreaItem.getHref(item.key),
      label: t(item.label),
      count: counts[item.key] ?? 0,
    })),
  ];
  return (
    <nav aria-label={t('personalArea.menu.label')}>
      <ul className={classes.menuList}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              to={entry.href}
              className={classes.menuLink}
              aria-current={entry.key === current ? 'page' : undefined}
              // With a count, the name says it in words ("Empréstimos, 2 pedem atenção"); the badge is
              // only seen. A label, not hidden text, so every browser reads the same name.
              aria-label={
                'count' in entry && entry.count > 0
                  ? `${entry.label}, ${t('personalArea.menu.count', { count: entry.count })}`
                  : undefined
              }
              onClick={onNavigate}
            >
              {entry.label}
              {'count' in entry && entry.count > 0 && (
                <Badge component="span" size="sm" ml="xs" variant="filled" color="dark" aria-hidden>
                  {entry.count}
                </Badge>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
