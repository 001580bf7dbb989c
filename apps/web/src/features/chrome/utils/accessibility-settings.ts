import { STORAGE_KEYS } from '../../../config/env';

/** SPEC §9: zoom steps 0 to 100 by 20 (percent added to the normal text size). */
export const ZOOM_STEPS = [0, 20, 40, 60, 80, 100] as const;
export type ZoomStep = (typeof ZOOM_STEPS)[number];

/** SPEC §1 colour schemes: normal, inverted, grayscale/monochrome, high contrast. */
export const COLOUR_SCHEMES = ['normal', 'inverted', 'grayscale', 'high-contrast'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

/** SPEC §3 accessibility settings, kept under these names in the browser. */
export interface AccessibilitySettings {
  /** Percent added to the root font size; the layout is in rem, so it grows and reflows. */
  zoom: ZoomStep;
  /** Bold text everywhere. */
  negrito: boolean;
  /** Colour scheme. */
  cor: ColourScheme;
  /** Sign language (VLibras widget) turned on. */
  libras: boolean;
}

export const DEFAULT_ACCESSIBILITY_SETTINGS: AccessibilitySettings = {
  zoom: 0,
  negrito: false,
  cor: 'normal',
  libras: false,
};

const isZoomStep = (value: unknown): value is ZoomStep => (ZOOM_STEPS as readonly unknown[]).includes(value);
const isColourScheme = (value: unknown): value is ColourScheme =>
  (COLOUR_SCHEMES as readonly unknown[]).includes(value);

/** Reads stored settings; anything missing or unknown takes its default. */
export function parseAccessibilitySettings(raw: string | null | undefined): AccessibilitySettings {
  if (!raw) return DEFAULT_ACCESSIBILITY_SETTINGS;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof AccessibilitySettings, unknown>> | null;
    if (!value || typeof value !== 'object') return DEFAULT_ACCESSIBILITY_SETTINGS;
    return {
      zoom: isZoomStep(value.zoom) ? value.zoom : DEFAULT_ACCESSIBILITY_SETTINGS.zoom,
      negrito: value.negrito === true,
      cor: isColourScheme(value.cor) ? value.cor : DEFAULT_ACCESSIBILITY_SETTINGS.cor,
      libras: value.libras === true,
    };
  } catch {
    return DEFAULT_ACCESSIBILITY_SETTINGS;
  }
}

/** The settings stored on this browser (defaults when storage is blocked or empty). */
export function readAccessibilitySettings(): AccessibilitySettings {
  try {
    return parseAccessibilitySettings(localStorage.getItem(STORAGE_KEYS.accessibility));
  } catch {
    return DEFAULT_ACCESSIBILITY_SETTINGS;
  }
}

/** Keeps the settings for later visits. */
export function storeAccessibilitySettings(settings: AccessibilitySettings): void {
  try {
    localStorage.setItem(STORAGE_KEYS.accessibility, JSON.stringify(settings));
  } catch {
    // Blocked or full storage: the settings last for this page only.
  }
}

/**
 * Applies zoom, bold and colour scheme to the page root (global.css styles the attributes). The zoom
 * scales the root font size, so everything sized in rem grows and reflows instead of scrolling sideways.
 */
export function applyAccessibilitySettings(
  settings: AccessibilitySettings,
  root: HTMLElement = document.documentElement,
): void {
  root.style.fontSize = settings.zoom ? `${100 + settings.zoom}%` : '';
  if (settings.negrito) root.setAttribute('data-estante-bold', '');
  else root.removeAttribute('data-estante-bold');
  if (settings.cor === 'normal') root.removeAttribute('data-estante-colour');
  else root.setAttribute('data-estante-colour', settings.cor);
}
