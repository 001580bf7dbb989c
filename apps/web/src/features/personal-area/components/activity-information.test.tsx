import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { ActivityInformation } from './activity-information';

/** GET /parametros/atividade/{id}/informativo as the server answers it for each activity. */
function stubInformation(texts: Record<number, string | null | 404>) {
  stubIdentityApi();
  const inner = globalThis.fetch;
  const asked: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const match = /^\/api\/parametros\/atividade\/(\d+)\/informativo$/.exec(
        new URL(String(input)).pathname,
      );
      if (!match) return inner(input, init);
      const code = Number(match[1]);
      asked.push(code);
      const text = texts[code];
      if (text === 404) return jsonResponse({ message: 'Não encontrado.', code: 'NOT_FOUND' }, 404);
      return jsonResponse({ cod_atividade: code, informativo: text ?? null });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("the institution's text atop a personal-area item", () => {
  it('shows the text the institution wrote, cleaned of scripts', async () => {
    stubInformation({ 811: '<p>Mantenha seu e-mail em dia.</p><script>window.hacked = true</script>' });
    renderWithProviders(<ActivityInformation activity={811} />);
    const aside = await screen.findByRole('complementary', { name: 'Informações da biblioteca' });
    expect(aside.textContent).toBe('Mantenha seu e-mail em dia.');
    expect(aside.querySelector('script')).toBeNull();
  });

  it('shows nothing when there is no text, or the activity is off', async () => {
    const asked = stubInformation({ 811: null, 815: 404 });
    renderWithProviders(
      <>
        <ActivityInformation activity={811} />
        <ActivityInformation activity={815} />
      </>,
    );
    await waitFor(() => expect(asked.sort()).toEqual([811, 815]));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
