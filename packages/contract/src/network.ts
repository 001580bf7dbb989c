/** The search tab (SPEC §2) that searches the library network's records instead of the local catalogue. */
export const NETWORK_TAB = 'rede-oai';
