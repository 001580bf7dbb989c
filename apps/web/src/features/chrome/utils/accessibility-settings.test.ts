import { describe, expect, it } from 'vitest';
import {
  applyAccessibilitySettings,
  DEFAULT_ACCESSIBILITY_SETTINGS,
  parseAccessibilitySettings,
} from './accessibility-settings';

describe('accessibility settings (SPEC §3 zoom, negrito, cor, libras)', () => {
  it('reads stored settings and falls back to the defaults for anything unknown', () => {
    expect(parseAccessibilitySettings('{"zoom":40,"negrito":true,"cor":"grayscale","libras":true}')).toEqual({
      zoom: 40,
      negrito: true,
      cor: 'grayscale',
      libras: true,
    });
    expect(parseAccessibilitySettings('{"zoom":35,"cor":"purple","negrito":"yes"}')).toEqual(
      DEFAULT_ACCESSIBILITY_SETTINGS,
    );
    expect(parseAccessibilitySettings('not json')).toEqual(DEFAULT_ACCESSIBILITY_SETTINGS);
    expect(parseAccessibilitySettings(null)).toEqual(DEFAULT_ACCESSIBILITY_SETTINGS);
  });

  it('scales the root font size by the zoom and marks bold and the colour scheme', () => {
    const root = document.createElement('html');
    applyAccessibilitySettings({ zoom: 60, negrito: true, cor: 'inverted', libras: false }, root);
    expect(root.style.fontSize).toBe('160%');
    expect(root.hasAttribute('data-estante-bold')).toBe(true);
    expect(root.getAttribute('data-estante-colour')).toBe('inverted');
    applyAccessibilitySettings(DEFAULT_ACCESSIBILITY_SETTINGS, root);
    expect(root.style.fontSize).toBe('');
    expect(root.hasAttribute('data-estante-bold')).toBe(false);
    expect(root.hasAttribute('data-estante-colour')).toBe(false);
  });
});
