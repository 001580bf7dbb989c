import { describe, expect, it } from 'vitest';
import { INSTITUTION_SETTING_KEYS } from '@estante/contract';
import { resources } from '@estante/i18n';
import { settingValueOf } from './settings-editor';

describe('the settings editor', () => {
  it('reads each field as its kind takes it, and refuses what does not fit', () => {
    expect(settingValueOf('alerta_dias_antes_vencimento', ' 7 ')).toBe(7);
    expect(settingValueOf('alerta_dias_antes_vencimento', '31')).toBeUndefined();
    expect(settingValueOf('alerta_dias_antes_vencimento', '2.5')).toBeUndefined();
    expect(settingValueOf('sigla', '  UEX ')).toBe('UEX');
    expect(settingValueOf('sigla', '')).toBeUndefined();
    expect(settingValueOf('nome_area_pessoal', '')).toBeNull();
    expect(settingValueOf('link_externo', '')).toBeNull();
    expect(settingValueOf('link_externo', 'portal.example')).toBeUndefined();
    expect(settingValueOf('link_externo', 'https://portal.example/')).toBe('https://portal.example/');
  });

  it('names every offered setting in pt, en and es', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      const names = (
        resources[language].translation as {
          staff: { content: { settings: { keys: Record<string, string> } } };
        }
      ).staff.content.settings.keys;
      const missing = INSTITUTION_SETTING_KEYS.filter((key) => !names[key]?.trim());
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
