import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { BasketExport } from './basket-export';

interface Call {
  path: string;
  body: Record<string, unknown>;
}

function stubApi(answer: (body: Record<string, unknown>) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url, init) => {
        const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        calls.push({ path: url.pathname, body });
        return answer(body);
      }),
    ),
  );
  return calls;
}

const fileResponse = (text: string, filename: string, type: string) =>
  new Response(text, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"` },
  });

describe('basket export and e-mail', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    saved = [];
    let created: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created = blob;
          return 'blob:basket';
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (created) saved.push({ name: this.download, blob: created });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the basket in the chosen format with the name the server gives', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() =>
      fileResponse('TY  - BOOK\nER  - \n', 'cesta.ris', 'application/x-research-info-systems'),
    );
    renderWithProviders(<BasketExport ids={[3, 1]} sendsEmail />);
    await user.click(screen.getByRole('button', { name: 'Baixar a cesta em RIS' }));
    await screen.findByText('Arquivo RIS baixado.');
    expect(calls).toEqual([{ path: '/api/acervo/exportar-cesta', body: { tipo: 'RIS', acervos: [3, 1] } }]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('cesta.ris');
    expect(await saved[0]!.blob.text()).toBe('TY  - BOOK\nER  - \n');
  });

  it('copies the ABNT references to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    const calls = stubApi(() =>
      fileResponse(
        'ASSIS, Machado de. Dom Casmurro.\n\nALENCAR, José de. Iracema.\n',
        'cesta-abnt.txt',
        'text/plain',
      ),
    );
    renderWithProviders(<BasketExport ids={[1, 2]} sendsEmail />);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copiar referências' }));
    await screen.findByText('Referências copiadas para a área de transferência.');
    expect(calls[0]!.body).toEqual({ tipo: 'ABNT', acervos: [1, 2] });
    expect(writeText).toHaveBeenCalledWith('ASSIS, Machado de. Dom Casmurro.\n\nALENCAR, José de. Iracema.');
  });

  it('names a bad address before sending, keeps what was typed, then sends with the chosen format', async () => {
    const user = userEvent.setup();
    const calls = stubApi((body) =>
      jsonResponse({
        enviado: true,
        destinatarios: String((body['opcoesEmail'] as { emails: string }).emails)
          .split(';')
          .map((e) => e.trim()),
      }),
    );
    renderWithProviders(<BasketExport ids={[5]} sendsEmail />);
    const field = screen.getByRole('textbox', { name: /E-mails/ });
    await user.type(field, 'ana@demo.example; bruno@');
    await user.type(screen.getByRole('textbox', { name: 'Mensagem (opcional)' }), 'Para o seminário');
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    expect(await screen.findByText('O e-mail “bruno@” não é válido.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect((field as HTMLInputElement).value).toBe('ana@demo.example; bruno@');

    await user.type(field, 'demo.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Formato do anexo' }), 'BIBTEX');
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    await screen.findByText('Cesta enviada para ana@demo.example, bruno@demo.example.');
    expect(calls[0]!.body).toEqual({
      tipo: 'BIBTEX',
      acervos: [5],
      opcoesEmail: { emails: 'ana@demo.example; bruno@demo.example', mensagem: 'Para o seminário' },
    });
  });

  it('shows the address a 422 from the server names, in the field, keeping the input', async () => {
    const user = userEvent.setup();
    stubApi(() =>
      jsonResponse({ code: 'BASKET_INVALID_EMAIL', message: 'basket.email.invalid: ana@demo.example' }, 422),
    );
    renderWithProviders(<BasketExport ids={[5]} sendsEmail />);
    const field = screen.getByRole('textbox', { name: /E-mails/ });
    await user.type(field, 'ana@demo.example');
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    expect(await screen.findByText('O e-mail “ana@demo.example” não é válido.')).toBeTruthy();
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('ana@demo.example'));
  });
});
