import { describe, expect, it } from 'vitest';
import { INTERLIBRARY_STATES, interlibraryStepAllowed } from './staff-requests.ts';
import { alertTextKey } from './alerts.ts';

describe('inter-library loan steps', () => {
  it('go forward one step at a time, or end unserved, and never leave an ended request', () => {
    const allowed = INTERLIBRARY_STATES.flatMap((from) =>
      INTERLIBRARY_STATES.filter((to) => interlibraryStepAllowed(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'aguardando>em_transito',
      'aguardando>nao_finalizada',
      'em_transito>disponivel',
      'em_transito>nao_finalizada',
      'disponivel>finalizada',
      'disponivel>nao_finalizada',
    ]);
  });

  it("tell the patron the library's answer only when it wrote one", () => {
    const params = { title: 'O cortiço', requestId: 1, library: 'Central' };
    expect(alertTextKey('interlibraryStatus', { ...params, status: 'em_transito', answer: null })).toBe(
      'alerts.kind.interlibrary.em_transito',
    );
    expect(
      alertTextKey('interlibraryStatus', { ...params, status: 'em_transito', answer: 'Chega sexta.' }),
    ).toBe('alerts.kind.interlibrary.em_transitoWithAnswer');
    expect(
      alertTextKey('closedStackStatus', {
        protocol: '2031-000001',
        status: 'recusada',
        answer: 'Em restauro.',
      }),
    ).toBe('alerts.kind.closedStack.recusada');
    expect(
      alertTextKey('closedStackStatus', { protocol: '2031-000001', status: 'atendida', answer: '' }),
    ).toBe('alerts.kind.closedStack.atendida');
  });
});
