/** How a script added with `loadScript` stands. */
export type ScriptState = 'loading' | 'ready' | 'error';

const states = new Map<string, ScriptState>();
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

function setState(src: string, state: ScriptState): void {
  states.set(src, state);
  for (const listener of listeners) listener();
}

/** The state of a script, undefined when it was never asked for. */
export function scriptState(src: string): ScriptState | undefined {
  return states.get(src);
}

/** Calls `listener` whenever a script's state changes; returns the unsubscribe function. */
export function subscribeToScripts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds a `<script src>` to the page once and settles when it has loaded or failed. A failed script
 * is removed, so asking again tries again.
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  setState(src, 'loading');
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      setState(src, 'ready');
      resolve();
    });
    script.addEventListener('error', () => {
      script.remove();
      pending.delete(src);
      setState(src, 'error');
      reject(new Error(`Could not load ${src}`));
    });
    doc.body.appendChild(script);
  });
  pending.set(src, promise);
  return promise;
}

/** Forgets every script (tests start from a clean page). */
export function resetScripts(): void {
  states.clear();
  pending.clear();
}
