import {
  type HomeSectionKey,
  languageCode,
  languageFromCode,
  PAGE_CONFIGURATION_ELEMENT_ID,
  type PageConfiguration,
} from '@estante/contract';

let configuration: PageConfiguration | null | undefined;
let tokenTaken = false;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed value has the configuration's shape (its parts are the API's own answers). */
function isPageConfiguration(value: unknown): value is PageConfiguration {
  return (
    isObject(value) &&
    typeof value['language'] === 'string' &&
    isObject(value['token']) &&
    typeof value['token']['access_token'] === 'string' &&
    typeof value['token']['expires_in'] === 'number' &&
    isObject(value['institution']) &&
    Array.isArray(value['functionalities']) &&
    Array.isArray(value['searchTabs']) &&
    isObject(value['selfService'])
  );
}

/**
 * The public configuration the server wrote into the page (issue 18, decision 0076), read once;
 * null when the page has none (the dev server, a page saved to disk) or it does not parse, and the
 * app then asks for each part itself, as it always could.
 */
export function pageConfiguration(): PageConfiguration | null {
  if (configuration !== undefined) return configuration;
  configuration = null;
  const element =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_CONFIGURATION_ELEMENT_ID);
  try {
    const value: unknown = JSON.parse(element?.textContent ?? 'null');
    if (isPageConfiguration(value)) configuration = value;
  } catch {
    // Not JSON: the calls are made instead.
  }
  return configuration;
}

/** The page's functionalities when they were described in `language`, the app's language; else undefined. */
export function pageFunctionalities(language: string): PageConfiguration['functionalities'] | undefined {
  const page = pageConfiguration();
  return page && page.language === languageFromCode(languageCode(language))
    ? page.functionalities
    : undefined;
}

/**
 * The home page's section `key` as the page carries it, when the page was written in `language`,
 * the app's language; else undefined. Unchecked: the caller checks it as it checks the call's answer.
 */
export function pageHomeSection(key: HomeSectionKey, language: string): unknown {
  const page = pageConfiguration();
  if (!page || page.language !== languageFromCode(languageCode(language))) return undefined;
  const sections: unknown = page.homeSections;
  return isObject(sections) ? sections[key] : undefined;
}

/** The default cover's answer as the page carries it; unchecked, as pageHomeSection. */
export function pageDefaultImage(): unknown {
  return pageConfiguration()?.defaultImage;
}

/** The page's public token, the first time only (later tokens are the API client's own). */
export function takePageToken(): PageConfiguration['token'] | null {
  if (tokenTaken) return null;
  tokenTaken = true;
  return pageConfiguration()?.token ?? null;
}

/** Forgets what was read and taken, so the page is read again (tests change the page). */
export function resetPageConfiguration(): void {
  configuration = undefined;
  tokenTaken = false;
}
