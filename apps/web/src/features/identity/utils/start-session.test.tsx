import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { UserSessionSchema } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { buildUserSession } from '../../../testing/identity';
import { clearSession, getSession, saveSession, sessionWritten } from './session';
import { startSession } from './start-session';

afterEach(async () => {
  await clearSession();
});

describe('startSession', () => {
  it('restores the stored patron, and warns that the session expired when the refresh is refused', async () => {
    await saveSession({
      ...buildUserSession(),
      credentials: { token: 'old', refresh: 'used-up', expiresAt: Date.now() + 600_000 },
      persistent: true,
    });
    await sessionWritten();
    await clearSessionFromMemoryOnly();
    await startSession();
    expect(getSession()?.user.login).toBe('ana');

    renderWithProviders(<div />);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/oauth/token')
          ? jsonResponse({ message: 'Sessão expirada.', code: 'INVALID_GRANT' }, 401)
          : jsonResponse({ message: 'Credenciais ausentes ou expiradas.', code: 'UNAUTHORIZED' }, 401),
      ),
    );
    await apiGet('/pessoas', UserSessionSchema, { auth: 'private' }).catch(() => undefined);
    expect(await screen.findByText('Sua sessão expirou. Entre novamente para continuar.')).toBeTruthy();
    expect(getSession()).toBeNull();
    await sessionWritten();
    expect(localStorage.getItem('estante.session')).toBeNull();
  });
});

/** A reload: the page's memory is empty, the sealed session stays in storage. */
async function clearSessionFromMemoryOnly(): Promise<void> {
  const stored = localStorage.getItem('estante.session');
  await clearSession();
  if (stored) localStorage.setItem('estante.session', stored);
}
