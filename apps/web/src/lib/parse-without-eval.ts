// Imported first by main.tsx, before any schema is built: zod compiles its object parsers with
// `new Function` when it can, and probes for that with `Function('')` as each object schema is
// built. The server's Content-Security-Policy allows no eval (decision 0036), so the browser would
// report a violation; jitless, zod parses without eval and never probes.
//
// zod itself is not imported here: the schemas load with the first calls, not with the page
// (decision 0069). zod keeps its settings in `globalThis.__zod_globalConfig` and takes an object
// already there as its own (zod/v4/core/core.js), so `jitless` is set before zod arrives; a web
// test checks that zod built afterwards reads it.

interface ZodGlobal {
  __zod_globalConfig?: Record<string, unknown>;
}

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
export {};
