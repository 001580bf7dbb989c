import { useEffect, useSyncExternalStore } from 'react';
import { loadScript, scriptState, subscribeToScripts } from '../../../lib/load-script';

/** The Brazilian government's sign-language widget (VLibras); loaded only when the patron turns it on. */
export const VLIBRAS_SCRIPT_URL = 'https://vlibras.gov.br/app/vlibras-plugin.js';
/** Where the widget fetches its player and avatar from. */
export const VLIBRAS_APP_URL = 'https://vlibras.gov.br/app';

/** Where the widget stands: not asked for, loading, on the page, or unreachable (offline). */
export type VLibrasStatus = 'off' | 'loading' | 'ready' | 'error';

interface VLibrasGlobal {
  Widget: new (appUrl: string) => unknown;
}

declare global {
  interface Window {
    VLibras?: VLibrasGlobal;
  }
}

let isWidgetStarted = false;

/** Starts the widget once, after its markup is on the page. */
export function startVLibrasWidget(): void {
  if (isWidgetStarted || !window.VLibras) return;
  isWidgetStarted = true;
  new window.VLibras.Widget(VLIBRAS_APP_URL);
  // The widget sets itself up on the window's load event, which fired long before it was asked for.
  window.dispatchEvent(new Event('load'));
}

/** Loads the VLibras script when `isOn` becomes true (never before) and reports how it went. */
export function useVLibras(isOn: boolean): VLibrasStatus {
  const state = useSyncExternalStore(subscribeToScripts, () => scriptState(VLIBRAS_SCRIPT_URL));
  useEffect(() => {
    // The failure is reported through the script state; nothing else to do with the rejection.
    if (isOn) loadScript(VLIBRAS_SCRIPT_URL).catch(() => undefined);
  }, [isOn]);
  if (!isOn) return 'off';
  return state ?? 'loading';
}
