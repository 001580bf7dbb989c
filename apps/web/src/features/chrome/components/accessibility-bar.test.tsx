import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../../config/env';
import { buildSelfService } from '../../../testing/factories';
import { createConfiguredQueryClient, renderWithProviders } from '../../../testing/render';
import { getSelfServiceQueryOptions } from '../api/get-self-service';
import { VLIBRAS_SCRIPT_URL } from '../hooks/use-vlibras';
import { resetScripts } from '../../../lib/load-script';
import { AccessibilityBar } from './accessibility-bar';

const root = document.documentElement;
const vlibrasScripts = () => document.querySelectorAll(`script[src="${VLIBRAS_SCRIPT_URL}"]`);

async function openPanel() {
  const toggle = screen.getByRole('button', { name: 'Acessibilidade' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return screen.getByRole('group', { name: 'Opções de acessibilidade' });
}

afterEach(() => {
  root.style.fontSize = '';
  root.removeAttribute('data-estante-bold');
  root.removeAttribute('data-estante-colour');
  for (const script of vlibrasScripts()) script.remove();
  resetScripts();
});

describe('accessibility bar (SPEC "Page chrome")', () => {
  it('keeps its options in a panel the toggle opens and closes', async () => {
    renderWithProviders(<AccessibilityBar />);
    expect(screen.queryByRole('group', { name: 'Opções de acessibilidade' })).toBeNull();
    const panel = await openPanel();
    expect(within(panel).getByRole('combobox', { name: 'Zoom' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Acessibilidade' }));
    expect(screen.queryByRole('group', { name: 'Opções de acessibilidade' })).toBeNull();
  });

  it('offers zoom steps 0 to 100 by 20, enlarges the root text size and remembers the choice', async () => {
    const { unmount } = renderWithProviders(<AccessibilityBar />);
    const panel = await openPanel();
    const zoom = within(panel).getByRole('combobox', { name: 'Zoom' });
    const options = within(zoom)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);

    await userEvent.selectOptions(zoom, '100');
    expect(root.style.fontSize).toBe('200%');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.accessibility) ?? '{}')).toMatchObject({ zoom: 100 });

    // A later visit starts from the stored settings.
    unmount();
    root.style.fontSize = '';
    renderWithProviders(<AccessibilityBar />);
    await waitFor(() => expect(root.style.fontSize).toBe('200%'));
    const again = await openPanel();
    expect((within(again).getByRole('combobox', { name: 'Zoom' }) as HTMLSelectElement).value).toBe('100');
  });

  it('turns bold text on and off', async () => {
    renderWithProviders(<AccessibilityBar />);
    const panel = await openPanel();
    const bold = within(panel).getByRole('switch', { name: 'Texto em negrito' });
    await userEvent.click(bold);
    expect(root.hasAttribute('data-estante-bold')).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.accessibility) ?? '{}')).toMatchObject({
      negrito: true,
    });
    await userEvent.click(bold);
    expect(root.hasAttribute('data-estante-bold')).toBe(false);
  });

  it('switches between the four colour schemes', async () => {
    renderWithProviders(<AccessibilityBar />);
    const panel = await openPanel();
    const scheme = within(panel).getByRole('combobox', { name: 'Esquema de cores' });
    expect(
      within(scheme)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Normal', 'Cores invertidas', 'Escala de cinza (monocromático)', 'Alto contraste']);
    await userEvent.selectOptions(scheme, 'high-contrast');
    expect(root.getAttribute('data-estante-colour')).toBe('high-contrast');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.accessibility) ?? '{}')).toMatchObject({
      cor: 'high-contrast',
    });
    await userEvent.selectOptions(scheme, 'grayscale');
    expect(root.getAttribute('data-estante-colour')).toBe('grayscale');
    await userEvent.selectOptions(scheme, 'normal');
    expect(root.hasAttribute('data-estante-colour')).toBe(false);
  });

  it('follows the system colour scheme by default and lets the patron force dark mode', async () => {
    renderWithProviders(<AccessibilityBar />);
    const panel = await openPanel();
    const darkMode = within(panel).getByRole('combobox', { name: 'Modo escuro' }) as HTMLSelectElement;
    expect(darkMode.value).toBe('auto');
    await userEvent.selectOptions(darkMode, 'dark');
    await waitFor(() => expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark'));
    await userEvent.selectOptions(darkMode, 'auto');
  });

  it('loads the VLibras script only when sign language is turned on, and says so when it cannot load', async () => {
    renderWithProviders(<AccessibilityBar />);
    expect(vlibrasScripts()).toHaveLength(0);
    const panel = await openPanel();
    expect(vlibrasScripts()).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('switch', { name: 'Tradução para Libras (VLibras)' }));
    expect(vlibrasScripts()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Carregando o tradutor VLibras…');

    // Offline: the script fails to load.
    fireEvent.error(vlibrasScripts()[0] as HTMLScriptElement);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar o tradutor de Libras (VLibras)');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.accessibility) ?? '{}')).toMatchObject({
      libras: true,
    });
  });

  it('shows the self-service button only when the institution says so, hidden while the panel is open', async () => {
    const client = createConfiguredQueryClient();
    client.setQueryData(
      getSelfServiceQueryOptions().queryKey,
      buildSelfService({ showAuto: true, codBibAuto: 3, authAuto: true, idiomaAuto: 'es' }),
    );
    renderWithProviders(<AccessibilityBar />, { queryClient: client });
    await userEvent.click(screen.getByRole('button', { name: 'Autoatendimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminal de autoatendimento' });
    expect(dialog.textContent).toContain('ponto de autoatendimento da biblioteca de código 3');
    expect(dialog.textContent).toContain('é preciso entrar com sua conta');
    expect(dialog.textContent).toContain('Idioma do terminal: Español');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openPanel();
    expect(screen.queryByRole('button', { name: 'Autoatendimento' })).toBeNull();
  });

  it('has no self-service button when the institution does not offer it', () => {
    renderWithProviders(<AccessibilityBar />);
    expect(screen.queryByRole('button', { name: 'Autoatendimento' })).toBeNull();
  });
});
