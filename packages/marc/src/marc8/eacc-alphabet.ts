/** Digits of the EACC run encoding in tables.ts: 64 symbols that need no escaping in a string literal. */
export const EACC_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
