import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isWebAppPath, SEARCH_TABS } from '@estante/contract';
import { routes } from '../app/router';
import { AUTHORITY_TABS, PERSONAL_AREA_SEGMENTS, TITLE_TABS } from './paths';

/** Every concrete address of the router's routes, with sample values for their parameters. */
function addresses(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent || '/';
    const own = route.path !== undefined || route.index ? [path] : [];
    return [...own, ...addresses(route.children ?? [], path)];
  });
}

const SAMPLES: Record<string, string[]> = {
  ':codAcervo': ['1', '123456'],
  ':codAutoridade': ['7'],
  ':guia': [...SEARCH_TABS],
  ':token': ['Xk3dP0q_Lr7-aB9cD2eF4gH6iJ8kL0mN'],
};

function withSamples(path: string): string[] {
  const param = /:[A-Za-z]+/.exec(path)?.[0];
  if (!param) return [path];
  const values = SAMPLES[param];
  if (!values) throw new Error(`no sample for ${param} in ${path}`);
  return values.flatMap((value) => withSamples(path.replace(param, value)));
}

// The server answers 404 for addresses the app has no page for (issue 14); its list is in the contract.
describe('the server knows every address of the web app', () => {
  it('counts every route of the router as a page of the app', () => {
    const all = addresses(routes).flatMap(withSamples);
    expect(all.length).toBeGreaterThan(30);
    for (const address of all) expect(isWebAppPath(address), address).toBe(true);
  });

  it('knows every title tab, authority tab and personal-area item', () => {
    for (const tab of Object.values(TITLE_TABS)) expect(isWebAppPath(`/acervo/5/${tab.segment}`)).toBe(true);
    for (const tab of Object.values(AUTHORITY_TABS))
      expect(isWebAppPath(`/autoridade/5/${tab.segment}`)).toBe(true);
    for (const item of Object.values(PERSONAL_AREA_SEGMENTS))
      expect(isWebAppPath(`/meupergamum/${item}`)).toBe(true);
  });

  it('does not count addresses the app shows its not-found screen for', () => {
    for (const address of [
      '/nada',
      '/acervo/0',
      '/acervo/x',
      '/acervo/1/nada',
      '/meupergamum/nada',
      '/lista/curto',
      '/lista/Xk3dP0q_Lr7-aB9cD2eF4gH6iJ8kL0mN/mais',
      '/a/b/c/d',
    ])
      expect(isWebAppPath(address), address).toBe(false);
  });
});
