import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { BasketRoute } from './basket';
import {
  createConfiguredQueryClient,
  fetchWith,
  jsonResponse,
  renderWithProviders,
} from '../../testing/render';
import { buildInstitution } from '../../testing/factories';
import { getInstitutionQueryOptions } from '../../features/chrome/api/get-institution';
import { resetBasketCache, updateBasket } from '../../features/basket/utils/basket';

/** The configuration of a server that can (or cannot) send e-mail. */
function clientSending(sendsEmail: boolean) {
  const client = createConfiguredQueryClient();
  client.setQueryData(getInstitutionQueryOptions().queryKey, buildInstitution({ envia_email: sendsEmail }));
  return client;
}

describe('/cesta and e-mail', () => {
  beforeEach(() => {
    localStorage.clear();
    resetBasketCache();
    act(() => updateBasket(() => [1]));
    // The title is no longer in the catalogue: the page still offers the exports.
    vi.stubGlobal(
      'fetch',
      vi.fn(fetchWith(() => jsonResponse({ message: 'Registro não encontrado.', code: 'NOT_FOUND' }, 404))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    resetBasketCache();
  });

  it('does not offer e-mail when the server has no SMTP, but still offers the downloads', async () => {
    renderWithProviders(<BasketRoute />, { queryClient: clientSending(false) });
    expect(await screen.findByRole('button', { name: 'Baixar a cesta em RIS' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Enviar por e-mail' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^E-mails/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar por e-mail' })).toBeNull();
  });

  it('offers e-mail when the server sends e-mail', async () => {
    renderWithProviders(<BasketRoute />, { queryClient: clientSending(true) });
    expect(await screen.findByRole('heading', { name: 'Enviar por e-mail' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^E-mails/ })).toBeTruthy();
  });
});
