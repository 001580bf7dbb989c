import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '@estante/contract';
import { resources } from '@estante/i18n';
import { diffFields } from './audit-diff';
import { actionKey } from './action-label';

describe('the audit log', () => {
  it('shows each field of before and after, and which changed', () => {
    expect(
      diffFields({ blocked: false, reason: null }, { blocked: true, reason: 'Livros não devolvidos.' }),
    ).toEqual([
      { field: 'blocked', before: 'false', after: 'true', changed: true },
      { field: 'reason', before: 'null', after: 'Livros não devolvidos.', changed: true },
    ]);
    expect(diffFields({ papeis: ['circulacao'], login: 'ana' }, { papeis: [], login: 'ana' })).toEqual([
      { field: 'papeis', before: '["circulacao"]', after: '[]', changed: true },
      { field: 'login', before: 'ana', after: 'ana', changed: false },
    ]);
  });

  it('shows a thing that did not exist before (or no longer does) with empty sides', () => {
    expect(diffFields(null, { login: 'gal.costa' })).toEqual([
      { field: 'login', before: null, after: 'gal.costa', changed: true },
    ]);
    expect(diffFields({ status: 'pending' }, null)).toEqual([
      { field: 'status', before: 'pending', after: null, changed: true },
    ]);
    expect(diffFields('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b', changed: true }]);
  });

  it('has a text for every action of the log in pt, en and es', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      const missing = STAFF_ACTIONS.filter((action) => {
        const text = actionKey(action)
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            resources[language].translation,
          );
        return typeof text !== 'string' || text.trim() === '';
      });
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
