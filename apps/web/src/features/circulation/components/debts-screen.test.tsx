import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Debt, PaymentSlip, PendingTitle } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { DebtsScreen } from './debts-screen';

/** The text of an element with its no-break spaces as plain ones, as a reader sees it. */
const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

const CENTRAL = { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' };
const TECH = { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Tecnológica' };

/** Shaped as GET /emprestimo/debitos-pendentes answers (contract DebtSchema). */
function buildDebt(overrides: Partial<Debt> = {}): Debt {
  return {
    cod_debito: 7,
    valor_multa: 4,
    desconto: 0,
    valor_pago: 0,
    valor_pendente: 4,
    data_pagamento: null,
    data_debito: '2025-05-06T18:00:00.000Z',
    tipo_servico: 'multa_atraso',
    motivo: 'Devolução com 4 dia(s) de atraso: Dom Casmurro',
    biblioteca: CENTRAL,
    cod_acervo: 11,
    titulo: 'Dom Casmurro',
    dias_atraso: 4,
    ...overrides,
  };
}

const SLIP: PaymentSlip = {
  numero: '202500000003',
  valor: 2.5,
  vencimento: '2025-05-16',
  biblioteca: CENTRAL,
  linha_digitavel: '20250000003 00000250205 2025051605',
  nome_arquivo: 'guia-202500000003.pdf',
  pdf: btoa('%PDF-1.4 guia'),
};

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** Shaped as GET /emprestimo/titulos-pendentes?showDetails=S answers (contract PendingTitleSchema). */
function buildLateLoan(overrides: Partial<PendingTitle> = {}): PendingTitle {
  return {
    cod_emprestimo: 21,
    cod_acervo: 31,
    titulo: 'Quincas Borba',
    autor: 'Machado de Assis',
    data_emprestimo: '2025-05-01T18:00:00.000Z',
    data_devolucao: '2025-05-08',
    renovacoes: 0,
    limite_renovacoes: 2,
    atrasado: true,
    dias_atraso: 3,
    situacao: 'atrasado',
    pode_renovar: false,
    motivo: { codigo: 'RENEW_LATE', mensagem: 'circulation.errors.renewLate' },
    multa_em_curso: { valor: 3, valor_por_dia: 1, valor_maximo: null, dias_atraso: 3, provisoria: true },
    detalhes: {
      cod_exemplar: 41,
      numero_exemplar: 'BC-0041',
      biblioteca: CENTRAL,
      localizacao: null,
      numero_chamada: null,
      tipo_emprestimo: 'Normal',
      volume: null,
      multa_prevista: 3,
      reservas_em_espera: 0,
      fim_quarentena: null,
    },
    ...overrides,
  };
}

/** A loan on time: nothing accrues. */
const ON_TIME = buildLateLoan({
  cod_emprestimo: 22,
  titulo: 'Iracema',
  data_devolucao: '2025-05-20',
  atrasado: false,
  dias_atraso: 0,
  situacao: 'emprestado',
  pode_renovar: true,
  motivo: null,
  multa_em_curso: null,
});

/**
 * The circulation calls as the server answers them: the debts, the loans (one on time by default),
 * and the slip call answers `slip()`.
 */
function stubApi(
  debts: Debt[],
  slip: () => Response = () => jsonResponse(SLIP),
  loans: PendingTitle[] = [ON_TIME],
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url, init) => {
        const method = init?.method ?? 'GET';
        calls.push({
          method,
          path: url.pathname,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
          authorization: new Headers(init?.headers).get('Authorization'),
        });
        if (url.pathname === '/api/emprestimo/debitos-pendentes') return jsonResponse(debts);
        if (url.pathname === '/api/emprestimo/titulos-pendentes') return jsonResponse(loans);
        if (url.pathname === '/api/unidade-informacao/gru' && method === 'POST') return slip();
        return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return calls;
}

describe('debts screen (SPEC §3 Debt, §7 debitos-pendentes and gru)', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    // The calls are the signed-in patron's own: they carry the patron's token.
    setUserCredentials({ token: 'bruno-token', refresh: 'r', expiresAt: Date.now() + 600_000 });
    saved = [];
    let created: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created = blob;
          return 'blob:slip';
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (created) saved.push({ name: this.download, blob: created });
    });
  });
  afterEach(() => setUserCredentials(null));

  it('shows each field of a debt, in reais, with the reason in the reader’s language, and the totals', async () => {
    const calls = stubApi([
      buildDebt(),
      buildDebt({
        cod_debito: 8,
        valor_multa: 10,
        desconto: 1.5,
        valor_pago: 3.25,
        valor_pendente: 5.25,
        data_pagamento: '2025-05-08T14:00:00.000Z',
        tipo_servico: 'taxa',
        motivo: 'Reposição de etiqueta',
        biblioteca: TECH,
        cod_acervo: null,
        titulo: null,
        dias_atraso: null,
      }),
    ]);
    renderWithProviders(<DebtsScreen />);
    const fine = (await screen.findByRole('heading', { level: 3, name: 'Dom Casmurro' })).closest('li')!;
    expect(text(fine)).toContain('MotivoDevolução com 4 dias de atraso');
    expect(text(fine)).toContain('Tipo de serviçoMulta por atraso');
    expect(text(fine)).toContain('BibliotecaBiblioteca Central');
    expect(text(fine)).toContain('Data do débito06/05/2025');
    expect(text(fine)).toContain('Dias de atraso4');
    expect(text(fine)).toContain('Valor da multaR$ 4,00');
    expect(text(fine)).toContain('DescontoR$ 0,00');
    expect(text(fine)).toContain('Valor pagoR$ 0,00');
    expect(text(fine)).toContain('Data do pagamentoNenhum pagamento');
    expect(text(fine)).toContain('Valor pendenteR$ 4,00');

    // A fee without a title is headed by its service type; its reason is the desk's text.
    const fee = screen.getByRole('heading', { level: 3, name: 'Taxa' }).closest('li')!;
    expect(text(fee)).toContain('MotivoReposição de etiqueta');
    expect(text(fee)).toContain('DescontoR$ 1,50');
    expect(text(fee)).toContain('Valor pagoR$ 3,25');
    expect(text(fee)).toContain('Data do pagamento08/05/2025');
    expect(text(fee)).toContain('Valor pendenteR$ 5,25');
    expect(text(fee)).not.toContain('Dias de atraso');

    const totals = screen.getByRole('region', { name: 'Totais' });
    expect(text(totals)).toContain('Multas e taxasR$ 14,00');
    expect(text(totals)).toContain('DescontosR$ 1,50');
    expect(text(totals)).toContain('PagoR$ 3,25');
    expect(text(totals)).toContain('Total pendenteR$ 9,25');
    expect(calls.find((c) => c.path === '/api/emprestimo/debitos-pendentes')).toMatchObject({
      method: 'GET',
      authorization: 'Bearer bruno-token',
    });
  });

  it('shows the amounts with COP$ in Spanish, the same figures', async () => {
    await i18n.changeLanguage('es');
    stubApi([buildDebt()]);
    renderWithProviders(<DebtsScreen />);
    const fine = (await screen.findByRole('heading', { level: 3, name: 'Dom Casmurro' })).closest('li')!;
    expect(text(fine)).toContain('Valor de la multaCOP$ 4,00');
    expect(text(fine)).toContain('MotivoDevolución con 4 días de retraso');
    expect(text(screen.getByRole('region', { name: 'Totales' }))).toContain('Total pendienteCOP$ 4,00');
  });

  it('says so when nothing is owed, and offers no payment slip', async () => {
    stubApi([]);
    renderWithProviders(<DebtsScreen />);
    expect(await screen.findByText('Você não tem débitos pendentes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar guia' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Totais' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Multas em curso' })).toBeNull();
  });

  it('shows the fines late loans are running up apart, not final, with what a day adds and their sum, instead of “no debts”', async () => {
    stubApi([], undefined, [
      buildLateLoan(),
      ON_TIME,
      buildLateLoan({
        cod_emprestimo: 23,
        titulo: 'Senhora',
        dias_atraso: 9,
        multa_em_curso: { valor: 5, valor_por_dia: 2, valor_maximo: 5, dias_atraso: 9, provisoria: true },
      }),
    ]);
    renderWithProviders(<DebtsScreen />);
    const accruing = await screen.findByRole('region', { name: 'Multas em curso' });
    expect(screen.queryByText('Você não tem débitos pendentes.')).toBeNull();
    expect(
      screen.getByText('Nenhum débito foi cobrado ainda, mas há multa em curso por atraso (abaixo).'),
    ).toBeTruthy();
    expect(text(accruing)).toContain('Estas multas ainda não são definitivas');
    const cards = within(accruing)
      .getAllByRole('listitem')
      .map((card) => text(card));
    expect(cards).toEqual([
      'Quincas BorbaBibliotecaBiblioteca CentralDevolver até08/05/2025Dias de atraso3' +
        'Multa até hojeR$ 3,00 provisóriaR$ 1,00 por dia de atraso',
      'SenhoraBibliotecaBiblioteca CentralDevolver até08/05/2025Dias de atraso9' +
        'Multa até hojeR$ 5,00 provisóriaR$ 2,00 por dia de atraso, até R$ 5,00',
    ]);
    expect(text(accruing)).toContain('Total em curso até hojeR$ 8,00 provisória');
    // Nothing is charged yet: no totals of debts, no payment slip for what is not owed.
    expect(screen.queryByRole('region', { name: 'Totais' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gerar guia' })).toBeNull();
  });

  it('keeps the accruing fines out of the debts’ totals and the slip, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    stubApi([buildDebt()], undefined, [buildLateLoan()]);
    renderWithProviders(<DebtsScreen />);
    const accruing = await screen.findByRole('region', { name: 'Multas en curso' });
    expect(text(accruing)).toContain('Multa hasta hoyCOP$ 3,00 provisionalCOP$ 1,00 por día de retraso');
    expect(text(accruing)).toContain('Total en curso hasta hoyCOP$ 3,00 provisional');
    expect(text(screen.getByRole('region', { name: 'Totales' }))).toContain('Total pendienteCOP$ 4,00');
  });

  it('offers a slip for all that is owed at the chosen library, and refuses more before sending', async () => {
    const user = userEvent.setup();
    const calls = stubApi([
      buildDebt(),
      buildDebt({ cod_debito: 9, valor_multa: 2, valor_pendente: 2, biblioteca: TECH, titulo: 'Iracema' }),
      buildDebt({ cod_debito: 10, valor_multa: 1.5, valor_pendente: 1.5, titulo: 'Memórias póstumas' }),
    ]);
    renderWithProviders(<DebtsScreen />);
    const library = await screen.findByRole('combobox', { name: 'Biblioteca' });
    expect(
      within(library)
        .getAllByRole('option')
        .map((o) => text(o)),
    ).toEqual(['Biblioteca Central (R$ 5,50 devidos)', 'Biblioteca Tecnológica (R$ 2,00 devidos)']);
    const amount = screen.getByRole('textbox', { name: 'Valor' });
    expect((amount as HTMLInputElement).value).toBe('5,50');
    await user.selectOptions(library, '2');
    expect((amount as HTMLInputElement).value).toBe('2,00');

    await user.clear(amount);
    await user.type(amount, '2,01');
    await user.click(screen.getByRole('button', { name: 'Gerar guia' }));
    expect(text(await screen.findByText(/Informe um valor maior que zero e de no máximo/))).toBe(
      'Informe um valor maior que zero e de no máximo R$ 2,00.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect((amount as HTMLInputElement).value).toBe('2,01');
  });

  it('shows the slip the server made: number, amount, due day, typed line, and saves its PDF', async () => {
    const user = userEvent.setup();
    const calls = stubApi([buildDebt()]);
    renderWithProviders(<DebtsScreen />);
    const amount = await screen.findByRole('textbox', { name: 'Valor' });
    await user.clear(amount);
    await user.type(amount, '2,5');
    await user.click(screen.getByRole('button', { name: 'Gerar guia' }));
    const result = (await screen.findByRole('heading', { level: 3, name: 'Guia 202500000003' })).closest(
      'section',
    )!;
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/unidade-informacao/gru',
      body: { valor: 2.5, codBiblioteca: 1 },
      authorization: 'Bearer bruno-token',
    });
    expect(text(result)).toContain('Número202500000003');
    expect(text(result)).toContain('ValorR$ 2,50');
    expect(text(result)).toContain('Vencimento16/05/2025');
    expect(text(result)).toContain('BibliotecaBiblioteca Central');
    expect(text(result)).toContain('Linha digitável20250000003 00000250205 2025051605');
    expect(screen.getByRole('status').textContent).toBe('Guia 202500000003 gerada.');

    await user.click(within(result).getByRole('button', { name: 'Baixar a guia (PDF)' }));
    expect(saved.map((s) => s.name)).toEqual(['guia-202500000003.pdf']);
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.4 guia');
  });

  it('shows the server’s refusal in the patron’s language and keeps what was typed', async () => {
    const user = userEvent.setup();
    let refusal = { message: 'circulation.errors.slipNothingDue', code: 'SLIP_NOTHING_DUE' };
    stubApi([buildDebt()], () => jsonResponse(refusal, 422));
    renderWithProviders(<DebtsScreen />);
    const amount = await screen.findByRole('textbox', { name: 'Valor' });
    await user.clear(amount);
    await user.type(amount, '3,75');
    await user.click(screen.getByRole('button', { name: 'Gerar guia' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não há débitos nesta biblioteca.');
    expect((amount as HTMLInputElement).value).toBe('3,75');
    expect(screen.queryByRole('heading', { level: 3, name: /^Guia / })).toBeNull();

    refusal = { message: 'circulation.errors.slipAmountInvalid', code: 'SLIP_AMOUNT_INVALID' };
    await i18n.changeLanguage('en');
    await user.click(screen.getByRole('button', { name: 'Create slip' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'The slip amount must be more than zero and at most what you owe at this library.',
      ),
    );
    expect((amount as HTMLInputElement).value).toBe('3,75');
  });
});
