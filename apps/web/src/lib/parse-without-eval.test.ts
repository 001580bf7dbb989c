import { expect, it, vi } from 'vitest';

it('makes zod parse without eval, although zod loads after it (with the first calls)', async () => {
  vi.resetModules();
  await import('./parse-without-eval');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  // An object schema built now parses without compiling a parser with `new Function`.
  const functionSpy = vi.spyOn(globalThis, 'Function');
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  expect(functionSpy).not.toHaveBeenCalled();
});
