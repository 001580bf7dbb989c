// Imported first by main.tsx, before any schema is built: zod compiles its object parsers with
// `new Function` when it can, and probes for that with `Function('')` as each object schema is
// built. The server's Content-Security-Policy allows no eval (decision 0036), so the browser would
// report a violation; jitless, zod parses without eval and never probes.
import { z } from 'zod';

z.config({ jitless: true });
