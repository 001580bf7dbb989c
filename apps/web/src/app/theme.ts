import {
  createTheme,
  type CSSVariablesResolver,
  type ModalProps,
  type MantineThemeComponent,
  type NotificationProps,
} from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Accessible theme (WCAG 2.2 AA). Mantine's default primary blue under white text is 4.19:1, so the
 * primary shade is 8; links, dimmed text and field errors use darker shades than the defaults too.
 */
export function createAppTheme(t: TFunction) {
  return createTheme({
    primaryColor: 'blue',
    // Dark mode keeps shade 8 too: white text on the dark scheme's default shade 5 is about 3:1.
    primaryShade: { light: 8, dark: 8 },
    focusRing: 'auto',
    // A visitor whose system asks for less motion gets pop-ups and drawers without transitions.
    respectReducedMotion: true,
    defaultRadius: 'sm',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    headings: { fontWeight: '700' },
    components: {
      // Every notification's close button needs a name (axe button-name); the language is fixed per page load.
      // (Plain objects, as `Notification.extend` and `Modal.extend` return: importing those
      // components here would bring their code into the first load, decision 0069.)
      Notification: {
        defaultProps: {
          closeButtonProps: { 'aria-label': t('errors.close') },
        } satisfies Partial<NotificationProps>,
      } satisfies MantineThemeComponent,
      // Every pop-up's close button needs a name too.
      Modal: {
        defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } satisfies Partial<ModalProps>,
      } satisfies MantineThemeComponent,
    },
  });
}

/** CSS variables whose light-scheme defaults fail the 4.5:1 contrast ratio on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Hovered subtle and light buttons: shade 2 under shade-9 text is 4.0:1, shade 1 is 4.9:1.
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    '--mantine-primary-color-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});
