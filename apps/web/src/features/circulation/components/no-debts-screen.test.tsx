import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoDebtsCheck, NoDebtsDeclaration } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { NoDebtsScreen } from './no-debts-screen';

const PDF_TEXT = '%PDF-1.4 nada consta';
const DECLARATION: NoDebtsDeclaration = {
  codigo_verificacao: 'K7QM2XW9RT4P',
  data_emissao: '2025-05-12T15:30:00.000Z',
  nome_arquivo: 'nada-consta-K7QM2XW9RT4P.pdf',
  pdf: btoa(PDF_TEXT),
};

const ALLOWED: NoDebtsCheck = {
  permitido: true,
  motivo: null,
  emprestimos: 0,
  valor_pendente: 0,
  multa_em_curso: 0,
  emitida: null,
};

interface MailCall {
  email: FormDataEntryValue | null;
  file: File | null;
  /** The Content-Type the page set itself: none, so the browser writes the multipart boundary. */
  contentType: string | null;
}

/**
 * The no-debts calls as the server answers them: the check (until the declaration is issued, then
 * with it), the issue, the patron's e-mail and the multipart send, which answers `mail()`.
 */
function stubApi(check: NoDebtsCheck, mail?: () => Response) {
  const state = { issued: 0, mails: [] as MailCall[], paths: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url, init) => {
        const method = init?.method ?? 'GET';
        state.paths.push(`${method} ${url.pathname}`);
        switch (url.pathname) {
          case '/api/unidade-informacao/nada-consta/verifica':
            return jsonResponse(
              state.issued > 0
                ? {
                    ...check,
                    emitida: {
                      codigo_verificacao: DECLARATION.codigo_verificacao,
                      data_emissao: DECLARATION.data_emissao,
                    },
                  }
                : check,
            );
          case '/api/unidade-informacao/nada-consta':
            state.issued += 1;
            return jsonResponse(DECLARATION);
          case '/api/pessoas/email-pessoa-logada':
            return jsonResponse({ email: 'bruno@demo.estante.example' });
          case '/api/nada-consta/send-mail': {
            const form = init?.body as FormData;
            const file = form.get('arquivo');
            state.mails.push({
              email: form.get('email'),
              file: file instanceof File ? file : null,
              contentType: new Headers(init?.headers).get('Content-Type'),
            });
            return mail
              ? mail()
              : jsonResponse({ enviado: true, destinatarios: String(form.get('email')).split('; ') });
          }
        }
        return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return state;
}

describe('no-debts declaration screen (SPEC §2 confirm dialog, §4, §7 nada-consta)', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    setUserCredentials({ token: 'bruno-token', refresh: 'r', expiresAt: Date.now() + 600_000 });
    saved = [];
    let created: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created = blob;
          return 'blob:declaration';
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (created) saved.push({ name: this.download, blob: created });
    });
  });
  afterEach(() => setUserCredentials(null));

  it('refuses with the reason, the open loans, the amount owed and the fine still accruing, and offers no request', async () => {
    const state = stubApi({
      permitido: false,
      motivo: { codigo: 'NO_DEBTS_HAS_LOANS', mensagem: 'circulation.errors.noDebtsHasLoans' },
      emprestimos: 2,
      valor_pendente: 4,
      multa_em_curso: 4.5,
      emitida: null,
    });
    renderWithProviders(<NoDebtsScreen />);
    expect(await screen.findByText('A declaração não pode ser emitida agora')).toBeTruthy();
    expect(screen.getByText('Não é possível emitir o nada consta: há empréstimos em aberto.')).toBeTruthy();
    const facts = screen.getByText('Empréstimos em aberto').closest('dl')!;
    expect(facts.textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Empréstimos em aberto2Valor devidoR$ 4,00Multa em curso (provisória)R$ 4,50',
    );
    expect(screen.queryByRole('button', { name: 'Solicitar a declaração de nada consta' })).toBeNull();
    expect(state.paths).toEqual(['GET /api/unidade-informacao/nada-consta/verifica']);
  });

  it('says only that it is not available when the library disabled it for the patron', async () => {
    await i18n.changeLanguage('es');
    stubApi({
      permitido: false,
      motivo: { codigo: 'NO_DEBTS_DISABLED', mensagem: 'circulation.errors.noDebtsDisabled' },
      emprestimos: 0,
      valor_pendente: 0,
      multa_em_curso: 0,
      emitida: null,
    });
    renderWithProviders(<NoDebtsScreen />);
    expect(
      await screen.findByText('La declaración de libre deuda no está disponible para su registro.'),
    ).toBeTruthy();
    expect(screen.queryByText('Préstamos abiertos')).toBeNull();
  });

  it('asks first, saying it unlinks the patron; cancelling issues nothing', async () => {
    const user = userEvent.setup();
    const state = stubApi(ALLOWED);
    renderWithProviders(<NoDebtsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Solicitar a declaração de nada consta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir a declaração de nada consta?' });
    expect(dialog.textContent).toContain('seu vínculo com a biblioteca é encerrado');
    expect(dialog.textContent).toContain('suas reservas e solicitações em aberto são canceladas');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.issued).toBe(0);
    expect(screen.getByRole('button', { name: 'Solicitar a declaração de nada consta' })).toBeTruthy();
  });

  it('issues it on confirm, saves the PDF, and sends it to the patron’s address with the file', async () => {
    const user = userEvent.setup();
    const state = stubApi(ALLOWED);
    renderWithProviders(<NoDebtsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Solicitar a declaração de nada consta' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Emitir e encerrar o vínculo' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Sua declaração de nada consta' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(state.issued).toBe(1);
    expect(
      screen
        .getByText('Declaração emitida. Seu vínculo com a biblioteca foi encerrado.')
        .getAttribute('role'),
    ).toBe('status');
    expect(screen.getByText('Emitida em 12/05/2025.')).toBeTruthy();
    expect(screen.getByText('Código de verificação: K7QM2XW9RT4P')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Baixar a declaração (PDF)' }));
    expect(saved.map((s) => s.name)).toEqual(['nada-consta-K7QM2XW9RT4P.pdf']);
    expect(await saved[0]!.blob.text()).toBe(PDF_TEXT);
    // The PDF in hand is saved again; the declaration is not asked for a second time.
    expect(state.issued).toBe(1);

    const field = screen.getByRole('textbox', { name: /^E-mails/ });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('bruno@demo.estante.example'));
    await user.click(screen.getByRole('button', { name: 'Enviar a declaração' }));
    expect(await screen.findByText('Declaração enviada para bruno@demo.estante.example.')).toBeTruthy();
    expect(state.mails).toHaveLength(1);
    expect(state.mails[0]!.email).toBe('bruno@demo.estante.example');
    expect(state.mails[0]!.contentType).toBeNull();
    expect(state.mails[0]!.file?.name).toBe('nada-consta-K7QM2XW9RT4P.pdf');
    expect(await state.mails[0]!.file?.text()).toBe(PDF_TEXT);
  });

  it('checks the addresses before sending, keeps them, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const state = stubApi(
      { ...ALLOWED, emitida: { codigo_verificacao: 'K7QM2XW9RT4P', data_emissao: DECLARATION.data_emissao } },
      () => jsonResponse({ message: 'circulation.errors.mailOff', code: 'CIRCULATION_MAIL_OFF' }, 422),
    );
    renderWithProviders(<NoDebtsScreen />);
    // Already issued on an earlier visit: no request button, the declaration is offered again.
    expect(await screen.findByText('Emitida em 12/05/2025.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solicitar a declaração de nada consta' })).toBeNull();
    const field = screen.getByRole('textbox', { name: /^E-mails/ });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('bruno@demo.estante.example'));
    await user.clear(field);
    await user.type(field, 'bruno@demo.estante.example; secretaria@');
    await user.click(screen.getByRole('button', { name: 'Enviar a declaração' }));
    expect(await screen.findByText('O e-mail “secretaria@” não é válido.')).toBeTruthy();
    expect(state.mails).toHaveLength(0);

    await user.type(field, 'demo.estante.example');
    await user.click(screen.getByRole('button', { name: 'Enviar a declaração' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'O envio de e-mail não está configurado nesta biblioteca.',
    );
    expect((field as HTMLInputElement).value).toBe(
      'bruno@demo.estante.example; secretaria@demo.estante.example',
    );
    // Without the PDF in hand, only the addresses go: the server sends the declaration it keeps.
    expect(state.mails).toEqual([
      { email: 'bruno@demo.estante.example; secretaria@demo.estante.example', file: null, contentType: null },
    ]);

    await user.click(screen.getByRole('button', { name: 'Baixar a declaração (PDF)' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['nada-consta-K7QM2XW9RT4P.pdf']));
    expect(state.issued).toBe(1);
  });

  it('shows a refusal that arrives after confirming, and the check as it now stands', async () => {
    const user = userEvent.setup();
    let check: NoDebtsCheck = ALLOWED;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url) => {
          if (url.pathname === '/api/unidade-informacao/nada-consta/verifica') return jsonResponse(check);
          // A loan was made at the desk meanwhile.
          check = {
            permitido: false,
            motivo: { codigo: 'NO_DEBTS_HAS_LOANS', mensagem: 'circulation.errors.noDebtsHasLoans' },
            emprestimos: 1,
            valor_pendente: 0,
            multa_em_curso: 0,
            emitida: null,
          };
          return jsonResponse(
            { message: 'circulation.errors.noDebtsHasLoans', code: 'NO_DEBTS_HAS_LOANS' },
            422,
          );
        }),
      ),
    );
    renderWithProviders(<NoDebtsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Solicitar a declaração de nada consta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Emitir/ }));
    expect(await screen.findByText('A declaração não pode ser emitida agora')).toBeTruthy();
    expect(screen.getByText('Empréstimos em aberto').closest('dl')!.textContent).toContain(
      'Empréstimos em aberto1',
    );
  });
});
