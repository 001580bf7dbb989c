import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { toString as qrCodeToString } from 'qrcode';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../api/sign-in';
import { clearSession } from '../utils/session';
import { TOTP_QR_OPTIONS } from './totp-qr-code';
import { TwoFactorSettings } from './two-factor-settings';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
// Shaped as the server makes it (apps/api totp.ts otpauthUrl).
const OTPAUTH = `otpauth://totp/Biblioteca%20Estante%3Aana?secret=${SECRET}&issuer=Biblioteca+Estante&algorithm=SHA1&digits=6&period=30`;
const QR_ALT = 'Código QR da conta para o aplicativo autenticador (contém a chave secreta)';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}`);

/**
 * The sign-in stand-in plus /pessoas/meu-pergamum/dois-fatores as the server answers it: GET status,
 * POST a secret, PUT {codigo} (123456 is right) with ten recovery codes, DELETE {senha}.
 */
async function stubTwoFactorApi({ offered = true, active = false } = {}) {
  stubIdentityApi();
  const inner = globalThis.fetch;
  const state = { offered, active, calls: [] as { method: string; body: unknown }[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname !== '/api/pessoas/meu-pergamum/dois-fatores') return inner(input, init);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
      state.calls.push({ method, body });
      if (method === 'GET') return jsonResponse({ disponivel: state.offered, ativo: state.active });
      if (method === 'POST') return jsonResponse({ secret: SECRET, otpauth_url: OTPAUTH });
      if (method === 'PUT') {
        if (body.codigo !== '123456') {
          return jsonResponse({ message: 'identityRules.totpInvalid', code: 'TOTP_INVALID' }, 422);
        }
        state.active = true;
        return jsonResponse({ codigos_recuperacao: RECOVERY_CODES });
      }
      if (body.senha !== 'estante-ana') {
        return jsonResponse(
          { message: 'identityRules.currentPasswordWrong', code: 'CURRENT_PASSWORD_WRONG' },
          422,
        );
      }
      state.active = false;
      return jsonResponse({ result: true });
    }),
  );
  // The calls are private: a patron is signed in first, as in the personal area.
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<TwoFactorSettings login="ana" />);
  return state;
}

afterEach(async () => {
  await clearSession();
});

/**
 * Draws the SVG the page shows into pixels (4 per module, quiet zone included) by reading its path
 * (`M x y` / `m dx 0` moves, `h n` runs of dark modules on a row), so that jsQR, a decoder written
 * independently of the qrcode library, can read it as a camera image.
 */
function rasterise(svg: string, scale = 4): { pixels: Uint8ClampedArray; width: number } {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const size = Number(document.documentElement.getAttribute('viewBox')?.split(' ')[2]);
  const path = document.querySelector('path[stroke]')?.getAttribute('d') ?? '';
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, first = '0', second = '0'] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(first), Number(second)];
    else if (command === 'm') [x, y] = [x + Number(first), y + Number(second)];
    else {
      for (let i = 0; i < Number(first); i++) dark[Math.floor(y)]![x + i] = true;
      x += Number(first);
    }
  }
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      if (!dark[Math.floor(py / scale)]![Math.floor(px / scale)]) continue;
      pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  }
  return { pixels, width };
}

describe('two-step verification in the personal area', () => {
  it('is not shown when the institution does not offer it', async () => {
    const state = await stubTwoFactorApi({ offered: false });
    await waitFor(() => expect(state.calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Verificação em duas etapas' })).toBeNull();
  });

  it('turns it on: shows the secret and otpauth address, confirms a code, shows the recovery codes once', async () => {
    const state = await stubTwoFactorApi();
    expect(await screen.findByText('A verificação em duas etapas está desativada.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ativar verificação em duas etapas' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText(OTPAUTH)).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /^Código do aplicativo/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e ativar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Código de verificação incorreto ou já usado.',
    );

    await userEvent.type(screen.getByRole('textbox', { name: /^Código do aplicativo/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e ativar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(state.calls.find((call) => call.method === 'PUT' && call.body)?.body).toEqual({
      codigo: '000000',
    });

    // Shown once: after "saved", the codes are gone and the status says it is on.
    await userEvent.click(screen.getByRole('button', { name: 'Já guardei os códigos' }));
    expect(screen.queryByRole('list', { name: 'Códigos de recuperação' })).toBeNull();
    expect(await screen.findByText('A verificação em duas etapas está ativa.')).toBeTruthy();
  });

  it('shows the otpauth address as a QR code with its alt text, which decodes to exactly that address', async () => {
    await stubTwoFactorApi();
    await userEvent.click(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' }));
    const image = await screen.findByRole('img', { name: QR_ALT });
    // Made in the browser: a data URL, nothing fetched.
    const src = image.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));

    // An independent decoder reads back the address the server answered, character for character.
    const { pixels, width } = rasterise(svg);
    expect(jsQR(pixels, width, width)?.data).toBe(OTPAUTH);
    // And it is qrcode's drawing of exactly that address, not of another text.
    expect(svg).toBe(await qrCodeToString(OTPAUTH, TOTP_QR_OPTIONS));

    // The key and the address stay as text for those who type them.
    expect(screen.getByText(SECRET)).toBeTruthy();
    expect(screen.getByText(OTPAUTH)).toBeTruthy();
  });

  it('turns it off with the password, refusing a wrong one with the server message', async () => {
    const state = await stubTwoFactorApi({ active: true });
    expect(await screen.findByText('A verificação em duas etapas está ativa.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Desativar verificação em duas etapas' });
    await userEvent.click(button);
    expect(screen.getByText('Informe sua senha.')).toBeTruthy();

    const password = () => screen.getByLabelText<HTMLInputElement>(/^Senha/, { selector: 'input' });
    await userEvent.type(password(), 'errada');
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('A senha atual está incorreta.');
    expect(password().value).toBe('');

    await userEvent.type(password(), 'estante-ana');
    await userEvent.click(button);
    expect(await screen.findByText('Verificação em duas etapas desativada.')).toBeTruthy();
    expect(await screen.findByText('A verificação em duas etapas está desativada.')).toBeTruthy();
    expect(state.calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { senha: 'errada' },
      { senha: 'estante-ana' },
    ]);
  });
});
