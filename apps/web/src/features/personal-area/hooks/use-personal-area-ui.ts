import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../config/env';

/** Themes the personal area is drawn in; an institution naming another gets the default. */
export const PERSONAL_AREA_THEMES = ['neo'] as const;
export type PersonalAreaTheme = (typeof PERSONAL_AREA_THEMES)[number];
/** SPEC §9: default theme neo. */
export const DEFAULT_PERSONAL_AREA_THEME: PersonalAreaTheme = 'neo';

/** SPEC §3 Personal-area UI: theme, menuOpen (desktop side menu), menuMobileOpen (the drawer). */
export interface PersonalAreaUi {
  theme: PersonalAreaTheme;
  menuOpen: boolean;
  menuMobileOpen: boolean;
}

/** The institution's `tema` as a theme the personal area has; anything else is the default. */
export function resolvePersonalAreaTheme(tema: string | null | undefined): PersonalAreaTheme {
  return (PERSONAL_AREA_THEMES as readonly string[]).includes(tema ?? '')
    ? (tema as PersonalAreaTheme)
    : DEFAULT_PERSONAL_AREA_THEME;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Blocked storage: the state lives for this page only.
    return null;
  }
}

/** The stored menu state; the side menu starts open. */
export function readStoredMenuOpen(): boolean {
  const raw = storage()?.getItem(STORAGE_KEYS.personalAreaUi);
  if (!raw) return true;
  try {
    const value = JSON.parse(raw) as { menuOpen?: unknown };
    return typeof value.menuOpen === 'boolean' ? value.menuOpen : true;
  } catch {
    return true;
  }
}

function store(ui: Pick<PersonalAreaUi, 'theme' | 'menuOpen'>): void {
  try {
    storage()?.setItem(STORAGE_KEYS.personalAreaUi, JSON.stringify(ui));
  } catch {
    // Full or blocked storage: the choice is kept for this page only.
  }
}

/**
 * The personal-area UI state (decision 0028): the theme comes from the institution's `tema`; the
 * desktop menu's open or closed state is kept in localStorage across visits; the mobile drawer always
 * starts closed (a drawer left open would cover the page on the next visit).
 */
export function usePersonalAreaUi(institutionTheme: string | null | undefined) {
  const theme = resolvePersonalAreaTheme(institutionTheme);
  const [menuOpen, setMenuOpenState] = useState(readStoredMenuOpen);
  const [menuMobileOpen, setMenuMobileOpen] = useState(false);

  const setMenuOpen = useCallback(
    (open: boolean) => {
      setMenuOpenState(open);
      store({ theme, menuOpen: open });
    },
    [theme],
  );

  const ui: PersonalAreaUi = { theme, menuOpen, menuMobileOpen };
  return { ui, setMenuOpen, setMenuMobileOpen };
}
