import { describe, expect, it } from 'vitest';
import { buildLoginUsername, parseLoginUsername } from './auth.ts';
import { ChangePasswordRequestSchema } from './schemas/auth.ts';

describe('the username of the password grant (SPEC §7)', () => {
  it('carries a person or category code and reads back', () => {
    expect(buildLoginUsername('ana')).toBe('ana');
    const person = buildLoginUsername('familia@example.org', { person: 42 });
    expect(parseLoginUsername(person)).toEqual({ username: 'familia@example.org', person: 42 });
    const category = buildLoginUsername('2024001', { category: 'MembroComun' });
    expect(parseLoginUsername(category)).toEqual({ username: '2024001', category: 'MembroComun' });
  });

  it('takes a username without a well-formed suffix as it is', () => {
    expect(parseLoginUsername('ana')).toEqual({ username: 'ana' });
    expect(parseLoginUsername('a|b')).toEqual({ username: 'a|b' });
    expect(parseLoginUsername('a|pessoa:x')).toEqual({ username: 'a|pessoa:x' });
  });
});

describe('password change body (SPEC §5)', () => {
  it('trims the new password', () => {
    expect(ChangePasswordRequestSchema.parse({ senhaAtual: ' a ', senhaNova: '  nova  ' })).toEqual({
      senhaAtual: ' a ',
      senhaNova: 'nova',
    });
  });
});
