import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { alertMessage, lastThirtyDays } from './alert-text';

describe('alert texts', () => {
  it('names a purchase suggestion’s new status in the reader’s language, not by its code', () => {
    const i18n = initI18n('pt');
    void i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(
      alertMessage(
        t,
        {
          tipo: 'suggestionStatus',
          parametros: { title: 'Vidas secas', suggestionId: 4, status: 'em-cotacao' },
        },
        'en',
      ),
    ).toBe('Your purchase suggestion "Vidas secas" changed status: In quote.');
  });

  it('builds the text from the kind and parameters, days in the reader’s format and a refusal translated', () => {
    const i18n = initI18n('pt');
    void i18n.changeLanguage('pt');
    const t = i18n.t.bind(i18n);
    expect(
      alertMessage(
        t,
        {
          tipo: 'renewalRefused',
          parametros: {
            title: 'Mar morto',
            titleId: 3,
            dueOn: '2026-03-09',
            reason: 'circulation.errors.renewHoldsWaiting',
          },
        },
        'pt',
      ),
    ).toBe(
      'A renovação automática não renovou "Mar morto". Motivo: Há reservas para este título. Devolva o exemplar até 09/03/2026.',
    );
    expect(
      alertMessage(
        t,
        {
          tipo: 'loanRequestStatus',
          parametros: {
            title: 'Iracema',
            titleId: 4,
            status: 'em_transito',
            library: 'Biblioteca Central',
            until: null,
          },
        },
        'pt',
      ),
    ).toBe('O exemplar de "Iracema" que você solicitou está a caminho da Biblioteca Central.');
  });

  it('opens on the last thirty days, today included, across a month', () => {
    expect(lastThirtyDays(new Date(2026, 2, 10))).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });
});
