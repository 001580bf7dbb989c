import { useEffect } from 'react';

/** Marks the search field the `/` key focuses: the page's own search form, else the header's box. */
export const SEARCH_SHORTCUT_ATTRIBUTE = 'data-search-shortcut';

/** Whether a key press lands where `/` is typed as text (a field, a select, an editable region). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The `/` key focuses the search field, as in many catalogues and sites: the search form of the
 * page when it has one (it comes first in the main content), else the header's box. Typing `/` in
 * a field, or with a modifier, is left alone.
 */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isTypingTarget(event.target)) return;
      const fields = [...document.querySelectorAll<HTMLElement>(`[${SEARCH_SHORTCUT_ATTRIBUTE}]`)];
      // The page's own search form is more than the header's box: prefer a field inside <main>.
      const field = fields.find((element) => element.closest('main')) ?? fields[0];
      if (!field) return;
      event.preventDefault();
      field.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
