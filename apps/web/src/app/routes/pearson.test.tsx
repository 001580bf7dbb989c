import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from '../router';
import { renderRoutes, loadLazyRoutes } from '../../testing/render';
import { paths } from '../../config/paths';
import { stashPublisherForm } from '../../features/record/utils/publisher-form';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

describe('/pearson: restricted publisher content in a new tab', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("posts the publisher's signed form, once", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const key = stashPublisherForm('pearson', {
      endereco: 'https://publisher.example/login-integrado',
      campos: { login: 'ana', recurso: 'https://publisher.example/livro/1', assinatura: 'abc123' },
    });
    const { container } = renderRoutes(routes, { route: paths.pearson.getHref(key) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abrindo o conteúdo da editora' }),
    ).toBeTruthy();
    // The page's own form, not the header's search box.
    const form = container.querySelector<HTMLFormElement>('form[method="post"]')!;
    expect(form.getAttribute('action')).toBe('https://publisher.example/login-integrado');
    expect(form.getAttribute('method')).toBe('post');
    const fields = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]),
    );
    expect(fields).toEqual({
      login: 'ana',
      recurso: 'https://publisher.example/livro/1',
      assinatura: 'abc123',
    });
    expect(submit).toHaveBeenCalledTimes(1);
    // A reload finds nothing to post again.
    expect(localStorage.length).toBe(0);
  });

  it('refuses a stale form or one that would post somewhere other than a web address', async () => {
    const stale = stashPublisherForm(
      'pearson',
      { endereco: 'https://publisher.example/', campos: {} },
      Date.now() - 10 * 60_000,
    );
    renderRoutes(routes, { route: paths.pearson.getHref(stale) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conteúdo da editora' })).toBeTruthy();
  });

  it('refuses a form whose address is not http(s)', async () => {
    const key = stashPublisherForm('pearson', { endereco: 'javascript:alert(1)', campos: {} });
    renderRoutes(routes, { route: paths.pearson.getHref(key) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conteúdo da editora' })).toBeTruthy();
  });
});
