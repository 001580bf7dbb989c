import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { resources } from '@estante/i18n';
import { i18n, initI18n } from '../lib/i18n';
import { clearPublicToken } from '../lib/api-client';
import { resetPageConfiguration } from '../lib/page-configuration';

// Static scans run in the node environment and need none of the browser set-up below.
const hasDom = typeof window !== 'undefined';

// Mantine reads media queries and observes sizes; jsdom has neither.
if (hasDom) installBrowserStubs();

function installBrowserStubs(): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });

  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver ??= ResizeObserverStub;
  Element.prototype.scrollIntoView ??= () => {};
  window.scrollTo = () => {};
}

// Every language at hand, so a test may switch language at once.
initI18n('pt', {
  pt: resources.pt.translation,
  en: resources.en.translation,
  es: resources.es.translation,
});

afterEach(async () => {
  if (!hasDom) return;
  cleanup();
  // Toasts live in a store in Mantine's package, shared by every render and every file of a worker.
  notifications.clean();
  clearPublicToken();
  resetPageConfiguration();
  sessionStorage.clear();
  localStorage.clear();
  if (i18n.language !== 'pt') await i18n.changeLanguage('pt');
});

// The files of a worker share one module graph (decision 0082). What the app keeps in its modules
// (the session, the basket, the search history, scripts loaded, texts fetched) starts afresh for the
// next file: its imports evaluate the app's modules again. Packages stay loaded; the one holding
// state, Mantine's notification store, is emptied after each test above.
afterAll(() => {
  vi.resetModules();
  if (!hasDom) return;
  // The document is shared too: what a file left in it (portal nodes, the scroll lock on the body)
  // goes with the file.
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body])
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
});
