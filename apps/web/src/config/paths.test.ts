import { describe, expect, it } from 'vitest';
import { parseRecordId, paths, TITLE_TAB_CODE, TITLE_TABS } from './paths';

describe('routes', () => {
  it('links a title tab by its SPEC segment', () => {
    expect(paths.title.getHref(12)).toBe('/acervo/12');
    expect(paths.title.getHref(12, 'copies')).toBe('/acervo/12/exemplares');
    expect(paths.title.getHref(12, 'dublinCore')).toBe('/acervo/12/dublin-core');
    expect(paths.authority.getHref(7, 'marc')).toBe('/autoridade/7/marc');
  });

  it('carries where to return after signing in', () => {
    expect(paths.login.getHref('/acervo/1?x=1')).toBe('/login?redirect=%2Facervo%2F1%3Fx%3D1');
    expect(paths.login.getHref('/')).toBe('/login');
  });

  it('keeps the SPEC §2 tab codes', () => {
    expect(TITLE_TABS.reference.code).toBe(33);
    expect(TITLE_TABS.marc.code).toBe(36);
    expect(TITLE_TABS.copies.code).toBe(30);
    expect(TITLE_TABS.dublinCore.code).toBe(115);
    expect(TITLE_TAB_CODE.HOLD).toBe(18);
    expect(TITLE_TAB_CODE.LOAN_REQUEST).toBe(75);
    expect(TITLE_TAB_CODE.KARDEX).toBe(32);
    expect(TITLE_TAB_CODE.STATISTICS).toBe(74);
  });

  it('accepts only positive whole numbers as record ids', () => {
    expect(parseRecordId('42')).toBe(42);
    expect(parseRecordId('0')).toBeNull();
    expect(parseRecordId('abc')).toBeNull();
    expect(parseRecordId('1e3')).toBeNull();
    expect(parseRecordId(undefined)).toBeNull();
  });
});
