import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { CaptchaWidget } from './captcha-widget';

describe('probe', () => {
  it('renders', async () => {
    renderWithProviders(<CaptchaWidget onChange={() => {}} />);
    await new Promise((r) => setTimeout(r, 500));
    const el = document.querySelector('altcha-widget');
    console.log('defined', typeof customElements, customElements.get('altcha-widget'), 'secure', globalThis.isSecureContext, typeof Worker, el?.shadowRoot?.innerHTML?.slice(0, 300), el?.innerHTML.slice(0, 1500));
  });
});
