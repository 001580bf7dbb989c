import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { Cover, coverHue } from './cover';

describe('covers', () => {
  it('draws a cover from the title and author when there is no image, in a colour of the title', () => {
    const { container } = renderWithProviders(
      <Cover title="Dom Casmurro" author="Machado de Assis" sources={[]} size="record" alt="" />,
    );
    const box = container.querySelector('[data-cover]')!;
    expect(box.getAttribute('data-cover')).toBe('generated');
    expect(box.getAttribute('data-size')).toBe('record');
    expect(box.textContent).toBe('Dom CasmurroMachado de Assis');
    expect(container.querySelector('img')).toBeNull();
    // The same title always gets the same colour; another title most likely another.
    expect(coverHue('Dom Casmurro')).toBe(coverHue('Dom Casmurro'));
    expect(coverHue('Dom Casmurro')).not.toBe(coverHue('Memórias póstumas de Brás Cubas'));
    expect(coverHue('Dom Casmurro')).toBeGreaterThanOrEqual(0);
    expect(coverHue('Dom Casmurro')).toBeLessThan(360);
  });

  it('tries each image in turn and falls back to the drawn cover when none loads', () => {
    const { container } = renderWithProviders(
      <Cover
        title="Vidas secas"
        author={null}
        sources={['https://covers.example.org/own.jpg', 'https://isbn.example.org/9788501.jpg']}
        size="line"
        alt=""
      />,
    );
    const img = () => container.querySelector('img');
    expect(img()?.getAttribute('src')).toBe('https://covers.example.org/own.jpg');
    expect(img()?.getAttribute('alt')).toBe('');
    fireEvent.error(img()!);
    expect(img()?.getAttribute('src')).toBe('https://isbn.example.org/9788501.jpg');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(container.querySelector('[data-cover]')!.getAttribute('data-cover')).toBe('generated');
  });
});
