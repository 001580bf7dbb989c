import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Burger, Button, Drawer, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DocumentTitle } from '../../../components/ui/document-title';
import type { PersonalAreaItemKey } from '../../../config/paths';
import type { PersonalAreaMenuItem } from '../menu-items';
import { usePersonalAreaUi } from '../hooks/use-personal-area-ui';
import { PersonalAreaMenu } from './personal-area-menu';
import classes from './personal-area.module.css';

/** Where the side menu gives way to the burger and its drawer (Mantine's sm breakpoint). */
const WIDE_SCREEN = '(min-width: 48em)';

interface PersonalAreaLayoutProps {
  /** The items the patron may open, in menu order. */
  items: readonly PersonalAreaMenuItem[];
  /** What each item counts for the patron now (the dashboard's), shown beside it when not zero. */
  counts?: Partial<Record<PersonalAreaItemKey, number>>;
  /** The page's h1 and document title: the open item's label, or the personal area's name. */
  title: string;
  /** The institution's theme (SPEC §3 `tema`); unknown themes get neo. */
  theme: string | null | undefined;
  children: ReactNode;
}

/**
 * The personal area's page (decision 0028): the menu beside the content on wide screens, which the
 * patron can hide (kept across visits), or behind a burger in a drawer on narrow ones; the page's h1
 * and document title. The screens inside start at h2. After moving to another item, focus goes to
 * the new h1 so keyboard and screen-reader users land on the page they chose.
 */
export function PersonalAreaLayout({ items, counts, title, theme, children }: PersonalAreaLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { ui, setMenuOpen, setMenuMobileOpen } = usePersonalAreaUi(theme);
  const menuId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const shownPath = useRef(pathname);
  const isWide = useMediaQuery(WIDE_SCREEN);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    heading.current?.focus();
  }, [pathname]);

  // Widening the window with the drawer open: the side menu takes over.
  useEffect(() => {
    if (isWide) setMenuMobileOpen(false);
  }, [isWide, setMenuMobileOpen]);

  const closeDrawer = () => {
    setMenuMobileOpen(false);
    burger.current?.focus();
  };

  // A link of the drawer: the drawer closes, and focus goes to the page's h1 (the same page too).
  const followDrawerLink = () => {
    setMenuMobileOpen(false);
    setTimeout(() => heading.current?.focus(), 0);
  };

  return (
    <div className={classes.root} data-theme={ui.theme}>
      <div className={classes.toolbar}>
        <Button
          variant="default"
          size="xs"
          className={classes.wideOnly}
          aria-expanded={ui.menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!ui.menuOpen)}
        >
          {ui.menuOpen ? t('personalArea.menu.hide') : t('personalArea.menu.show')}
        </Button>
        <Burger
          ref={burger}
          className={classes.narrowOnly}
          opened={ui.menuMobileOpen}
          onClick={() => setMenuMobileOpen(!ui.menuMobileOpen)}
          aria-label={t('personalArea.menu.open')}
          aria-expanded={ui.menuMobileOpen}
          aria-haspopup="dialog"
        />
      </div>
      <div className={classes.columns} data-menu-open={ui.menuOpen}>
        <aside id={menuId} className={classes.sidebar} hidden={!ui.menuOpen}>
          <PersonalAreaMenu items={items} counts={counts} />
        </aside>
        <div className={classes.content}>
          <DocumentTitle page={title} />
          <Title order={1} ref={heading} tabIndex={-1} className={classes.heading}>
            {title}
          </Title>
          {children}
        </div>
      </div>
      <Drawer
        opened={ui.menuMobileOpen}
        onClose={closeDrawer}
        title={t('personalArea.menu.label')}
        size="xs"
        returnFocus={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <div data-theme={ui.theme} className={classes.drawerMenu}>
          {/* Following a link closes the drawer; focus then goes to the new page's h1. */}
          <PersonalAreaMenu items={items} counts={counts} onNavigate={followDrawerLink} />
        </div>
      </Drawer>
    </div>
  );
}
