import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityPermission, Institution } from '@estante/contract';
import { buildInstitution } from '../../../testing/factories';
import {
  createConfiguredQueryClient,
  fetchWith,
  jsonResponse,
  renderWithProviders,
} from '../../../testing/render';
import { getFunctionalitiesQueryOptions } from '../api/get-functionalities';
import { getInstitutionQueryOptions } from '../api/get-institution';
import { Footer } from './footer';

declare global {
  interface Window {
    __supportPwned?: boolean;
  }
}

const ALL_ACTIVITIES: ActivityPermission[] = [
  { cod_atividade: 12, descricao: 'Sugestão de aquisição' },
  { cod_atividade: 13, descricao: 'Comentários' },
  { cod_atividade: 88, descricao: 'Logotipo' },
];

function renderFooter({
  activities = ALL_ACTIVITIES,
  institution = {},
  route = '/',
  isSignedIn = false,
  onSignInRequest,
}: {
  activities?: ActivityPermission[];
  institution?: Partial<Institution>;
  route?: string;
  isSignedIn?: boolean;
  onSignInRequest?: (resume: () => void) => void;
} = {}) {
  const client = createConfiguredQueryClient();
  client.setQueryData(getFunctionalitiesQueryOptions().queryKey, activities);
  client.setQueryData(getInstitutionQueryOptions().queryKey, buildInstitution(institution));
  const footer = onSignInRequest ? (
    <Footer year={2031} isSignedIn={isSignedIn} onSignInRequest={onSignInRequest} />
  ) : (
    <Footer year={2031} isSignedIn={isSignedIn} />
  );
  return renderWithProviders(footer, {
    queryClient: client,
    route,
    path: '*',
  });
}

afterEach(() => {
  delete window.__supportPwned;
});

describe('footer (SPEC "Page chrome")', () => {
  it('offers comments (13), suggestion (12) and the product logo (88) when the activities are on', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Links do rodapé' });
    expect(within(nav).getByRole('button', { name: 'Enviar comentário' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Sugerir aquisição' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Estante — catálogo de bibliotecas de código aberto' }),
    ).toBeTruthy();
  });

  it('leaves out what the institution has not turned on', () => {
    renderFooter({ activities: [] });
    expect(screen.queryByRole('navigation', { name: 'Links do rodapé' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar comentário' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the copyright year and the minimum browser versions', () => {
    renderFooter();
    expect(
      screen.getByText('© 2031 Biblioteca Pública Estadual. Todos os direitos reservados.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Navegadores recomendados: Chrome 110 ou superior, Firefox 110.0.1 ou superior, Safari 16 ou superior.',
      ),
    ).toBeTruthy();
  });

  it('opens the comments pop-up titled with the activity and asks a visitor to sign in, coming back here', async () => {
    renderFooter({ route: '/acervo/12?x=1' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comentários' });
    expect(dialog.textContent).toContain(
      'Para enviar comentários ou sugestões é preciso entrar com sua conta.',
    );
    expect(within(dialog).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(
      '/login?redirect=%2Facervo%2F12%3Fx%3D1',
    );
  });

  it('signs a visitor in without leaving the page, then reopens the same pop-up', async () => {
    let resume: (() => void) | undefined;
    const onSignInRequest = vi.fn((then: () => void) => {
      resume = then;
    });
    renderFooter({ onSignInRequest });
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir aquisição' }));
    const prompt = await screen.findByRole('dialog', { name: 'Sugestão de aquisição' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Entrar' }));
    expect(onSignInRequest).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The login modal calls back once the patron is signed in: the suggestion pop-up is back.
    act(() => resume?.());
    expect(await screen.findByRole('dialog', { name: 'Sugestão de aquisição' })).toBeTruthy();
  });

  it('titles the suggestion pop-up with its activity description', async () => {
    renderFooter();
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir aquisição' }));
    expect(await screen.findByRole('dialog', { name: 'Sugestão de aquisição' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links to the data-protection page only when an http(s) address is configured', () => {
    const { unmount } = renderFooter({ institution: { link_lgpd: 'https://biblioteca.example/lgpd' } });
    const link = screen.getByRole('link', { name: /Proteção de dados pessoais \(LGPD\)/ });
    expect(link.getAttribute('href')).toBe('https://biblioteca.example/lgpd');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('(abre em nova aba)');
    unmount();

    renderFooter({ institution: { link_lgpd: 'javascript:alert(1)' } });
    expect(screen.queryByRole('link', { name: /LGPD/ })).toBeNull();
  });

  it('links to the external site (57) and the network catalogue (87) in a new tab, with the institution text or ours', () => {
    renderFooter({
      activities: [
        ...ALL_ACTIVITIES,
        { cod_atividade: 57, descricao: 'Link externo' },
        { cod_atividade: 87, descricao: 'Catálogo da rede' },
      ],
      institution: {
        link_externo: 'https://portal.biblioteca.example/',
        desc_link_externo: 'Portal da BPE',
        link_catalogo_rede: 'https://rede.biblioteca.example/catalogo',
      },
    });
    const nav = screen.getByRole('navigation', { name: 'Links do rodapé' });
    const external = within(nav).getByRole('link', { name: /^Portal da BPE/ });
    const network = within(nav).getByRole('link', { name: /^Catálogo da rede de bibliotecas/ });
    expect(external.getAttribute('href')).toBe('https://portal.biblioteca.example/');
    expect(network.getAttribute('href')).toBe('https://rede.biblioteca.example/catalogo');
    for (const link of [external, network]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.textContent).toContain('(abre em nova aba)');
    }
  });

  it('leaves out the external and network links when their activity is off or their address is unset or unsafe', () => {
    const addresses = {
      link_externo: 'https://portal.biblioteca.example/',
      link_catalogo_rede: 'https://rede.biblioteca.example/catalogo',
    };
    // Addresses set, activities off.
    const { unmount } = renderFooter({ institution: addresses });
    expect(screen.queryByRole('link', { name: /Site da instituição/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Catálogo da rede/ })).toBeNull();
    unmount();

    // Activities on, one address unset and the other not a web address.
    renderFooter({
      activities: [
        { cod_atividade: 57, descricao: 'Link externo' },
        { cod_atividade: 87, descricao: 'Catálogo da rede' },
      ],
      institution: { link_externo: null, link_catalogo_rede: 'javascript:alert(1)' },
    });
    expect(screen.queryByRole('navigation', { name: 'Links do rodapé' })).toBeNull();
    expect(document.querySelector('footer a[target="_blank"]')).toBeNull();
  });

  it('has no support button without a support message', () => {
    renderFooter({ institution: { msg_suporte_consulta: null } });
    expect(screen.queryByRole('button', { name: 'Suporte' })).toBeNull();
  });

  it('shows the support message sanitised: no script runs and no event handler survives', async () => {
    renderFooter({
      institution: {
        msg_suporte_consulta:
          '<p>Fale com a <strong>biblioteca</strong>: <a href="mailto:ajuda@biblioteca.example">e-mail</a></p>' +
          '<script>window.__supportPwned = true</script>' +
          '<img src="x" onerror="window.__supportPwned = true">' +
          '<a href="javascript:window.__supportPwned = true">clique</a>',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Suporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suporte ao usuário' });
    // The message and DOMPurify load with the pop-up (their own chunk).
    const email = await within(dialog).findByRole('link', { name: 'e-mail' });
    expect(dialog.textContent).toContain('Fale com a biblioteca');
    expect(email.getAttribute('href')).toBe('mailto:ajuda@biblioteca.example');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(dialog.querySelector('a[href^="javascript:"]')).toBeNull();
    // Give an image error handler a chance to run, had it survived.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.__supportPwned).toBeUndefined();
  });

  it('links to the institution pages: general information, opening hours, FAQ, events and calendar', () => {
    renderFooter({ activities: [] });
    const nav = screen.getByRole('navigation', { name: 'A biblioteca' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Informações gerais', '/instituicao/informacoes-gerais'],
      ['Horários de atendimento', '/instituicao/horarios'],
      ['Perguntas frequentes', '/instituicao/perguntas-frequentes'],
      ['Eventos', '/instituicao/eventos'],
      ['Calendário de eventos', '/instituicao/calendario'],
    ]);
  });

  it('gives a signed-in patron the comment and suggestion forms instead of the login prompt', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchWith(() => jsonResponse([]))));
    renderFooter({ isSignedIn: true });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    const comments = await screen.findByRole('dialog', { name: 'Comentários' });
    // Each form loads when its pop-up first opens (its own chunk).
    expect(await within(comments).findByRole('textbox', { name: /Comentário/ })).toBeTruthy();
    expect(within(comments).queryByRole('link', { name: 'Entrar' })).toBeNull();
    await userEvent.click(within(comments).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir aquisição' }));
    const suggestion = await screen.findByRole('dialog', { name: 'Sugestão de aquisição' });
    expect(await within(suggestion).findByRole('textbox', { name: /^Título/ })).toBeTruthy();
  });
});
