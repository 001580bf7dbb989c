import { describe, expect, it } from 'vitest';
import { isWebAppPath } from '@estante/contract';
import { sectionsFor, STAFF_SECTIONS } from './sections';

describe('the staff workspace parts', () => {
  it('are each an address the server answers with the app, not the not-found status', () => {
    for (const section of STAFF_SECTIONS) {
      const path = section.segment ? `/equipe/${section.segment}` : '/equipe';
      expect(isWebAppPath(path), path).toBe(true);
    }
    expect(isWebAppPath('/equipe/nada')).toBe(false);
  });

  it('open to each role only its own parts, and to an administrator every part', () => {
    const keys = (roles: Parameters<typeof sectionsFor>[0]) => sectionsFor(roles).map((s) => s.key);
    expect(keys(['circulacao'])).toEqual(['overview', 'desk', 'requests', 'patrons']);
    expect(keys(['referencia', 'aquisicao'])).toEqual(['overview', 'comments', 'reference', 'acquisitions']);
    expect(keys(['administrador'])).toEqual(STAFF_SECTIONS.map((s) => s.key));
  });
});
