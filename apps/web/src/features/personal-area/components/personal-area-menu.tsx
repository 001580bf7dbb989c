import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { menuItemOfPath, type PersonalAreaMenuItem } from '../menu-items';
import classes from './personal-area.module.css';

interface PersonalAreaMenuProps {
  /** The items the patron may open, in menu order. */
  items: readonly PersonalAreaMenuItem[];
  /** Called when a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/**
 * The personal-area menu (SPEC §2): the overview, then each item the patron may open. Plain links,
 * so each item is bookmarkable, opens in a new tab and the back button works; the current one is
 * marked with aria-current.
 */
export function PersonalAreaMenu({ items, onNavigate }: PersonalAreaMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = menuItemOfPath(pathname)?.key ?? 'overview';
  const entries = [
    { key: 'overview', href: paths.personalArea.getHref(), label: t('personalArea.menu.overview') },
    ...items.map((item) => ({
      key: item.key,
      href: paths.personalAreaItem.getHref(item.key),
      label: t(item.label),
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
              onClick={onNavigate}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
