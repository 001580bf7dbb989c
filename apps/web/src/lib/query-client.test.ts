import { describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, forgetPatronData } from './query-client';

const PATRON = { meta: { patron: true }, staleTime: Infinity } as const;

describe('forgetPatronData', () => {
  it("drops the patron's queries and mutations and keeps the catalogue's", async () => {
    const client = createQueryClient(() => undefined);
    await client.prefetchQuery({ queryKey: ['titles', 11], queryFn: () => 'Dom Casmurro' });
    await client.prefetchQuery({ queryKey: ['circulation', 'loan-token'], queryFn: () => 'A1B2', ...PATRON });
    await client.prefetchQuery({ queryKey: ['circulation', 'debts'], queryFn: () => ['fine 7'], ...PATRON });
    // A screen still shows the debts.
    const shown = new QueryObserver(client, {
      queryKey: ['circulation', 'debts'],
      enabled: false,
      ...PATRON,
    });
    const stop = shown.subscribe(() => undefined);
    expect(shown.getCurrentResult().data).toEqual(['fine 7']);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve('renewed') })
      .execute(undefined);

    forgetPatronData(client);

    expect(client.getQueryData(['titles', 11])).toBe('Dom Casmurro');
    expect(client.getQueryCache().find({ queryKey: ['circulation', 'loan-token'] })).toBeUndefined();
    expect(client.getQueryData(['circulation', 'debts'])).toBeUndefined();
    expect(shown.getCurrentResult().data).toBeUndefined();
    expect(client.getMutationCache().getAll()).toEqual([]);
    stop();
  });
});

describe('failed calls', () => {
  it('toast a failed mutation once, unless its screen shows the failure in place', async () => {
    const toasted: unknown[] = [];
    const client = createQueryClient((error) => toasted.push(error));
    const failing = () => Promise.reject(new Error('refused'));
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing })
      .execute(undefined)
      .catch(() => undefined);
    expect(toasted).toHaveLength(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing, meta: { handledInPlace: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(toasted).toHaveLength(1);
  });
});
