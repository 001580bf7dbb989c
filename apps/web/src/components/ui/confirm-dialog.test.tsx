import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { useConfirm, type ConfirmOptions } from './confirm-dialog';

/** A page that asks for a confirmation and prints the answer. */
function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void confirm(options).then((ok) => setAnswer(String(ok)))}>
        ask
      </button>
      <output>{answer}</output>
    </>
  );
}

async function ask(options: ConfirmOptions = { content: 'Remover o item da cesta?' }) {
  renderWithProviders(<Asker options={options} />);
  await userEvent.click(screen.getByRole('button', { name: 'ask' }));
  return screen.findByRole('dialog');
}

const answer = () => screen.getByRole('status').textContent;

describe('confirm dialog (SPEC §2)', () => {
  it('is titled "Confirmação" by default and answers true on confirm', async () => {
    const dialog = await ask();
    expect(within(dialog).getByRole('heading', { name: 'Confirmação' })).toBeTruthy();
    expect(dialog.textContent).toContain('Remover o item da cesta?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(answer()).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('answers false on cancel', async () => {
    const dialog = await ask();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(answer()).toBe('false'));
  });

  it('counts closing with Escape or the close button as cancel', async () => {
    await ask();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(answer()).toBe('false'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(answer()).toBe('false'));
  });

  it('takes its own title and button labels', async () => {
    const dialog = await ask({
      title: 'Cancelar reserva',
      content: 'A reserva será cancelada.',
      confirmLabel: 'Sim, cancelar',
      cancelLabel: 'Manter',
    });
    expect(within(dialog).getByRole('heading', { name: 'Cancelar reserva' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Manter' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));
    await waitFor(() => expect(answer()).toBe('true'));
  });
});
