// Types for the parts of @citation-js/core and @citation-js/plugin-csl 0.8 (untyped) that packages/marc uses.
declare module '@citation-js/core' {
  /** A name register of citation-js (`styles`, `locales`). */
  export interface CitationRegister {
    add(name: string, value: string): void;
    has(name: string): boolean;
  }

  export const plugins: {
    config: {
      get(plugin: '@csl'): { styles: CitationRegister; locales: CitationRegister };
    };
    output: {
      /** With `asEntryArray`, one [id, entry] pair per item in bibliography order. */
      format(
        name: 'bibliography',
        data: object[],
        options: { template: string; lang?: string; format: 'text' | 'html'; asEntryArray: true },
      ): [string, string][];
    };
  };
}

declare module '@citation-js/plugin-csl';
