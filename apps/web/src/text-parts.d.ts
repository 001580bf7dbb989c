/** One part of a language's texts (src/lib/text-parts.ts; split by the build's texts-split.ts). */
declare module '*.json?part=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
