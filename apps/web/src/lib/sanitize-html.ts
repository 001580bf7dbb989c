import DOMPurify from 'dompurify';

/**
 * Institution-provided HTML (support message, pages, FAQ answers, events) made safe to insert: DOMPurify drops scripts, event
 * handler attributes and `javascript:` URLs; links that open a new tab get `rel="noopener noreferrer"`.
 */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a[target]')) {
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}

// Kept apart (lib/web-address.ts) so that the page chrome can check a link without DOMPurify.
export { isWebAddress } from './web-address';
