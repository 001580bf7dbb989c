import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { clearSession, getSession } from '../utils/session';
import type { Session } from '../utils/session';
import { LoginModalProvider, useLoginModal } from './login-modal';
import type { SignInSettings } from './sign-in-form';

// The machine running the suite is shared; typing into the form takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const settings: SignInSettings = {
  loginLabel: null,
  loginMessage: null,
  asksCategory: false,
  offersPersonalArea: true,
  offersRecovery: false,
  usesSingleSignOn: false,
  defaultDestination: 'catalogue',
};

/** A screen action that needs a patron (like "place hold"): opens the login modal. */
function PlaceHoldButton({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { t } = useTranslation();
  const { openLoginModal } = useLoginModal();
  return <Button onClick={() => openLoginModal({ onSignedIn })}>{t('identity.header.login')}</Button>;
}

afterEach(async () => {
  await clearSession();
});

describe('login modal (SPEC §2: the sign-in screen as a modal)', () => {
  it('opens over the page, signs in, closes and lets the screen go on, on the same page', async () => {
    stubIdentityApi();
    const onSignedIn = vi.fn();
    const { router } = renderWithProviders(
      <LoginModalProvider settings={settings}>
        <PlaceHoldButton onSignedIn={onSignedIn} />
      </LoginModalProvider>,
      { route: '/acervo/7/reserva', path: '/acervo/:id/reserva' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    expect(dialog).toBeTruthy();
    // The destination choice belongs to the full page; the modal keeps the patron where they are.
    expect(screen.queryByRole('radiogroup')).toBeNull();
    // The form loads with the modal's first opening (its own chunk), and takes the focus as it shows.
    const login = await within(dialog).findByRole('textbox', { name: 'Usuário' });
    await waitFor(() => expect(document.activeElement).toBe(login));
    await userEvent.type(login, 'ana');
    await userEvent.type(screen.getByLabelText(/^Senha/, { selector: 'input' }), 'estante-ana');
    // The dialog's own button: the page's "Entrar" behind it would open the form afresh, and which of
    // the two comes last in the document depends on where the portal was put.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ user: { login: 'ana' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/acervo/7/reserva');
    expect(getSession()?.user.login).toBe('ana');
  });

  it('outside a provider, goes to the full-page login with the way back', async () => {
    const { router } = renderWithProviders(<PlaceHoldButton onSignedIn={() => {}} />, {
      route: '/acervo/7/reserva',
      path: '*',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Facervo%2F7%2Freserva');
  });
});
