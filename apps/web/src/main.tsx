import './lib/parse-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app';
import { LANGUAGE_PARAM } from './config/paths';
import { STORAGE_KEYS } from './config/env';
import {
  detectLanguage,
  initI18n,
  loadLanguage,
  loadRestOfLanguage,
  rememberLanguageForServer,
} from './lib/i18n';
import {
  applyAccessibilitySettings,
  readAccessibilitySettings,
} from './features/chrome/utils/accessibility-settings';
import { startSession } from './features/identity/utils/start-session';

function localStore(): Storage | null {
  try {
    return localStorage;
  } catch {
    // Storage blocked by the browser: the language comes from the URL or the default.
    return null;
  }
}

// SPEC "Page chrome": on load, the ?lang of a reload or the stored choice decides the language.
const language = detectLanguage(window.location.search, localStore());
const url = new URL(window.location.href);
if (url.searchParams.has(LANGUAGE_PARAM)) {
  localStore()?.setItem(STORAGE_KEYS.language, language);
  // The choice is stored; drop the parameter so it does not stick to every later URL.
  url.searchParams.delete(LANGUAGE_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
rememberLanguageForServer(language);
// The stored zoom, bold and colour scheme apply before the first paint, also on the loading screen.
applyAccessibilitySettings(readAccessibilitySettings());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// SPEC §4: the stored login state is decrypted before the first screen, so guarded routes know the
// patron; meanwhile the chosen language's texts load (their own chunk), so no key ever shows.
void Promise.all([
  startSession().catch(() => undefined),
  loadLanguage(language).then((texts) => initI18n(language, { [language]: texts })),
]).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The rest of the texts (lib/text-parts.ts), for every screen but the first: fetched now, and
  // waited for by the lazy screens and parts.
  loadRestOfLanguage(language).catch(() => undefined);
});
