import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferenceResponse } from '@estante/contract';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { ReferenceView } from './reference-view';

const REFERENCES: Record<string, ReferenceResponse> = {
  abnt: {
    formato: 'ABNT',
    referencia: 'ASSIS, Machado de. Dom Casmurro. Rio de Janeiro: Garnier, 1899.',
    html: 'ASSIS, Machado de. <b>Dom Casmurro</b>. Rio de Janeiro: Garnier, 1899.<img src=x onerror="alert(1)">',
  },
  apa: {
    formato: 'APA',
    referencia: 'Assis, M. de. (1899). Dom Casmurro. Garnier.',
    html: 'Assis, M. de. (1899). <i>Dom Casmurro</i>. Garnier.',
  },
};

describe('reference tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the ABNT reference with the title in bold, and the APA one when that format is chosen', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url) => {
          const format = url.searchParams.get('formato') ?? 'abnt';
          asked.push(`${url.pathname}?${format}`);
          return jsonResponse(REFERENCES[format]);
        }),
      ),
    );
    renderWithProviders(<ReferenceView titleId={1} />);
    const quote = await screen.findByText(
      (_, element) => element?.tagName === 'B' && element.textContent === 'Dom Casmurro',
    );
    expect(quote).toBeTruthy();
    // The HTML is sanitised: no image with a script handler gets through.
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('radio', { name: 'ABNT' })).toHaveProperty('checked', true);

    await userEvent.click(screen.getByRole('radio', { name: 'APA' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Referência (APA)' })).toBeTruthy();
    const italic = await screen.findByText(
      (_, element) => element?.tagName === 'I' && element.textContent === 'Dom Casmurro',
    );
    expect(italic).toBeTruthy();
    expect(asked).toEqual(['/api/acervo/1/referencia?abnt', '/api/acervo/1/referencia?apa']);
    const group = screen.getByRole('radiogroup', { name: 'Formato da referência' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['ABNT', 'APA', 'CHICAGO', 'MLA']);
    expect(screen.getByRole('button', { name: 'Copiar referência' })).toBeTruthy();
  });
});
