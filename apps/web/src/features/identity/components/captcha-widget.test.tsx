import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, solveChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_PATHS, type CaptchaConfiguration } from '@estante/contract';
import { renderWithProviders, jsonResponse } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { resetScripts } from '../../../lib/load-script';
import { clearSession } from '../utils/session';
import { RECAPTCHA_SCRIPT_URL, type Grecaptcha } from './recaptcha-widget';
import { SignInForm, type SignInSettings } from './sign-in-form';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'captcha-test-secret';
const KEY_SECRET = 'captcha-test-key-secret';

/**
 * jsdom has no Web Workers, so the widget's solver for PBKDF2 challenges is registered (through the
 * widget's own algorithm registry) as an in-thread stand-in running altcha-lib's real solver.
 */
class InThreadSolver extends EventTarget {
  postMessage(message: { type: string; challenge?: Challenge; counterStart?: number; counterStep?: number }) {
    if (message.type !== 'work' || !message.challenge) return;
    void solveChallenge({
      challenge: message.challenge,
      deriveKey,
      counterStart: message.counterStart ?? 0,
      counterStep: message.counterStep ?? 1,
    }).then((solution) => this.dispatchEvent(new MessageEvent('message', { data: solution })));
  }
  terminate() {}
}

const settings: SignInSettings = {
  loginLabel: null,
  loginMessage: null,
  asksCategory: false,
  offersPersonalArea: false,
  offersRecovery: false,
  usesSingleSignOn: false,
  defaultDestination: 'catalogue',
  requiresCaptcha: true,
};

const ALTCHA: CaptchaConfiguration = { provedor: 'altcha', recaptcha_site_key: null };

/**
 * The sign-in calls of the identity stand-in, plus GET /captcha/configuracao and GET /captcha/desafio
 * answered as the server does.
 */
function stubApiWithCaptcha(configuration: CaptchaConfiguration = ALTCHA) {
  const api = stubIdentityApi();
  const identityFetch = globalThis.fetch;
  let challenges = 0;
  const recoveryStarts: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === `/api${CAPTCHA_PATHS.configuration}`) return jsonResponse(configuration);
    if (url.pathname === '/api/pessoas/ana/recuperar-senha') {
      recoveryStarts.push(url);
      return jsonResponse({
        emails: ['an***@d***.example'],
        name: 'Ana',
        length: 6,
        tte: 900,
        expira_em: new Date(Date.now() + 900_000).toISOString(),
      });
    }
    if (url.pathname === `/api${CAPTCHA_PATHS.challenge}`) {
      challenges += 1;
      return jsonResponse(
        await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: 1,
          counter: 5,
          deriveKey,
          expiresAt: new Date(Date.now() + 600_000),
          hmacSignatureSecret: SECRET,
          hmacKeySignatureSecret: KEY_SECRET,
        }),
      );
    }
    return identityFetch(input, init);
  });
  return { ...api, challenges: () => challenges, recoveryStarts };
}

const passwordInput = () => screen.getByLabelText<HTMLInputElement>(/^Senha/, { selector: 'input' });
/** The widget's checkbox; drawn once the configuration has come, a moment after the element is connected. */
const captchaBox = async () =>
  within(await screen.findByRole('group', { name: 'Verificação anti-robô' })).findByRole('checkbox', {
    name: 'Não sou um robô',
  });

async function fillAndSubmit(password = 'estante-ana') {
  await userEvent.clear(screen.getByRole('textbox', { name: 'Usuário' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana');
  await userEvent.type(passwordInput(), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

beforeAll(async () => {
  // The widget refuses to work outside a secure context; jsdom does not say it is one.
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
  // The widget's code loads when a captcha first shows; the in-thread solver replaces its worker first.
  await import('altcha');
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new InThreadSolver() as unknown as Worker);
});

afterEach(async () => {
  await clearSession();
  for (const script of recaptchaScripts()) script.remove();
  resetScripts();
  delete window.grecaptcha;
});

const SITE_KEY = '6LcTestSiteKey-public';
const RECAPTCHA: CaptchaConfiguration = { provedor: 'recaptcha', recaptcha_site_key: SITE_KEY };
const recaptchaScripts = () =>
  document.querySelectorAll<HTMLScriptElement>(`script[src^="${RECAPTCHA_SCRIPT_URL}"]`);

/**
 * Google's script as the page sees it once loaded: `grecaptcha` draws nothing here, but keeps the
 * callbacks it was given so the test can answer as the checkbox would.
 */
function loadRecaptchaStandIn() {
  const rendered: Parameters<Grecaptcha['render']>[1][] = [];
  const resets: (number | undefined)[] = [];
  window.grecaptcha = {
    ready: (callback) => callback(),
    render: (_container, parameters) => rendered.push(parameters) - 1,
    reset: (widgetId) => resets.push(widgetId),
  };
  const [script] = recaptchaScripts();
  if (!script) throw new Error('the reCAPTCHA script was not asked for');
  fireEvent.load(script);
  return { rendered, resets };
}

describe('sign-in captcha (SPEC §2, §5; activity 1120)', () => {
  it('shows the labelled captcha in our words and refuses to sign in until it is done', async () => {
    const api = stubApiWithCaptcha();
    renderWithProviders(<SignInForm settings={settings} onSignedIn={vi.fn()} />);
    expect(await captchaBox()).toBeTruthy();
    await fillAndSubmit();
    expect(await screen.findByText('Conclua a verificação anti-robô.')).toBeTruthy();
    expect(api.grants('password')).toHaveLength(0);
  });

  it('sends the solved captcha with the password grant, and the server can verify it', async () => {
    const api = stubApiWithCaptcha();
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm settings={settings} onSignedIn={onSignedIn} />);
    await userEvent.click(await captchaBox());
    await waitFor(() =>
      expect(document.querySelector('altcha-widget .altcha')?.getAttribute('data-state')).toBe('verified'),
    );
    expect(screen.getByText('Verificado')).toBeTruthy();
    await fillAndSubmit();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const token = api.grants('password')[0]?.body?.['recaptcha_token'] ?? '';
    const payload = JSON.parse(atob(token)) as Parameters<typeof verifySolution>[0];
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: KEY_SECRET,
    });
    expect(result.verified).toBe(true);
  });

  it('resets the captcha after a failed sign-in, so a new one must be solved', async () => {
    const api = stubApiWithCaptcha();
    renderWithProviders(<SignInForm settings={settings} onSignedIn={vi.fn()} />);
    await userEvent.click(await captchaBox());
    await waitFor(() =>
      expect(document.querySelector('altcha-widget .altcha')?.getAttribute('data-state')).toBe('verified'),
    );
    await fillAndSubmit('senha-errada');
    expect((await screen.findByRole('alert')).textContent).toContain('Usuário ou senha incorretos.');
    await waitFor(() =>
      expect(document.querySelector('altcha-widget .altcha')?.getAttribute('data-state')).toBe('unverified'),
    );
    await userEvent.type(passwordInput(), 'estante-ana');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Conclua a verificação anti-robô.')).toBeTruthy();
    expect(api.grants('password')).toHaveLength(1);
    expect(api.challenges()).toBe(1);
  });

  it('asks for the captcha before a recovery code is sent, and sends it along', async () => {
    const api = stubApiWithCaptcha();
    renderWithProviders(<SignInForm settings={{ ...settings, offersRecovery: true }} onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Conclua a verificação anti-robô.')).toBeTruthy();
    expect(api.recoveryStarts).toHaveLength(0);
    await userEvent.click(await captchaBox());
    await waitFor(() =>
      expect(document.querySelector('altcha-widget .altcha')?.getAttribute('data-state')).toBe('verified'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('textbox', { name: 'Código de verificação' })).toBeTruthy();
    const token = api.recoveryStarts[0]?.searchParams.get('recaptcha_token') ?? '';
    expect(JSON.parse(atob(token))).toHaveProperty('solution');
  });
});

describe('reCAPTCHA when the institution configured its keys (decision 0017)', () => {
  it("shows ALTCHA and never asks for Google's script without a site key", async () => {
    stubApiWithCaptcha(ALTCHA);
    renderWithProviders(<SignInForm settings={settings} onSignedIn={vi.fn()} />);
    expect(await captchaBox()).toBeTruthy();
    expect(recaptchaScripts()).toHaveLength(0);
  });

  it("loads Google's script only with a site key, and says so when it cannot load (offline)", async () => {
    const api = stubApiWithCaptcha(RECAPTCHA);
    renderWithProviders(<SignInForm settings={settings} onSignedIn={vi.fn()} />);
    await waitFor(() => expect(recaptchaScripts()).toHaveLength(1));
    const src = new URL(recaptchaScripts()[0]!.src);
    expect(src.searchParams.get('render')).toBe('explicit');
    expect(src.searchParams.get('hl')).toBe('pt-BR');
    expect(document.querySelector('altcha-widget')).toBeNull();
    expect(api.challenges()).toBe(0);

    fireEvent.error(recaptchaScripts()[0]!);
    const group = screen.getByRole('group', { name: 'Verificação anti-robô' });
    expect((await within(group).findByRole('alert')).textContent).toContain(
      'Não foi possível carregar a verificação anti-robô do Google (reCAPTCHA).',
    );
    // Trying again asks for the script again.
    await userEvent.click(within(group).getByRole('button', { name: 'Tentar novamente' }));
    expect(recaptchaScripts()).toHaveLength(1);

    // Still required: no sign-in goes out without it.
    await fillAndSubmit();
    expect(await screen.findByText('Conclua a verificação anti-robô.')).toBeTruthy();
    expect(api.grants('password')).toHaveLength(0);
  });

  it("hands reCAPTCHA's token on as recaptcha_token, and asks for a new check after a refusal", async () => {
    const api = stubApiWithCaptcha(RECAPTCHA);
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm settings={settings} onSignedIn={onSignedIn} />);
    await waitFor(() => expect(recaptchaScripts()).toHaveLength(1));
    const google = loadRecaptchaStandIn();
    await waitFor(() => expect(google.rendered).toHaveLength(1));
    expect(google.rendered[0]?.sitekey).toBe(SITE_KEY);

    // The checkbox is ticked: Google hands a token to the callback.
    google.rendered[0]?.callback('token-from-google-1');
    await fillAndSubmit('senha-errada');
    expect((await screen.findByRole('alert')).textContent).toContain('Usuário ou senha incorretos.');
    expect(api.grants('password')[0]?.body?.['recaptcha_token']).toBe('token-from-google-1');
    // SPEC §4: the captcha is reset after a failure, and a new one is required.
    expect(google.resets).toEqual([0]);
    await userEvent.type(passwordInput(), 'estante-ana');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Conclua a verificação anti-robô.')).toBeTruthy();

    google.rendered[0]?.callback('token-from-google-2');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.grants('password').map((grant) => grant.body?.['recaptcha_token'])).toEqual([
      'token-from-google-1',
      'token-from-google-2',
    ]);
  });
});
