// Types for the parts of @citation-js/core and its csl, ris and bibtex plugins 0.8 (untyped) that we use.
declare module '@citation-js/core' {
  /** A name register of citation-js (`styles`, `locales`). */
  export interface CitationRegister {
    add(name: string, value: string): void;
    has(name: string): boolean;
  }

  export const plugins: {
    config: {
      get(plugin: '@csl'): { styles: CitationRegister; locales: CitationRegister };
      /** `format.asciiOnly`: LaTeX commands for accents, and every other non-ASCII character dropped. */
      get(plugin: '@bibtex'): { format: { asciiOnly: boolean } };
    };
    output: {
      /** With `asEntryArray`, one [id, entry] pair per item in bibliography order. */
      format(
        name: 'bibliography',
        data: object[],
        options: { template: string; lang?: string; format: 'text' | 'html'; asEntryArray: true },
      ): [string, string][];
      /** RIS (@citation-js/plugin-ris) or BibTeX (@citation-js/plugin-bibtex) text of the items. */
      format(name: 'ris' | 'bibtex', data: object[]): string;
      /** The entries as citation-js maps them, before they are written as text. */
      format(name: 'ris' | 'bibtex', data: object[], options: { format: 'object' }): object[];
    };
  };

  /** Reads citation data (RIS, BibTeX, CSL-JSON…) into CSL-JSON items. */
  export class Cite {
    constructor(data: string);
    static async(data: string): Promise<Cite>;
    data: Record<string, unknown>[];
  }
}

declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-bibtex';

declare module '@citation-js/plugin-csl';
